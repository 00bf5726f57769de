import { cleanDomainInput, domainLabelRefusal, parseFullDomain, type Locale, type TDomainExtensionProduct } from '@kavel/core';
import type { ProductTranslate } from './product-texts.ts';

export type TypedDomain = { domain: string; label: string; product: TDomainExtensionProduct } | { problem: string };

/**
 * A domain name as a visitor typed it, checked: the name's rule first (the order page's words),
 * then an extension the shop does not sell. Read by `/domeinnaam` and by the hosting page's and
 * the order app's 'which domain' form.
 */
export function readTypedDomain(input: string, extensions: readonly TDomainExtensionProduct[], locale: Locale, t: ProductTranslate): TypedDomain {
  const cleaned = cleanDomainInput(input);
  const parsed = parseFullDomain(cleaned, extensions.map((e) => e.extension));
  const reason = domainLabelRefusal(locale, cleaned.split('.')[0] ?? '');
  if (reason) return { problem: `${t('domain.invalid')} ${reason}` };
  const product = parsed && extensions.find((e) => e.extension === parsed.extension);
  if (!parsed || !product) return { problem: cleaned.includes('.') ? t('domain.unknownExtension') : t('domain.invalid') };
  return { domain: `${parsed.label}.${parsed.extension}`, label: parsed.label, product };
}
