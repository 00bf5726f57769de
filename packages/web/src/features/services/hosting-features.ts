import type { TextKey } from '@kavel/core';
import type { Translate } from '../../i18n/use-t.ts';

/**
 * A package feature as the catalogue names it (`mailboxes:5`, `databases:0`, `ssl:free`, `php`)
 * in words. An unknown key is shown as it is rather than hidden.
 */
export function featureText(feature: string, t: Translate): string {
  const [key = '', value] = feature.split(':');
  const counted = (one: TextKey, many: TextKey, none?: TextKey, unlimited?: TextKey): string => {
    if (value === 'unlimited' && unlimited) return t(unlimited);
    if (value === '0' && none) return t(none);
    if (value === '1') return t(one);
    return t(many, { count: value ?? '' });
  };
  switch (key) {
    case 'mailboxes':
      return counted('services.feature.mailbox', 'services.feature.mailboxes', undefined, 'services.feature.mailboxes.unlimited');
    case 'databases':
      return counted('services.feature.database', 'services.feature.databases', 'services.feature.databases.none', 'services.feature.databases.unlimited');
    case 'websites':
      return counted('services.feature.website', 'services.feature.websites');
    case 'ssl':
      return value === 'free' ? t('services.feature.ssl.free') : feature;
    case 'php':
      return t('services.feature.php');
    default:
      return feature;
  }
}
