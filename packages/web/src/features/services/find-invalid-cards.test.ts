import type { TBasket, TBasketItem, TConnectedItem } from '@kavel/core';
import { describe, expect, it } from 'vitest';
import { findInvalidCards, serviceTypeOf } from './find-invalid-cards.ts';

const base = { productName: '', productId: 1, productCode: 'X', invoiced: false, discountedPricePerPeriod: 0, originalPricePerPeriod: 0, options: {} };
const child = (productType: TConnectedItem['productType']): TConnectedItem => ({ ...base, unique: `c-${productType}`, title: '', productType });
const item = (unique: string, productType: TBasketItem['productType'], options: TBasketItem['options'] = {}, connectedItem: TConnectedItem[] = []): TBasketItem => ({
  ...base,
  unique,
  title: `${unique}.nl`,
  productType,
  options,
  connectedItem,
});
const basket = (items: TBasketItem[]) => ({ items }) as TBasket;

describe('findInvalidCards', () => {
  it('stops a transfer whose owner box is not ticked, and a redirect card without a forward', () => {
    const invalid = findInvalidCards(
      basket([
        item('a', 'DOMAIN_TRANSFER', { ownerConfirmed: false }),
        item('b', 'DOMAIN', { serviceType: 'REDIRECT' }),
        item('c', 'DOMAIN_TRANSFER', { ownerConfirmed: true }),
        item('d', 'DOMAIN', { serviceType: 'REDIRECT' }, [child('REDIRECT')]),
        item('e', 'DOMAIN'),
      ]),
    );
    expect(invalid).toEqual([
      { unique: 'a', reason: 'TRANSFER_OWNER_UNCONFIRMED' },
      { unique: 'b', reason: 'REDIRECT_MISSING' },
    ]);
  });

  it('takes redirect as the type when a forward exists and nothing was chosen', () => {
    expect(serviceTypeOf(item('a', 'DOMAIN', {}, [child('REDIRECT')]))).toBe('REDIRECT');
    expect(serviceTypeOf(item('a', 'DOMAIN'))).toBe('HOSTING');
    expect(findInvalidCards(undefined)).toEqual([]);
  });
});
