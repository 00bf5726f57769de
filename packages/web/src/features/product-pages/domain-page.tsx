import { AVAILABILITY_EVENT, AVAILABILITY_STREAM_TTL_MS, ZAvailabilityEvent } from '@kavel/core';
import { shopContracts } from '@kavel/core/contracts/shop';
import { useState, type FormEvent } from 'react';
import { urlOf } from '../../api/client.ts';
import { openEventStream } from '../../api/event-stream.ts';
import { useEuro, useLocale } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { LoadFailure } from '../account-area/account-list.tsx';
import { useCatalogue } from '../domain-search/use-catalogue.ts';
import { orderProduct } from './local-basket.ts';
import { ProductPageLayout } from './product-layout.tsx';
import { useProductT } from './product-texts.ts';
import { readTypedDomain } from './typed-domain.ts';
import { useDomainField } from './use-domain-field.ts';

type Availability = 'free' | 'taken' | 'invalid' | 'unknown';

/**
 * Whether one domain is free, from the availability stream. Taken or in quarantine counts as
 * taken (ordered as a transfer); no answer (a captcha asked for, an error) is unknown, and the
 * order app's conversion decides.
 */
function checkAvailability(label: string, extension: string): Promise<Availability> {
  return new Promise((resolve) => {
    let timer = 0;
    const done = (answer: Availability) => {
      window.clearTimeout(timer);
      stream.close();
      resolve(answer);
    };
    const stream = openEventStream(
      urlOf(shopContracts.checkDomainExtensions, { query: { domain: label, 'extensions[]': [extension] } }),
      {
        [AVAILABILITY_EVENT]: (data) => {
          const event = ZAvailabilityEvent.safeParse(data);
          if (!event.success) return;
          const status = event.data.status;
          done(status === 'free' ? 'free' : status === 'active' || status === 'quarantine' ? 'taken' : status === 'invalid' ? 'invalid' : 'unknown');
        },
      },
      () => done('unknown'),
    );
    timer = window.setTimeout(() => done('unknown'), AVAILABILITY_STREAM_TTL_MS);
  });
}

/** `/domeinnaam`: one domain name to register, or to transfer when it is taken, and the prices per extension. */
export function DomainPage() {
  const t = useProductT();
  const euro = useEuro();
  const locale = useLocale();
  const catalogue = useCatalogue();
  const { input, setProblem, props: domainField } = useDomainField();
  const [checking, setChecking] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!catalogue.data) return;
    const typed = readTypedDomain(input, catalogue.data.extensions, locale, t);
    if ('problem' in typed) return setProblem(typed.problem);
    const { domain, product } = typed;
    setProblem(null);
    setChecking(domain);
    const availability = await checkAvailability(typed.label, product.extension);
    setChecking(null);
    if (availability === 'invalid') return setProblem(t('domain.invalid'));
    orderProduct({ type: 'domain', productId: product.productId, productCode: product.productCode, domain, transfer: availability === 'taken' });
  };

  return (
    <ProductPageLayout title={t('domain.title')} intro={t('domain.intro')} testId="domain-page">
      <form className="product-page__search" onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('domain.field')} {...domainField} />
        <Button type="submit" busy={checking !== null} disabled={!catalogue.data}>
          {t('domain.check')}
        </Button>
        {checking && (
          <p className="muted" role="status">
            {t('domain.checking', { domain: checking })}
          </p>
        )}
      </form>
      <section className="product-page__section" aria-labelledby="domain-prices-heading">
        <h2 id="domain-prices-heading">{t('domain.prices')}</h2>
        {catalogue.isPending ? (
          <Spinner label={t('domain.prices')} />
        ) : catalogue.isError ? (
          <LoadFailure error={catalogue.error} onRetry={() => void catalogue.refetch()} />
        ) : (
          <div className="product-table-wrap">
            <table className="product-table" data-testid="domain-prices">
              <thead>
                <tr>
                  <th scope="col">{t('domain.extension')}</th>
                  <th scope="col">{t('domain.register')}</th>
                  <th scope="col">{t('domain.renewal')}</th>
                  <th scope="col">{t('domain.transfer')}</th>
                </tr>
              </thead>
              <tbody>
                {catalogue.data.extensions.map((extension) => (
                  <tr key={extension.productId} data-extension={extension.extension}>
                    <th scope="row">{extension.productName}</th>
                    {/* Each price names its column, for the rows a phone stacks (product-pages.css). */}
                    <td data-label={t('domain.register')}>
                      {euro(extension.discountedPrice)} {t('perYear')}
                    </td>
                    <td data-label={t('domain.renewal')}>
                      {euro(extension.originalPrice)} {t('perYear')}
                    </td>
                    <td data-label={t('domain.transfer')}>
                      {euro(extension.transferPrice)} {t('perYear')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </ProductPageLayout>
  );
}
