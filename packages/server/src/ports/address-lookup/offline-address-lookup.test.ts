import { describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '../../features/accounts/demo-accounts.ts';
import bagAddresses from './data/bag-addresses.json' with { type: 'json' };
import { createOfflineAddressLookup } from './offline-address-lookup.ts';

describe('the offline address lookup on the committed BAG subset', () => {
  const lookup = createOfflineAddressLookup();

  it("holds five whole municipalities, Amsterdam's postcode area 1012 and the demo accounts' postcodes, as its README says", () => {
    expect(lookup.name).toBe('offline');
    expect(bagAddresses.municipalities).toEqual({ Texel: 12_962, Vlieland: 1_265, Terschelling: 4_311, Ameland: 4_121, Schiermonnikoog: 1_532 });
    expect(bagAddresses.postcodeAreas).toEqual({ '1012': 9_321 });
    expect(bagAddresses.singlePostcodes).toEqual({ '1016GV': 32, '3511AW': 16, '1015KJ': 48 });
    expect(bagAddresses.addresses).toBe(33_608);
    expect(Object.keys(bagAddresses.postcodes)).toHaveLength(1_626);
  });

  it("finds the addresses a newcomer tries first: the README's example and the demo accounts' own", async () => {
    // The README's reseller API example (not in the 2018 BAG: the shop's examples file has it).
    expect(await lookup.lookup('1012 LM', '70')).toEqual({ ok: true, street: 'Damrak', city: 'Amsterdam' });
    // The demo seed: the bakery (customer and sub-user), the reseller, the bakery owner's private holder.
    for (const address of DEMO_ADDRESSES) {
      expect(await lookup.lookup(address.postcode, address.houseNumber), `${address.street} ${address.houseNumber}`).toEqual({ ok: true, street: address.street, city: address.city });
    }
    expect(DEMO_ADDRESSES.map((address) => address.postcode)).toEqual(['1016 GV', '3511 AW', '1015 KJ']);
  });

  it('finds the street and place of an address in the data, however the postcode and number are written', async () => {
    expect(await lookup.lookup('9166LA', 1)).toEqual({ ok: true, street: 'Langestreek', city: 'Schiermonnikoog' });
    expect(await lookup.lookup('9166 la', '23')).toEqual({ ok: true, street: 'Langestreek', city: 'Schiermonnikoog' });
    expect(await lookup.lookup(' 8899aa ', '13-2')).toEqual({ ok: true, street: 'Dorpsstraat', city: 'Vlieland' });
    expect(await lookup.lookup('1791 AL', '7a')).toEqual({ ok: true, street: 'Wilhelminalaan', city: 'Den Burg' });
    expect(await lookup.lookup('1791AL', 4)).toEqual({ ok: true, street: 'Achterom', city: 'Den Burg' });
    expect(await lookup.lookup('9161AA', 3)).toEqual({ ok: true, street: 'Ridderweg', city: 'Hollum' });
    expect(await lookup.lookup('8881BA', 24)).toEqual({ ok: true, street: 'Commandeurstraat', city: 'West-Terschelling' });
    // The order app's walk-through: the Dam in Amsterdam.
    expect(await lookup.lookup('1012 JS', '1')).toEqual({ ok: true, street: 'Dam', city: 'Amsterdam' });
  });

  it('answers not found for a number the street does not have, a postcode outside the data, or one that is not a postcode', async () => {
    // Langestreek has the odd numbers 1 to 23 under 9166LA; Dorpsstraat 1-5 and 11-21, odd, under 8899AA.
    for (const [postcode, number] of [
      ['9166LA', 2],
      ['9166LA', 25],
      ['8899AA', 7],
      ['8899AA', 9],
      ['1013AA', 1],
      ['0123AB', 1],
      ['9166LA', 0],
      ['9166LA', 'a1'],
    ] as const) {
      expect(await lookup.lookup(postcode, number), `${postcode} ${number}`).toEqual({ ok: false, reason: 'notFound' });
    }
  });

  it('refuses malformed data when it is built, rather than answering from it', () => {
    expect(() => createOfflineAddressLookup({ postcodes: { '1234AB': [['Straat', 'Plaats', '1-x']] } })).toThrow(/1234AB/);
    expect(() => createOfflineAddressLookup({ postcodes: { '1234AB': [['Straat', 'Plaats']] } })).toThrow(/incomplete/);
  });
});
