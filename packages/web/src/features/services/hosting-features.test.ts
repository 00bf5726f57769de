import { translate } from '@kavel/core';
import { describe, expect, it } from 'vitest';
import type { Translate } from '../../i18n/use-t.ts';
import { featureText } from './hosting-features.ts';

const nl: Translate = (key, params) => translate('nl', key, params);
const en: Translate = (key, params) => translate('en', key, params);

describe('featureText', () => {
  it('reads the catalogue keys as words', () => {
    expect(['mailboxes:5', 'mailboxes:1', 'mailboxes:unlimited', 'databases:0', 'databases:1', 'websites:20', 'ssl:free', 'php'].map((f) => featureText(f, nl))).toEqual([
      '5 mailboxen',
      '1 mailbox',
      'Onbeperkt mailboxen',
      'Geen databases',
      '1 database',
      '20 websites',
      'Gratis SSL-certificaat',
      'PHP 7 en 5',
    ]);
    expect(featureText('databases:2', en)).toBe('2 databases');
    expect(featureText('php', en)).toBe('PHP 7 and 5');
    expect(featureText('backup:daily', en)).toBe('backup:daily');
  });
});
