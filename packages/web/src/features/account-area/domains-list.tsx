import { orderSummaryPath, type TCustomerDomain, type TDomainTransfer } from '@kavel/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { certificatePemPath, privateKeyPemPath } from '../orders/orders-api.ts';
import { addHostingHref } from '../hosting-choice/hosting-choice-target.ts';
import { AccountList, Detail, ItemLinks } from './account-list.tsx';
import { dnsManagementHref, forwardingHref } from './account-area-paths.ts';
import { formatDate } from './format-date.ts';
import { useCustomerDomains, useDomainTransfers } from './use-account-data.ts';

type DomainRow = { transfer: TDomainTransfer; domain?: undefined } | { domain: TCustomerDomain; transfer?: undefined };

/**
 * The domains and the transfers that run, as one list: a transfer first, with its state, the
 * order it came with and the date the registry expects; it becomes a domain when it completes.
 * Shown once both are known, so a transfer never appears after its list.
 */
function useDomainRows(customerId: number): UseQueryResult<DomainRow[]> {
  const domains = useCustomerDomains(customerId);
  const transfers = useDomainTransfers(customerId);
  const rows: DomainRow[] | undefined = domains.data && transfers.data && [...transfers.data.map((transfer) => ({ transfer })), ...domains.data.map((domain) => ({ domain }))];
  const failed = domains.isError ? domains : transfers;
  if (domains.isError || transfers.isError) return failed as unknown as UseQueryResult<DomainRow[]>;
  return { ...domains, data: rows, isPending: rows === undefined } as UseQueryResult<DomainRow[]>;
}

/** A transfer that runs: not the customer's domain yet, so nothing to manage. */
function TransferItem({ transfer }: { transfer: TDomainTransfer }) {
  const t = useT();
  const locale = useLocale();
  return (
    <li className="account-item" data-testid="account-domain-transfer" data-domain={transfer.name}>
      <h2 className="account-item__title">{transfer.name}</h2>
      <dl className="account-item__details">
        <Detail label={t('accountArea.domain.status')}>
          <span data-testid="account-domain-status">{t('accountArea.domain.status.transferring')}</span>
        </Detail>
        <Detail label={t('accountArea.domain.transferExpected')}>{transfer.expectedAt ? formatDate(transfer.expectedAt, locale) : '—'}</Detail>
        <Detail label={t('accountArea.domain.transferOrder')}>
          <a href={orderSummaryPath(transfer.orderId)}>{transfer.orderId}</a>
        </Detail>
      </dl>
    </li>
  );
}

/** `/account/diensten/domeinen`: name, status, expiry, hosting yes/no, redirect, certificate (with its files) and Cloudflare plan. */
export function DomainsList({ customerId }: { customerId: number }) {
  const t = useT();
  const locale = useLocale();
  return (
    <AccountList query={useDomainRows(customerId)} empty={t('accountArea.domains.empty')} data-testid="account-domains">
      {({ domain, transfer }) =>
        transfer ? (
          <TransferItem key={`transfer-${transfer.orderId}-${transfer.name}`} transfer={transfer} />
        ) : (
        <li key={domain.id} className="account-item" data-testid="account-domain" data-domain={domain.name}>
          <h2 className="account-item__title">{domain.name}</h2>
          <dl className="account-item__details">
            <Detail label={t('accountArea.domain.status')}>
              <span data-testid="account-domain-status">{domain.status === 'active' ? t('accountArea.domain.status.active') : domain.status}</span>
            </Detail>
            <Detail label={t('accountArea.domain.expires')}>{domain.expiresAt ? formatDate(domain.expiresAt, locale) : '—'}</Detail>
            <Detail label={t('accountArea.domain.hosting')}>{t(domain.hasHosting ? 'accountArea.yes' : 'accountArea.no')}</Detail>
            <Detail label={t('accountArea.domain.redirect')}>
              <span className="account-item__url">{domain.redirectTo ?? t('accountArea.none')}</span>
            </Detail>
            <Detail label={t('accountArea.domain.ssl')}>
              <span data-testid="account-domain-ssl">{domain.sslStatus ? t(`accountArea.domain.ssl.${domain.sslStatus}`) : t('accountArea.none')}</span>
            </Detail>
            <Detail label={t('accountArea.domain.cloudflare')}>
              <span data-testid="account-domain-cloudflare">{domain.cloudflarePlan ?? t('accountArea.none')}</span>
            </Detail>
          </dl>
          {domain.sslCertificateId !== null && (
            // Files to download: plain links, not the app's own navigation.
            <ul className="account-item__actions">
              <li>
                <a className="account-item__action" href={certificatePemPath(domain.sslCertificateId)} download>
                  {t('accountArea.domain.downloadCertificate')}
                  <span className="sr-only"> {t('accountArea.forDomain', { domain: domain.name })}</span>
                </a>
              </li>
              <li>
                <a className="account-item__action" href={privateKeyPemPath(domain.sslCertificateId)} download>
                  {t('accountArea.domain.downloadKey')}
                  <span className="sr-only"> {t('accountArea.forDomain', { domain: domain.name })}</span>
                </a>
              </li>
            </ul>
          )}
          <ItemLinks
            context={t('accountArea.forDomain', { domain: domain.name })}
            links={[{ href: dnsManagementHref(domain.name), label: t('accountArea.dns') }, { href: forwardingHref(domain.name), label: t('accountArea.forwarding') }, ...(domain.hasHosting ? [] : [{ href: addHostingHref(domain.name), label: t('accountArea.addHosting') }])]}
          />
        </li>
        )
      }
    </AccountList>
  );
}
