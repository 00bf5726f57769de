import { type TOrderBasketItem, PAGES } from '@kavel/core';
import { orderContracts } from '@kavel/core/contracts/orders';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import { useEuro, usePeriodText } from '../i18n/use-t.ts';
import { Alert } from '../ui/alert.tsx';
import { Field } from '../ui/field.tsx';
import { SelectField } from '../ui/select-field.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { useOrderAppT } from './use-order-app-t.ts';

/** What the summary asks of an item before it can be ordered (spec 001 section 2). */
export interface ItemChoices {
  token: string;
  transferDnsLater: boolean;
  onToken(token: string): void;
  onTransferDnsLater(later: boolean): void;
  /** Cloudflare and hosting: the customer's domain it is for. */
  onDomain(domain: string): void;
  /** Server field errors of the last order attempt. */
  errors: Record<string, string>;
  disabled: boolean;
}

/**
 * One product row of the summary, per type: the domain's availability and, for a transfer, its
 * code and the move-DNS choice; the certificate's names; the domain a Cloudflare plan or a
 * package is for; the VPS's specification; and the price with its discount.
 */
export function SummaryProductRow({ item, choices }: { item: TOrderBasketItem; choices: ItemChoices }) {
  const t = useOrderAppT();
  const euro = useEuro();
  const periodText = usePeriodText();
  return (
    <section className="summary-row" data-testid="summary-row" data-type={item.type}>
      <div className="summary-row__head">
        <div>
          <h2 className="summary-row__title" data-testid="summary-row-title">
            {item.title}
          </h2>
          {item.title !== item.productName && <p className="summary-row__product">{item.productName}</p>}
        </div>
        <div className="summary-row__price" data-testid="summary-row-price">
          {item.discountedPrice !== null ? (
            <>
              <s className="muted">{euro(item.productPrice)}</s> <strong>{euro(item.discountedPrice)}</strong>
            </>
          ) : (
            <strong>{euro(item.productPrice)}</strong>
          )}
        </div>
      </div>
      {item.discountReason && item.discountedPrice !== null && <p className="summary-row__discount">{t('row.discount', { reason: item.discountReason, price: euro(item.discountedPrice) })}</p>}
      {item.monthlyPrice !== null && <p className="muted">{`${euro(item.monthlyPrice)} ${periodText('MONTHLY', 'per')}`}</p>}
      <RowDetails item={item} choices={choices} />
    </section>
  );
}

function RowDetails({ item, choices }: { item: TOrderBasketItem; choices: ItemChoices }) {
  const t = useOrderAppT();
  switch (item.type) {
    case 'domain':
      if (item.available) return <p data-testid="summary-domain-status">{t('domain.available')}</p>;
      return (
        <div className="summary-row__choices">
          <p data-testid="summary-domain-status">{t('domain.transfer')}</p>
          <Field
            label={t('transfer.code')}
            hint={t('transfer.codeHelp')}
            aria-required="true"
            autoComplete="off"
            value={choices.token}
            disabled={choices.disabled}
            error={choices.errors.token}
            onChange={(event) => choices.onToken(event.target.value)}
            data-testid="summary-transfer-code"
          />
          <label className="checkbox">
            <input type="checkbox" checked={choices.transferDnsLater} disabled={choices.disabled} onChange={(event) => choices.onTransferDnsLater(event.target.checked)} data-testid="summary-dns-later" />
            <span className="checkbox__label">{t('transfer.dnsLater')}</span>
          </label>
          <p className="field__hint">{t('transfer.dnsLaterHelp')}</p>
        </div>
      );
    case 'ssl':
    case 'sslmultidomains':
      return (
        <>
          <p data-testid="summary-common-name">{t('ssl.commonName', { name: item.commonName ?? item.title })}</p>
          {item.assignedDomains.length > 0 && <p>{t('ssl.names', { names: item.assignedDomains.join(', ') })}</p>}
        </>
      );
    case 'cloudflare':
    case 'hosting':
      return <DomainChoice item={item} choices={choices} />;
    case 'vpspackage':
      return item.vpsSpec ? (
        <p data-testid="summary-vps-spec">{t('vps.spec', { cpu: item.vpsSpec.vCpu, memory: item.vpsSpec.memoryGb, disk: item.vpsSpec.diskGb, traffic: item.vpsSpec.trafficTb })}</p>
      ) : null;
    default:
      return null;
  }
}

/** The customer's domain a Cloudflare plan protects (domains already protected are left out) or a package is for. */
function DomainChoice({ item, choices }: { item: TOrderBasketItem; choices: ItemChoices }) {
  const t = useOrderAppT();
  const cloudflare = item.type === 'cloudflare';
  // Cloudflare: the customer's domains with their Cloudflare status (spec 001 section 7); one on a plan already is left out.
  const domains = useQuery({
    queryKey: ['order-app', 'domains', 'cloudflare'],
    queryFn: () => call(orderContracts.orderAppDomains, { query: { resolveSslStatus: 'false', resolveCloudflareStatus: 'true' } }),
    enabled: cloudflare,
    staleTime: 30_000,
  });
  if (cloudflare && !domains.data) return domains.isError ? <Alert tone="danger">{t('failed')}</Alert> : <Spinner size="sm" />;
  const choicesOf = cloudflare ? (domains.data ?? []).filter((domain) => !domain.cloudflare).map((domain) => ({ id: domain.id, title: domain.name })) : item.existingDomainProducts;
  // A package without a domain to go on is asked for one by the summary itself (summary-domain-first.tsx).
  if (choicesOf.length === 0) {
    return cloudflare ? (
      <Alert tone="info" data-testid="summary-no-domains">
        {/* The spec's text when every domain is protected; a customer with no domain at all is told so, with the way to one. */}
        {(domains.data ?? []).length > 0 ? (
          t('cloudflare.none')
        ) : (
          <>
            <p>{t('cloudflare.noDomain')}</p>
            <a href={PAGES.domainProduct.path}>{t('cloudflare.orderDomain')}</a>
          </>
        )}
      </Alert>
    ) : null;
  }
  const options = [{ value: '', label: t('domain.placeholder') }, ...choicesOf.map((domain) => ({ value: domain.title, label: domain.title }))];
  return (
    <div className="summary-row__choices">
      <SelectField
        label={t(cloudflare ? 'cloudflare.choose' : 'hosting.choose')}
        options={options}
        value={item.assignedDomain ?? ''}
        disabled={choices.disabled}
        required
        error={choices.errors.assignedDomain}
        onChange={(event) => choices.onDomain(event.target.value)}
        data-testid="summary-domain-choice"
      />
      {item.existingDomainProduct && <p data-testid="summary-upgrade">{t('hosting.upgrade', { product: item.existingDomainProduct.title })}</p>}
    </div>
  );
}
