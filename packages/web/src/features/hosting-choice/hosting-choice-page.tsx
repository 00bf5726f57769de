import { Link } from 'react-router';
import { useState } from 'react';
import { type TCustomerSummary, type THostingPackage } from '@kavel/core';
import { productContracts } from '@kavel/core/contracts/orders';
import { useT } from '../../i18n/use-t.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { ACCOUNT_AREA_PAGES } from '../account-area/account-area-paths.ts';
import { LoadFailure } from '../account-area/account-list.tsx';
import { useCustomerDomains, useHostingAccounts } from '../account-area/use-account-data.ts';
import { useCatalogue } from '../domain-search/use-catalogue.ts';
import { MissingDomainModal } from '../basket/missing-domain-modal.tsx';
import { ChoiceNotice } from './choice-notice.tsx';
import { addHostingHref, changePackageHref, packagesFor, resolveHostingChoice, type HostingChoice, type HostingChoiceQuery } from './hosting-choice-target.ts';
import { HostingPackageCard, type HostingChoiceForm } from './hosting-package-card.tsx';
import { useFormPost } from './use-form-post.tsx';
import './hosting-choice.css';

const DOMAINS_PAGE = ACCOUNT_AREA_PAGES[1].path;
const HOSTING_PAGE = ACCOUNT_AREA_PAGES[2].path;

/**
 * `/account/webhosting?domein=…` (hosting for a domain the customer has) or `?id=…` (another
 * package for a hosting account), spec 001 section 2: a card per package, each 'Kies' a form post.
 */
export function HostingChoicePage({ customer, query }: { customer: TCustomerSummary; query: HostingChoiceQuery }) {
  const t = useT();
  const catalogue = useCatalogue();
  const domains = useCustomerDomains(customer.id);
  const accounts = useHostingAccounts(customer.id);
  const failed = [catalogue, domains, accounts].find((one) => one.isError);
  if (failed) return <LoadFailure error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!catalogue.data || !domains.data || !accounts.data) return <Spinner label={t('common.loading')} />;

  const choice = resolveHostingChoice(query, domains.data, accounts.data);
  // A reseller gets the reseller packages as well (spec 001 section 2); the hosting entry puts
  // one in the reseller basket and the extra-services page then leads to the reseller wizard.
  const packages = packagesFor(catalogue.data.hostingPackages, customer.isReseller, choice.state === 'upgrade' ? choice.account.productId : null);
  switch (choice.state) {
    case 'add':
    case 'upgrade':
      return <PackageChoice choice={choice} packages={packages} />;
    case 'hasHosting':
      return (
        <ChoiceNotice
          message={t('hostingChoice.hasHosting', { domain: choice.domain })}
          links={[...(choice.account ? [{ href: changePackageHref(choice.account.id), label: t('accountArea.changePackage') }] : []), { href: DOMAINS_PAGE, label: t('hostingChoice.backToDomains') }]}
        />
      );
    case 'unknownDomain':
      return <ChoiceNotice message={t('hostingChoice.unknownDomain', { domain: choice.domain })} links={[{ href: DOMAINS_PAGE, label: t('hostingChoice.backToDomains') }]} />;
    case 'unknownPackage':
      return <ChoiceNotice message={t('hostingChoice.unknownPackage')} links={[{ href: HOSTING_PAGE, label: t('hostingChoice.backToHosting') }]} />;
    case 'cancelled':
      return <ChoiceNotice message={t('hostingChoice.cancelled')} links={[{ href: HOSTING_PAGE, label: t('hostingChoice.backToHosting') }]} />;
    case 'missing':
      // A product page without a domain: the packages, and 'Kies' asks for the domain first.
      return <PackagesWithoutDomain packages={packages} ownedDomains={domains.data.filter((domain) => !domain.hasHosting).map((domain) => domain.name)} />;
  }
}

function PackagesWithoutDomain({ packages, ownedDomains }: { packages: readonly THostingPackage[]; ownedDomains: readonly string[] }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  return (
    <div className="hosting-choice" data-testid="hosting-choice" data-mode="missing">
      <p>{t('hostingChoice.intro.missing')}</p>
      <ul className="package-cards" aria-label={t('accountArea.hosting')}>
        {packages.map((pkg) => (
          <HostingPackageCard key={pkg.productId} pkg={pkg} form={null} onChoose={() => setAsking(true)} current={false} sending={false} waiting={false} onSubmit={() => undefined} />
        ))}
      </ul>
      <p className="muted hosting-choice__note">
        {t('hostingChoice.prices')} {t('services.discountNote')}
      </p>
      <MissingDomainModal open={asking} onClose={() => setAsking(false)} ownedDomains={ownedDomains.map((name) => ({ name, href: addHostingHref(name) }))} />
    </div>
  );
}

interface PackageChoiceProps {
  choice: Extract<HostingChoice, { state: 'add' | 'upgrade' }>;
  packages: readonly THostingPackage[];
}

function PackageChoice({ choice, packages }: PackageChoiceProps) {
  const t = useT();
  const { sending, submit } = useFormPost();
  const form: HostingChoiceForm =
    choice.state === 'add' ? { action: productContracts.addHosting.path, domain: choice.domain } : { action: productContracts.upgradeHosting.path, hostingPackageId: choice.account.id };
  const currentId = choice.state === 'upgrade' ? choice.account.productId : null;
  return (
    <div className="hosting-choice" data-testid="hosting-choice" data-mode={choice.state}>
      <p>
        {choice.state === 'add'
          ? t('hostingChoice.intro.add', { domain: choice.domain })
          : t('hostingChoice.intro.upgrade', { domain: choice.account.domain, package: choice.account.productName })}
      </p>
      <ul className="package-cards" aria-label={t('accountArea.hosting')}>
        {packages.map((pkg) => (
          <HostingPackageCard
            key={pkg.productId}
            pkg={pkg}
            form={form}
            current={pkg.productId === currentId}
            sending={sending === pkg.productCode}
            waiting={sending !== null && sending !== pkg.productCode}
            onSubmit={submit(pkg.productCode)}
          />
        ))}
      </ul>
      <p className="muted hosting-choice__note">
        {t('hostingChoice.prices')} {t('services.discountNote')}
      </p>
      <p>
        <Link to={choice.state === 'add' ? DOMAINS_PAGE : HOSTING_PAGE} className="account-item__link">
          {t(choice.state === 'add' ? 'hostingChoice.backToDomains' : 'hostingChoice.backToHosting')}
        </Link>
      </p>
    </div>
  );
}
