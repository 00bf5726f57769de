import type { TBasket, TBasketItem, TCountry, TCustomerSummary, THolderSelection, TWhoisHolder } from '@kavel/core';
import type { HolderSnapshot, InvoiceAddressee } from '../../db/schema/index.ts';
import type { NewOrderLine } from './order-repository.ts';

const isDomain = (item: Pick<TBasketItem, 'productType'>) => item.productType === 'DOMAIN' || item.productType === 'DOMAIN_TRANSFER';

/** A holder chosen for a domain that the purchase did not read beforehand: the basket changed meanwhile. */
export class UnknownHolderError extends Error {}

/** The holder per domain: the purchase's selection overrides the basket's choice; null is the customer's own data. */
function chosenHolderIds(basket: Pick<TBasket, 'items'>, selections: readonly THolderSelection[]): Map<string, number | null> {
  const chosen = new Map<string, number | null>();
  for (const item of basket.items) {
    if (!isDomain(item) || item.invoiced) continue;
    const selection = selections.find((candidate) => candidate.domain === item.title.toLowerCase());
    chosen.set(item.title, selection ? selection.customWhoisId : (item.options.customWhoisId ?? null));
  }
  return chosen;
}

/** The custom holders a purchase of this basket needs (to read them before its transaction). */
export function neededHolderIds(basket: Pick<TBasket, 'items'>, selections: readonly THolderSelection[]): number[] {
  const ids = new Set<number>();
  for (const id of chosenHolderIds(basket, selections).values()) if (id !== null) ids.add(id);
  // A selection for a domain that is not (or no longer) in the basket still must be the customer's.
  for (const selection of selections) if (selection.customWhoisId !== null) ids.add(selection.customWhoisId);
  return [...ids];
}

/**
 * The standard holder as a new registration records it: the account's name and address, with the
 * e-mail address and phone the customer set for it (the whois feature's `standardSnapshot`).
 */
export type StandardHolderOf = (customer: TCustomerSummary, countries: readonly TCountry[]) => Promise<HolderSnapshot>;

/** The account's own data as a holder, before the standard holder's own e-mail address and phone. */
export function standardHolderSnapshot(customer: TCustomerSummary, countries: readonly TCountry[]): HolderSnapshot {
  return {
    customWhoisId: null,
    company: customer.isCompany ? customer.companyName : '',
    forename: customer.firstName,
    surname: customer.lastName,
    street: customer.street,
    houseNumber: customer.streetNumber,
    houseNumberAdd: customer.streetNumberAddition,
    postcode: customer.postCode,
    city: customer.city,
    country: countries.find((country) => country.id === customer.countryId)?.code ?? 'NL',
    phone: customer.phoneNumber,
    email: customer.email,
  };
}

export function customHolderSnapshot(holder: TWhoisHolder): HolderSnapshot {
  const { id, company, forename, surname, street, houseNumber, houseNumberAdd, postcode, city, country, phone, email } = holder;
  return { customWhoisId: id, company, forename, surname, street, houseNumber, houseNumberAdd, postcode, city, country, phone, email };
}

/** Who the invoice is addressed to, as printed on it. */
export function invoiceAddressee(customer: TCustomerSummary, countries: readonly TCountry[]): InvoiceAddressee {
  const number = [customer.streetNumber, customer.streetNumberAddition].filter(Boolean).join(' ');
  return {
    name: `${customer.firstName} ${customer.lastName}`,
    companyName: customer.isCompany ? customer.companyName : '',
    street: [customer.street, number].filter(Boolean).join(' '),
    postCode: customer.postCode,
    city: customer.city,
    country: countries.find((country) => country.id === customer.countryId)?.country ?? 'Nederland',
    email: customer.email,
  };
}

/**
 * The order lines of a priced basket: every item with its price of this period, domains first
 * with their connected items after them (a transfer code is no line). A domain's line carries what fulfilment needs: the
 * card's options, the transfer code and redirect URL of its connected items, and the holder
 * snapshot (for a new domain; a domain the customer has already is not registered again).
 */
export function orderLinesOf(basket: Pick<TBasket, 'items'>, selections: readonly THolderSelection[], holders: { standard: HolderSnapshot; custom: ReadonlyMap<number, HolderSnapshot> }): NewOrderLine[] {
  const chosen = chosenHolderIds(basket, selections);
  const lines: NewOrderLine[] = [];
  for (const item of basket.items) {
    let holder: HolderSnapshot | null = null;
    let options: NewOrderLine['options'] = {};
    if (isDomain(item)) {
      const holderId = chosen.get(item.title);
      if (holderId !== undefined) {
        holder = holderId === null ? holders.standard : (holders.custom.get(holderId) ?? null);
        if (!holder) throw new UnknownHolderError(`holder ${holderId} was not read before the purchase`);
      }
      const transferCode = item.connectedItem.find((child) => child.productType === 'TRANSFER_CODE')?.title;
      const redirectUrl = item.connectedItem.find((child) => child.productType === 'REDIRECT')?.title;
      options = {
        ...item.options,
        ...(holderId !== undefined ? { customWhoisId: holderId } : {}),
        ...(transferCode !== undefined ? { transferCode } : {}),
        ...(redirectUrl !== undefined ? { redirectUrl } : {}),
      };
    }
    // The transfer code travels on the domain line's options for fulfilment; it is not a product
    // bought, so it is no line of the order or the invoice.
    for (const line of [item, ...item.connectedItem.filter((child) => child.productType !== 'TRANSFER_CODE')]) {
      lines.push({
        position: lines.length + 1,
        unique: line.unique,
        parentUnique: line === item ? null : item.unique,
        productType: line.productType,
        productId: line.productId,
        productCode: line.productCode,
        productName: line.productName,
        title: line.title,
        invoiced: line.invoiced,
        price: line.discountedPricePerPeriod,
        originalPrice: line.originalPricePerPeriod,
        options: line === item ? options : {},
        holder: line === item ? holder : null,
      });
    }
  }
  return lines;
}
