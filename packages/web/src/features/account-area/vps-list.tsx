import { useLocale, useT } from '../../i18n/use-t.ts';
import { AccountList, Detail } from './account-list.tsx';
import { formatDate } from './format-date.ts';
import { useVpsServers } from './use-account-data.ts';

/** `/account/diensten/vpsen`: each virtual server's name, package, resources, status, addresses and creation date. */
export function VpsList({ customerId }: { customerId: number }) {
  const t = useT();
  const locale = useLocale();
  return (
    <AccountList query={useVpsServers(customerId)} empty={t('accountArea.vps.empty')} data-testid="account-vps">
      {(server) => (
        <li key={server.id} className="account-item" data-testid="account-vps-server" data-name={server.name} data-product-code={server.productCode}>
          <h2 className="account-item__title">{server.name}</h2>
          <dl className="account-item__details">
            <Detail label={t('accountArea.vps.package')}>{server.productName}</Detail>
            <Detail label={t('accountArea.vps.spec')}>{t('accountArea.vps.specValue', { ...server.spec })}</Detail>
            <Detail label={t('accountArea.vps.status')}>{t(`accountArea.vps.status.${server.status}`)}</Detail>
            <Detail label={t('accountArea.vps.ipv4')}>{server.ipv4 ? <code>{server.ipv4}</code> : t('accountArea.vps.notKnownYet')}</Detail>
            <Detail label={t('accountArea.vps.ipv6')}>{server.ipv6 ? <code>{server.ipv6}</code> : t('accountArea.vps.notKnownYet')}</Detail>
            <Detail label={t('accountArea.vps.created')}>{formatDate(server.createdAt, locale)}</Detail>
          </dl>
        </li>
      )}
    </AccountList>
  );
}
