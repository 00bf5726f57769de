import { useEffect, useId, useRef } from 'react';
import type { TCustomerSummary } from '@kavel/core';
import { errorMessage } from '../../app/error-message.ts';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { countryName, useCountries } from './use-countries.ts';
import { useLogout } from './use-auth.ts';

interface CustomerSummaryProps {
  customer: TCustomerSummary;
  /** Just logged in: the form is gone, so focus moves here. */
  focusOnMount?: boolean;
}

/** Replaces the tabs once logged in: who is ordering, and 'Log out'. */
export function CustomerSummary({ customer, focusOnMount = false }: CustomerSummaryProps) {
  const t = useT();
  const locale = useLocale();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const countries = useCountries();
  const logout = useLogout();

  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);

  const house = [customer.streetNumber, customer.streetNumberAddition].filter(Boolean).join(' ');
  const country = countryName(countries.data, customer.countryId, locale);
  return (
    <section className="customer-summary" aria-labelledby={headingId} data-testid="customer-summary">
      <h3 className="customer-summary__title" id={headingId} tabIndex={-1} ref={headingRef}>
        <span className="customer-summary__check" aria-hidden="true">
          ✓
        </span>
        {t('summary.heading')}
      </h3>
      {customer.isSubUser && <Alert tone="warning">{t('summary.subUser')}</Alert>}
      <dl className="customer-summary__details">
        <div>
          <dt>{t('summary.name')}</dt>
          <dd>{`${customer.firstName} ${customer.lastName}`.trim()}</dd>
        </div>
        {customer.isCompany && customer.companyName && (
          <div>
            <dt>{t('summary.company')}</dt>
            <dd>{customer.companyName}</dd>
          </div>
        )}
        <div>
          <dt>{t('summary.address')}</dt>
          <dd>
            {`${customer.street} ${house}`.trim()}
            <br />
            {`${customer.postCode} ${customer.city}`.trim()}
            {country && (
              <>
                <br />
                {country}
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('summary.email')}</dt>
          <dd className="customer-summary__email">{customer.email}</dd>
        </div>
        {customer.phoneNumber && (
          <div>
            <dt>{t('summary.phone')}</dt>
            <dd>{customer.phoneNumber}</dd>
          </div>
        )}
      </dl>
      {logout.isError && <Alert tone="danger">{errorMessage(logout.error, t)}</Alert>}
      <div className="form-actions">
        <Button variant="secondary" busy={logout.isPending} onClick={() => logout.mutate()} data-testid="logout-button">
          {t('summary.logout')}
        </Button>
      </div>
    </section>
  );
}
