import { describe, expect, it } from 'vitest';
import type { TAdditionalServiceProposal, TSslProposal } from '@kavel/core';
import { offerToShow } from './smart-benefits.ts';

const premium: TAdditionalServiceProposal = { serviceType: 'UPGRADE_TO_PREMIUM_HOSTING', price: 150, domain: 'mijnbakkerij.nl', productName: 'Premium webhosting' };
const noHosting: TAdditionalServiceProposal = { serviceType: 'NONE', price: 0, domain: null, productName: null };
const ssl: TSslProposal = { serviceType: 'ADD_SSL', price: 1995, domain: 'mijnbakkerij.nl', productName: 'SSL Domeinvalidatie standaard' };
const noSsl: TSslProposal = { serviceType: 'NONE', price: 0, domain: null, productName: null };

describe('offerToShow', () => {
  it('offers a hosting upgrade in any period', () => {
    expect(offerToShow(premium, ssl, 'FIVE_YEARLY', false)).toEqual({ hosting: premium, ssl });
  });

  it('offers SSL alone only in a yearly basket', () => {
    expect(offerToShow(noHosting, ssl, 'YEARLY', false)).toEqual({ hosting: noHosting, ssl });
    expect(offerToShow(noHosting, ssl, 'FIVE_YEARLY', false)).toBeNull();
  });

  it('offers nothing when there is nothing to offer, or once it was offered', () => {
    expect(offerToShow(noHosting, noSsl, 'YEARLY', false)).toBeNull();
    expect(offerToShow(noHosting, null, 'YEARLY', false)).toBeNull();
    expect(offerToShow(premium, ssl, 'YEARLY', true)).toBeNull();
  });
});
