import { shouldOfferSmartBenefits, type TAdditionalServiceProposal, type TBasketPeriod, type TSslProposal } from '@kavel/core';

/** What the smart-benefits modal offers: the hosting proposal and the SSL proposal. */
export interface SmartBenefitsOffer {
  hosting: TAdditionalServiceProposal;
  ssl: TSslProposal;
}

/**
 * The offer to show, or null. The modal opens once per page visit (spec 000 section 4 has it
 * open on opening step 3; a second visit to step 3 in the same page would nag).
 */
export function offerToShow(hosting: TAdditionalServiceProposal, ssl: TSslProposal | null, period: TBasketPeriod, alreadyOffered: boolean): SmartBenefitsOffer | null {
  const sslOffer: TSslProposal = ssl ?? { serviceType: 'NONE', price: 0, domain: null, productName: null };
  if (alreadyOffered || !shouldOfferSmartBenefits(hosting.serviceType, sslOffer.serviceType, period)) return null;
  return { hosting, ssl: sslOffer };
}
