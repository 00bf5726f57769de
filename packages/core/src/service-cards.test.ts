import { describe, expect, it } from 'vitest';
import type { TBasket, TBasketItem, TConnectedItem } from './schemas/basket.ts';
import { domainKindOf, findInvalidServices, serviceCardsOf, serviceTypeOf, servicesVerdict, serviceTypesFor } from './service-cards.ts';

const findInvalidCards = (basket: TBasket | undefined) => findInvalidServices(serviceCardsOf(basket));

const base = { productName: '', productId: 1, productCode: 'X', invoiced: false, discountedPricePerPeriod: 0, originalPricePerPeriod: 0, options: {} };
const child = (productType: TConnectedItem['productType']): TConnectedItem => ({ ...base, unique: `c-${productType}`, title: '', productType });
const item = (unique: string, productType: TBasketItem['productType'], options: TBasketItem['options'] = {}, connectedItem: TConnectedItem[] = []): TBasketItem => ({
  ...base,
  unique,
  title: `${unique}.nl`,
  productType,
  options,
  connectedItem,
  domainKind: null,
  serviceTypes: [],
});
const basket = (items: TBasketItem[]) => ({ items }) as TBasket;

describe('the step 2 rules', () => {
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
    expect(serviceTypeOf({ options: {} }, [child('REDIRECT')])).toBe('REDIRECT');
    expect(serviceTypeOf({ options: {} }, [])).toBe('HOSTING');
    expect(findInvalidCards(undefined)).toEqual([]);
  });

  it('answers the first card in need as the verdict, in the visitor\'s language', () => {
    const invalid = findInvalidCards(basket([item('b', 'DOMAIN', { serviceType: 'REDIRECT' }), item('a', 'DOMAIN_TRANSFER', { ownerConfirmed: false })]));
    expect(servicesVerdict(invalid, 'en')).toMatchObject({ status: 'FAILED', invalid });
    expect(servicesVerdict(invalid, 'en').message).not.toBe(servicesVerdict(invalid, 'nl').message);
    expect(servicesVerdict([], 'nl')).toEqual({ status: 'OK', message: '', invalid: [] });
  });

  it("a domain the customer owns already is their own domain, offered hosting only", () => {
    expect(domainKindOf({ productType: 'DOMAIN', invoiced: true })).toBe('OWN_DOMAIN');
    expect(domainKindOf({ productType: 'DOMAIN_TRANSFER', invoiced: true })).toBe('OWN_DOMAIN');
    expect(domainKindOf({ productType: 'DOMAIN', invoiced: false })).toBe('REGISTRATION');
    expect(domainKindOf({ productType: 'DOMAIN_TRANSFER', invoiced: false })).toBe('TRANSFER');
    expect(domainKindOf({ productType: 'LINUX_PACKAGE', invoiced: true })).toBeNull();
    expect(serviceTypesFor('OWN_DOMAIN')).toEqual(['HOSTING']);
    expect(serviceTypesFor('REGISTRATION')).toEqual(['HOSTING', 'REGISTRATION_ONLY', 'REDIRECT']);
    expect(serviceTypesFor(null)).toEqual([]);
  });
});
