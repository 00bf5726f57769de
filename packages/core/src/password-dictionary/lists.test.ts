import { describe, expect, it } from 'vitest';
import { decodePasswordList } from './decode.ts';
import { PASSWORD_LISTS } from './lists.generated.ts';
import { encodePasswordList, trimmedPasswordLists } from './trim.ts';

describe("the password judge's trimmed lists", () => {
  it('are what the language packages give (regenerate with scripts/write-password-lists.ts after an upgrade)', () => {
    const lists = trimmedPasswordLists();
    expect(Object.keys(PASSWORD_LISTS)).toEqual(Object.keys(lists));
    for (const [name, list] of Object.entries(lists)) expect(PASSWORD_LISTS[name], name).toBe(encodePasswordList(list));
  });

  it('read back word for word', () => {
    for (const [name, list] of Object.entries(trimmedPasswordLists())) {
      expect(decodePasswordList(encodePasswordList(list)), name).toEqual(list);
      expect(decodePasswordList(PASSWORD_LISTS[name]!), name).toEqual(list);
    }
  });

  it('stay small enough for a phone on a slow line (the whole lists were 2 MB)', () => {
    const size = Object.values(PASSWORD_LISTS).reduce((total, list) => total + list.length, 0);
    expect(size).toBeLessThan(350_000);
  });
});
