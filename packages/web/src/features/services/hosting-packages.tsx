import type { TBasketItem, THostingPackage } from '@kavel/core';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Price } from '../../ui/price.tsx';
import { useAddItem, useRemoveItem } from '../basket/use-basket.ts';
import { featureText } from './hosting-features.ts';

const OFFERED = 3;

/** The packages a card offers: the first three non-reseller ones, the cheapest (Intro) first. */
export function offeredPackages(packages: readonly THostingPackage[]): THostingPackage[] {
  const own = packages.filter((pkg) => !pkg.reseller);
  const intro = own.filter((pkg) => /intro/i.test(pkg.productName));
  return [...intro, ...own.filter((pkg) => !intro.includes(pkg))].slice(0, OFFERED);
}

interface HostingPackagesProps {
  item: TBasketItem;
  packages: readonly THostingPackage[];
  disabled?: boolean;
}

/** Three packages to choose from, or only the chosen one with a 'change' button (spec 000 section 4). */
export function HostingPackages({ item, packages, disabled }: HostingPackagesProps) {
  const t = useT();
  const add = useAddItem();
  const remove = useRemoveItem();
  const chosen = item.connectedItem.find((child) => child.productType === 'LINUX_PACKAGE');
  const shown = chosen ? packages.filter((pkg) => pkg.productId === chosen.productId) : offeredPackages(packages);

  return (
    <div className="hosting">
      <h4 className="services-subtitle">{t(chosen ? 'services.chosen' : 'services.packagesTitle')}</h4>
      <ul className={chosen ? 'hosting__packages hosting__packages--chosen' : 'hosting__packages'}>
        {shown.map((pkg) => (
          <li key={pkg.productId} className="hosting-package" data-testid="hosting-package" data-product-code={pkg.productCode}>
            <h5 className="hosting-package__name">{pkg.productName}</h5>
            <Price cents={pkg.discountedPrice} original={pkg.originalPrice} suffix={t('services.perMonth')} />
            <ul className="hosting-package__features">
              <li>{t('services.diskSpace', { value: pkg.diskSpace })}</li>
              <li>{t('services.dataTraffic', { value: pkg.dataTraffic })}</li>
              {pkg.features.map((feature) => (
                <li key={feature}>{featureText(feature, t)}</li>
              ))}
            </ul>
            {chosen ? (
              <Button
                variant="secondary"
                size="sm"
                busy={remove.isPending}
                disabled={disabled}
                onClick={() => remove.mutate(chosen.unique)}
                data-testid="hosting-change"
              >
                {t('services.change')}
                <span className="sr-only"> {pkg.productName}</span>
              </Button>
            ) : (
              <Button
                size="sm"
                busy={add.isPending && add.variables?.productId === pkg.productId}
                disabled={disabled || add.isPending}
                onClick={() => add.mutate({ productId: pkg.productId, productCode: pkg.productCode, parentId: item.unique })}
                data-testid="hosting-choose"
              >
                {t('services.chooseShort')}
                <span className="sr-only"> {pkg.productName}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      {!chosen && <p className="services-note">{t('services.discountNote')}</p>}
    </div>
  );
}
