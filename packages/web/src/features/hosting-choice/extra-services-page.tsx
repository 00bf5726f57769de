import { Link } from 'react-router';
import { useState } from 'react';
import { type TCustomerSummary, type TExtraService, type THostingAccount } from '@kavel/core';
import { productContracts } from '@kavel/core/contracts/orders';
import { useEuro, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { ACCOUNT_AREA_PAGES } from '../account-area/account-area-paths.ts';
import { LoadFailure } from '../account-area/account-list.tsx';
import { useHostingAccounts } from '../account-area/use-account-data.ts';
import { useCatalogue } from '../domain-search/use-catalogue.ts';
import { ChoiceNotice } from './choice-notice.tsx';
import { ExtraServiceRow } from './extra-service-row.tsx';
import { findHostingAccount } from './hosting-choice-target.ts';
import { CsrfField, useFormPost } from './use-form-post.tsx';
import './hosting-choice.css';

const HOSTING_PAGE = ACCOUNT_AREA_PAGES[2].path;

/** `/account/diensten-toevoegen?id=…` (spec 001 section 2): extras for one of the customer's hosting accounts. */
export function ExtraServicesPage({ customer, accountId }: { customer: TCustomerSummary; accountId: number | null }) {
  const t = useT();
  const catalogue = useCatalogue();
  const accounts = useHostingAccounts(customer.id);
  const failed = [catalogue, accounts].find((one) => one.isError);
  if (failed) return <LoadFailure error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!catalogue.data || !accounts.data) return <Spinner label={t('common.loading')} />;

  const account = findHostingAccount(accounts.data, accountId);
  const back = [{ href: HOSTING_PAGE, label: t('hostingChoice.backToHosting') }];
  if (!account) return <ChoiceNotice message={t('hostingChoice.unknownPackage')} links={back} />;
  if (account.status === 'cancelled') return <ChoiceNotice message={t('hostingChoice.cancelled')} links={back} />;
  return <ExtraServicesForm account={account} extras={catalogue.data.extraServices} />;
}

function ExtraServicesForm({ account, extras }: { account: THostingAccount; extras: readonly TExtraService[] }) {
  const t = useT();
  const euro = useEuro();
  const { sending, submit } = useFormPost();
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const owned = new Set(account.extras.map((extra) => extra.productId));
  const chosen = extras.filter((extra) => ticked.has(extra.productId) && !owned.has(extra.productId));
  const total = chosen.reduce((sum, extra) => sum + extra.price, 0);

  const toggle = (productId: number, checked: boolean) =>
    setTicked((previous) => {
      const next = new Set(previous);
      if (checked) next.add(productId);
      else next.delete(productId);
      return next;
    });

  return (
    <div className="extra-services" data-testid="extra-services">
      <p>{t('extraServices.intro', { package: account.productName, domain: account.domain })}</p>
      {extras.every((extra) => owned.has(extra.productId)) && <p className="muted">{t('extraServices.allActive')}</p>}
      <form method="post" action={productContracts.addExtraServices.path} onSubmit={submit('extras')} className="extra-services__form">
        <CsrfField />
        <input type="hidden" name="hostingPackageId" value={account.id} />
        <input type="hidden" name="extraServices" value={JSON.stringify(chosen.map(({ productId, productCode }) => ({ productId, productCode })))} />
        <fieldset className="extra-services__fieldset">
          <legend className="extra-services__legend">{t('services.extras')}</legend>
          <ul className="extra-services__list">
            {extras.map((extra) => (
              <ExtraServiceRow
                key={extra.productId}
                extra={extra}
                active={owned.has(extra.productId)}
                checked={ticked.has(extra.productId)}
                disabled={sending !== null}
                onChange={(checked) => toggle(extra.productId, checked)}
              />
            ))}
          </ul>
        </fieldset>
        <div className="extra-services__actions" aria-live="polite">
          {chosen.length > 0 && (
            <>
              <p className="extra-services__total" data-testid="extra-services-total">
                {t('extraServices.total', { price: euro(total) })}
              </p>
              <Button type="submit" busy={sending !== null} data-testid="extra-services-add">
                {t('extraServices.add')}
              </Button>
            </>
          )}
        </div>
      </form>
      <p>
        <Link to={HOSTING_PAGE} className="account-item__link">
          {t('hostingChoice.backToHosting')}
        </Link>
      </p>
    </div>
  );
}
