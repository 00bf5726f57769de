import { ORDER_PAGES, type TBasket } from '@kavel/core';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../app/error-message.ts';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { basketApi } from '../basket/basket-api.ts';
import { useCatalogue } from '../domain-search/use-catalogue.ts';
import { useProductT } from './product-texts.ts';
import { readTypedDomain } from './typed-domain.ts';
import { useDomainField } from './use-domain-field.ts';
import './product-pages.css';

export interface HostingPackageChoice {
  productId: number;
  productCode: string;
}

const PACKAGE = 'LINUX_PACKAGE';

/**
 * Puts a domain (registered when free, a transfer when taken: the server decides) with the chosen
 * package under it in the order page's basket, where a domain and its hosting are ordered
 * together (spec 000 section 2: hosting needs a domain). A package already under it is replaced.
 */
async function putInOrderBasket(domain: string, extension: HostingPackageChoice, hosting: HostingPackageChoice): Promise<void> {
  const current = await basketApi.get();
  const itemOf = (basket: TBasket) => basket.items.find((item) => item.title.toLowerCase() === domain && item.domainKind !== null);
  const item = itemOf(current) ?? itemOf(await basketApi.addItem({ productId: extension.productId, productCode: extension.productCode, title: domain }));
  if (!item) throw new Error(`${domain} is not in the basket after adding it`);
  const packages = item.connectedItem.filter((child) => child.productType === PACKAGE);
  if (packages.some((child) => child.productId === hosting.productId)) return;
  for (const child of packages) await basketApi.removeItem({ unique: child.unique });
  await basketApi.addItem({ productId: hosting.productId, productCode: hosting.productCode, parentId: item.unique });
}

/**
 * 'Which domain is the package for?', the new name or the transfer: hosting needs a domain, so a
 * package for a name the customer does not have with us yet goes to the order page with that
 * domain (step 2, where the package is shown under it), never to a summary that cannot order it.
 */
export function HostingDomainForm({ hosting, onLeave }: { hosting: HostingPackageChoice; onLeave?: () => void }) {
  const t = useProductT();
  const shopT = useT();
  const locale = useLocale();
  const catalogue = useCatalogue();
  const { input, setProblem, props: domainField } = useDomainField();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    // Still loading (a fast click): wait for it rather than ignore the click.
    const extensions = catalogue.data?.extensions ?? (await catalogue.refetch()).data?.extensions;
    if (!extensions) {
      setBusy(false);
      return setProblem(shopT('error.generic'));
    }
    const typed = readTypedDomain(input, extensions, locale, t);
    if ('problem' in typed) {
      setBusy(false);
      return setProblem(typed.problem);
    }
    setProblem(null);
    try {
      await putInOrderBasket(typed.domain, typed.product, hosting);
      onLeave?.();
      // A page load: the order page reads the basket afresh and opens at the services step.
      window.location.assign(`${ORDER_PAGES.shop}#step-2`);
    } catch (error) {
      setBusy(false);
      setProblem(errorMessage(error, shopT));
    }
  };

  return (
    <form className="hosting-domain-form" onSubmit={(event) => void submit(event)} noValidate data-testid="hosting-domain-form">
      <Field label={t('hosting.domainField')} hint={t('hosting.domainHelp')} {...domainField} />
      {catalogue.isError && <Alert tone="danger">{errorMessage(catalogue.error, shopT)}</Alert>}
      <Button type="submit" busy={busy}>
        {t('hosting.continue')}
      </Button>
    </form>
  );
}
