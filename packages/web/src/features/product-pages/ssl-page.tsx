import { accentedLetters, cleanDomainInput, domainProblemText, type TCloudflarePlan, type TSslProduct } from '@kavel/core';
import { useState } from 'react';
import { useEuro } from '../../i18n/use-t.ts';
import { locale } from '../../i18n/locale.ts';
import { Field } from '../../ui/field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { LoadFailure } from '../account-area/account-list.tsx';
import { orderProduct } from './local-basket.ts';
import { ProductCard, ProductPageLayout } from './product-layout.tsx';
import { useProductT } from './product-texts.ts';
import { useOrderProducts } from './products-api.ts';

/** A warranty in whole euros: '€ 50.000'. */
const wholeEuros = new Intl.NumberFormat(locale === 'nl' ? 'nl-NL' : 'en-GB', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });

/** `/website/ssl-certificaat`: the certificates for a domain name the visitor types, and the Cloudflare plans. */
export function SslPage() {
  const t = useProductT();
  const euro = useEuro();
  const products = useOrderProducts();
  const [commonName, setCommonName] = useState('');
  const [missing, setMissing] = useState(false);
  const domain = cleanDomainInput(commonName);
  // Accented letters stay in the name (they are not dropped): until IDN they are said to be unsupported.
  const accented = accentedLetters(domain).length > 0 ? domainProblemText(locale, 'accented-letter', domain) : null;

  const orderCertificate = (product: TSslProduct) => {
    if (domain.length < 3 || !domain.includes('.') || accented) {
      setMissing(true);
      document.getElementById('ssl-common-name')?.querySelector('input')?.focus();
      return;
    }
    const item = { productId: product.productId, productCode: product.productCode, commonName: domain };
    orderProduct(product.type === 'sslmultidomains' ? { ...item, type: 'sslmultidomains', assignedDomains: [] } : { ...item, type: 'ssl' });
  };
  const orderPlan = (plan: TCloudflarePlan) => orderProduct({ type: 'cloudflare', productId: plan.productId, productCode: plan.productCode });

  const certificateFeatures = (product: TSslProduct) => [
    t(`ssl.validation.${product.validation}`),
    t('ssl.insured', { amount: wholeEuros.format(product.insuredValue) }),
    product.wildcard ? t('ssl.wildcard', { domain: domain || 'domein.nl' }) : product.includedNames > 1 ? t('ssl.names', { count: product.includedNames, price: euro(product.extraNamePrice ?? 0) }) : t('ssl.single'),
  ];

  return (
    <ProductPageLayout title={t('ssl.title')} intro={t('ssl.intro')} testId="ssl-page">
      <div id="ssl-common-name" className="product-page__field">
        <Field
          label={t('ssl.commonName')}
          placeholder={t('ssl.commonNamePlaceholder')}
          value={commonName}
          autoComplete="off"
          spellCheck={false}
          error={accented ?? (missing && domain.length < 3 ? t('ssl.commonNameMissing') : null)}
          onChange={(event) => {
            setCommonName(event.target.value);
            setMissing(false);
          }}
        />
      </div>
      {products.isPending ? (
        <Spinner label={t('ssl.title')} />
      ) : products.isError ? (
        <LoadFailure error={products.error} onRetry={() => void products.refetch()} />
      ) : (
        <>
          <ul className="product-grid" aria-label={t('ssl.title')}>
            {products.data.ssl.map((product) => (
              <ProductCard key={product.productId} name={product.productName} code={product.productCode} cents={product.price} perYear features={certificateFeatures(product)} onOrder={() => orderCertificate(product)} />
            ))}
          </ul>
          <section className="product-page__section" aria-labelledby="cloudflare-heading">
            <h2 id="cloudflare-heading">{t('cloudflare.title')}</h2>
            <p>{t('cloudflare.intro')}</p>
            <ul className="product-grid">
              {products.data.cloudflare.map((plan) => (
                <ProductCard
                  key={plan.productId}
                  name={plan.productName}
                  code={plan.productCode}
                  cents={plan.price}
                  features={plan.features.map((feature) => t(`cloudflare.feature.${feature}` as Parameters<typeof t>[0]))}
                  headingLevel={3}
                  onOrder={() => orderPlan(plan)}
                />
              ))}
            </ul>
          </section>
        </>
      )}
    </ProductPageLayout>
  );
}
