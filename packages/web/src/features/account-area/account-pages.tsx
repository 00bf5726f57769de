import { Link } from 'react-router';
import { formatEuro } from '@kavel/core';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { useLogout } from '../accounts/use-auth.ts';
import { invoicePath } from '../orders/orders-api.ts';
import { AccountList, Detail, ItemLinks } from './account-list.tsx';
import { addServicesHref, changePackageHref } from '../hosting-choice/hosting-choice-target.ts';
import { accountMenuFor } from './account-area-paths.ts';
import { formatDate } from './format-date.ts';
import { useHostingAccounts, useInvoices } from './use-account-data.ts';

/** `/account`: who is logged in and where their products are. */
export function AccountOverview({ name, isReseller }: { name: string; isReseller: boolean }) {
  const t = useT();
  const logout = useLogout();
  return (
    <div className="account-overview">
      <p>{t('accountArea.welcome', { name })}</p>
      <p className="muted">{t('accountArea.intro')}</p>
      <ul className="account-overview__links">
        {accountMenuFor(isReseller).slice(1).map((page) => (
          <li key={page.path}>
            <Link className="account-overview__link" to={page.path}>
              {t(page.label)}
            </Link>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <Button variant="secondary" busy={logout.isPending} onClick={() => logout.mutate()}>
          {t('summary.logout')}
        </Button>
      </div>
    </div>
  );
}

/** `/account/diensten/hostingpakketten`: package, domain, username, extras and CMS. */
export function HostingList({ customerId }: { customerId: number }) {
  const t = useT();
  return (
    <AccountList query={useHostingAccounts(customerId)} empty={t('accountArea.hosting.empty')} data-testid="account-hosting">
      {(account) => (
        <li key={account.id} className="account-item" data-testid="account-hosting-package" data-domain={account.domain} data-product-code={account.productCode}>
          <h2 className="account-item__title">{account.productName}</h2>
          <dl className="account-item__details">
            <Detail label={t('accountArea.hosting.domain')}>{account.domain}</Detail>
            <Detail label={t('accountArea.hosting.username')}>
              <code>{account.username}</code>
            </Detail>
            <Detail label={t('accountArea.hosting.extras')}>{account.extras.length > 0 ? account.extras.map((extra) => extra.productName).join(', ') : t('accountArea.none')}</Detail>
            <Detail label={t('accountArea.hosting.cms')}>{account.cmsInstall ?? t('accountArea.none')}</Detail>
            <Detail label={t('accountArea.hosting.status')}>{t(`accountArea.hosting.status.${account.status}`)}</Detail>
          </dl>
          {account.status !== 'cancelled' && (
            <ItemLinks
              context={t('accountArea.forDomain', { domain: account.domain })}
              links={[
                { href: changePackageHref(account.id), label: t('accountArea.changePackage') },
                { href: addServicesHref(account.id), label: t('accountArea.addServices') },
              ]}
            />
          )}
        </li>
      )}
    </AccountList>
  );
}

/** `/account/facturen`: number, date, open or closed, paid, totals and the invoice itself. */
export function InvoicesList({ customerId }: { customerId: number }) {
  const t = useT();
  const locale = useLocale();
  const euro = (cents: number) => formatEuro(cents, locale);
  return (
    <AccountList query={useInvoices(customerId)} empty={t('accountArea.invoices.empty')} data-testid="account-invoices">
      {(invoice) => (
        <li key={invoice.id} className="account-item" data-testid="account-invoice" data-number={invoice.number}>
          <h2 className="account-item__title">{t(invoice.correctsNumber ? 'accountArea.creditNote.title' : 'accountArea.invoice.title', { number: invoice.number })}</h2>
          <dl className="account-item__details">
            <Detail label={t('accountArea.invoice.date')}>{formatDate(invoice.date, locale)}</Detail>
            {invoice.correctsNumber ? (
              // A credit note is not paid: it takes its amounts off the invoice it corrects.
              <Detail label={t('accountArea.creditNote.corrects')}>{t('accountArea.creditNote.correctsInvoice', { number: invoice.correctsNumber })}</Detail>
            ) : (
              <>
                <Detail label={t('accountArea.invoice.state')}>{t(invoice.closed ? 'accountArea.invoice.closed' : 'accountArea.invoice.open')}</Detail>
                <Detail label={t('accountArea.invoice.payment')}>{t(invoice.paid ? 'accountArea.invoice.paid' : 'accountArea.invoice.unpaid')}</Detail>
              </>
            )}
            <Detail label={t('accountArea.invoice.totalExcl')}>{euro(invoice.totalExcludeTax)}</Detail>
            <Detail label={t('accountArea.invoice.totalIncl')}>{euro(invoice.totalIncludeTax)}</Detail>
          </dl>
          <a className="account-item__link" href={invoicePath(invoice.id)}>
            {t(invoice.correctsNumber ? 'accountArea.creditNote.view' : 'accountArea.invoice.view', { number: invoice.number })}
          </a>
        </li>
      )}
    </AccountList>
  );
}
