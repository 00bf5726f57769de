import { cleanPostcode, houseNumberOf } from '@kavel/core';
import bagAddresses from './data/bag-addresses.json' with { type: 'json' };
import exampleAddresses from './data/example-addresses.json' with { type: 'json' };
import type { AddressLookupPort } from './address-lookup-port.ts';

/**
 * The committed address data (`data/bag-addresses.json`, and `data/example-addresses.json` for
 * the shop's own example that the BAG lacks; see the README beside them): per postcode, entries
 * of street, place and house numbers as runs (`5`, `1-9`, `1-9/2`).
 */
export interface OfflineAddressData {
  postcodes: Record<string, ReadonlyArray<readonly string[]>>;
}

interface Street {
  street: string;
  city: string;
  /** Inclusive runs of house numbers: from, to, step. */
  runs: Array<[number, number, number]>;
}

const RUN = /^([1-9]\d*)(?:-([1-9]\d*)(?:\/(2))?)?$/;

function parseRuns(text: string, postcode: string): Street['runs'] {
  return text.split(' ').map((run) => {
    const match = RUN.exec(run);
    if (!match) throw new Error(`address data: ${postcode} has a malformed house number run '${run}'`);
    const from = Number(match[1]);
    return [from, match[2] ? Number(match[2]) : from, match[3] ? 2 : 1];
  });
}

/** The data sets' entries per postcode, in the order of the sets (the first match answers). */
function indexOf(sets: readonly OfflineAddressData[]): Map<string, Street[]> {
  const index = new Map<string, Street[]>();
  for (const data of sets) {
    for (const [postcode, entries] of Object.entries(data.postcodes)) {
      const streets = entries.map((entry): Street => {
        const [street, city, numbers] = entry;
        if (!street || !city || !numbers) throw new Error(`address data: ${postcode} has an incomplete entry`);
        return { street, city, runs: parseRuns(numbers, postcode) };
      });
      index.set(postcode, [...(index.get(postcode) ?? []), ...streets]);
    }
  }
  return index;
}

/**
 * Answers from addresses kept with the shop (a subset of the BAG, whole municipalities, and the
 * shop's own example): no network, no waiting, the same answer every time. An address outside
 * the data is `notFound`.
 */
export function createOfflineAddressLookup(...data: OfflineAddressData[]): AddressLookupPort {
  const index = indexOf(data.length > 0 ? data : [bagAddresses, exampleAddresses]);
  return {
    name: 'offline',
    async lookup(postcode, houseNumber) {
      const cleaned = cleanPostcode(postcode);
      const number = houseNumberOf(houseNumber);
      if (cleaned === null || number === null) return { ok: false, reason: 'notFound' };
      const found = index.get(cleaned)?.find(({ runs }) => runs.some(([from, to, step]) => number >= from && number <= to && (number - from) % step === 0));
      return found ? { ok: true, street: found.street, city: found.city } : { ok: false, reason: 'notFound' };
    },
  };
}
