import type { TBasketItem, THostingPackage } from '@kavel/core';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Price } from '../../ui/price.tsx';
import { useOrderChannel } from '../basket/order-channel.tsx';
import { useAddItem, useBasket, useRemoveItem } from '../basket/use-basket.ts';
import { featureText } from './hosting-features.ts';
import { chosenPackage, packagePrices, packagesShown } from './package-offer.ts';

interface HostingPackagesProps {
  item: TBasketItem;
  packages: readonly THostingPackage[];
  disabled?: boolean;
  /** The line under the offer (the shop's package discount note unless given). */
  note?: string;
}

/**
 * Three packages to choose from, or only the chosen one with a 'change' button that removes it
 * (spec 000 section 4). The page's channel decides which: the shop's packages, or in the reseller
 * wizard the reseller packages at the basket's staffel prices.
 */
export function HostingPackages({ item, packages, disabled, note }: HostingPackagesProps) {
  const t = useT();
  const channel = useOrderChannel().name;
  const priceList = useBasket().data?.priceList;
  const add = useAddItem();
  const remove = useRemoveItem();
  const chosen = chosenPackage(item, channel);
  const shown = packagesShown(packages, chosen, channel);

  return (
    <div className="hosting">
      <h4 className="services-subtitle">{t(chosen ? 'services.chosen' : 'services.packagesTitle')}</h4>
      <ul className={chosen ? 'hosting__packages hosting__packages--chosen' : 'hosting__packages'}>
        {shown.map((pkg) => {
          const prices = packagePrices(pkg, priceList);
          return (
            <li key={pkg.productId} className={pkg.mostChosen ? 'hosting-package hosting-package--popular' : 'hosting-package'} data-testid="hosting-package" data-product-code={pkg.productCode}>
              <h5 className="hosting-package__name">{pkg.productName}</h5>
              {pkg.mostChosen && (
                <span className="badge hosting-package__badge" data-testid="most-chosen">
                  {t('hostingChoice.mostChosen')}
                </span>
              )}
              <Price cents={prices.discountedPrice} original={prices.originalPrice} suffix={t('services.perMonth')} />
              <ul className="hosting-package__features">
                <li>{t('services.diskSpace', { value: pkg.diskSpace })}</li>
                <li>{t('services.dataTraffic', { value: pkg.dataTraffic })}</li>
                {pkg.features.map((feature) => (
                  <li key={feature}>{featureText(feature, t)}</li>
                ))}
              </ul>
              {chosen ? (
                <Button variant="secondary" size="sm" busy={remove.isPending} disabled={disabled} onClick={() => remove.mutate(chosen.unique)} data-testid="hosting-change">
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
          );
        })}
      </ul>
      {!chosen && <p className="services-note">{note ?? t('services.discountNote')}</p>}
    </div>
  );
}
