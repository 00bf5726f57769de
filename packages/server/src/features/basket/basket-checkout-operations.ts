import { randomUUID } from 'node:crypto';
import { todayInAmsterdam, ZBasketPeriod, type Locale, type TBasket } from '@kavel/core';
import type { Database, Transaction } from '../../db/connect.ts';
import { refusal } from '../../http/errors.ts';
import type { CatalogueSnapshot } from '../catalogue/catalogue-service.ts';
import { basketRepository, channelOf, type BasketItemRow, type BasketOwner } from './basket-repository.ts';
import { priceBasket } from './basket-pricing.ts';
import { accountHostingProductOf, extraProductOf, HOSTING_TYPES, hostingProductOf, type ConnectedItemOperations } from './connected-item-operations.ts';
import { isDomainItem } from './service-types.ts';

/** A product to hang under a domain of the basket: a hosting package (replacing one) or an extra service. */
export interface BasketAddition {
  parentUnique: string;
  productId: number;
  productCode: string;
}

/** An existing hosting account as the basket needs it to add extras to it. */
export interface OwnedHostingExtrasRequest {
  domain: string;
  /** The account's current package: it goes into the basket already paid. */
  productId: number;
  productCode: string;
  extras: ReadonlyArray<{ productId: number; productCode: string }>;
  /** Extras the account already has: skipped. */
  ownedExtraIds: readonly number[];
}

export interface BasketCheckoutOperations {
  /** Removes these items (with what hangs on them) in one transaction; unknown ones are ignored. */
  removeItems(owner: BasketOwner, uniques: readonly string[]): Promise<void>;
  /**
   * Adds what `decide` answers for the basket as it is now, in one transaction with the basket
   * locked: the decision and the change see the same basket. `decide` may throw a refusal; then,
   * as on any failure, nothing changes.
   */
  addToDomains(owner: BasketOwner, decide: (basket: TBasket) => BasketAddition[], locale: Locale): Promise<void>;
  /**
   * Puts a domain the customer already has into the basket (invoiced, so priced 0) with a hosting
   * package under it, replacing what the basket held for that domain. The caller checked ownership.
   */
  addOwnedDomainWithHosting(owner: BasketOwner, request: { domain: string; productId: number; productCode: string }, locale: Locale): Promise<void>;
  /**
   * Extras for an existing hosting account: its domain and current package go in as invoiced items
   * (priced 0; an upgrade already in the basket stays), the new extras under them. The caller
   * checked ownership of the account.
   */
  addExtrasToOwnedHosting(owner: BasketOwner, request: OwnedHostingExtrasRequest, locale: Locale): Promise<void>;
}

export interface BasketCheckoutDeps {
  db: Database;
  snapshot(): Promise<CatalogueSnapshot>;
  now(): Date;
  connected: ConnectedItemOperations;
}

/** The basket changes that step 3 and the account's hosting forms make. */
export function createBasketCheckoutOperations(deps: BasketCheckoutDeps): BasketCheckoutOperations {
  const { db, connected } = deps;

  /** The owner's locked basket (created when missing) and the invoiced domain item `domain`, replacing a registration or transfer of it. */
  async function ownedDomainItem(tx: Transaction, owner: BasketOwner, domainName: string, extension: { productId: number; productCode: string }) {
    const basketId = await basketRepository.ensureForOwner(tx, owner);
    await basketRepository.findByOwner(tx, owner, { lock: true });
    let domain = await basketRepository.findTopLevelByTitle(tx, basketId, domainName);
    if (domain && !domain.invoiced) {
      // The customer has this domain already: a registration or transfer of it makes no sense.
      await basketRepository.deleteWithChildren(tx, basketId, domain.unique);
      domain = null;
    }
    if (!domain) {
      const unique = randomUUID();
      const item = { unique, parentUnique: null, productType: 'DOMAIN', productId: extension.productId, productCode: extension.productCode, title: domainName, invoiced: true, options: {} };
      await basketRepository.insertItem(tx, basketId, item);
      domain = await basketRepository.findItem(tx, basketId, unique);
      if (!domain) throw new Error('invoiced domain vanished right after it was added');
    }
    return { basketId, domain };
  }

  const extensionOf = (catalogue: CatalogueSnapshot, domain: string, locale: Locale) => {
    const extension = catalogue.extensionsByName.get(domain.slice(domain.indexOf('.') + 1));
    if (!extension) throw refusal(locale, 404, 'notFound');
    return extension;
  };

  return {
    async removeItems(owner, uniques) {
      if (uniques.length === 0) return;
      await db.transaction(async (tx) => {
        const basket = await basketRepository.findByOwner(tx, owner, { lock: true });
        if (!basket) return;
        for (const unique of uniques) await basketRepository.deleteWithChildren(tx, basket.id, unique);
      });
    },

    async addToDomains(owner, decide, locale) {
      const catalogue = await deps.snapshot();
      await db.transaction(async (tx) => {
        const basket = await basketRepository.findByOwner(tx, owner, { lock: true });
        const rows = basket ? await basketRepository.listItems(tx, basket.id) : [];
        const period = ZBasketPeriod.catch('YEARLY').parse(basket?.period);
        const priced = priceBasket(rows, { period, discountCode: basket?.discountCode ?? null }, catalogue, todayInAmsterdam(deps.now()));
        const additions = decide(priced);
        if (additions.length === 0) return;
        if (!basket) throw new Error('additions decided for a basket that does not exist');
        for (const addition of additions) {
          const domain = await basketRepository.findItem(tx, basket.id, addition.parentUnique);
          if (!domain || !isDomainItem(domain)) throw refusal(locale, 404, 'notFound');
          const hosting = hostingProductOf(catalogue, addition.productId, addition.productCode);
          const extra = extraProductOf(catalogue, addition.productId, addition.productCode);
          if (hosting) await connected.putHosting(tx, basket.id, domain, hosting);
          else if (extra) await connected.addExtra(tx, owner, basket.id, domain, extra, locale);
          else throw refusal(locale, 400, 'unknownProduct', 'productId');
        }
      });
    },

    async addOwnedDomainWithHosting(owner, request, locale) {
      const catalogue = await deps.snapshot();
      const hosting = accountHostingProductOf(catalogue, request.productId, request.productCode, channelOf(owner));
      if (!hosting) throw refusal(locale, 400, 'unknownProduct', 'productId');
      const extension = extensionOf(catalogue, request.domain, locale);
      await db.transaction(async (tx) => {
        const { basketId, domain } = await ownedDomainItem(tx, owner, request.domain, extension);
        await connected.putHosting(tx, basketId, domain, hosting);
      });
    },

    async addExtrasToOwnedHosting(owner, request, locale) {
      const catalogue = await deps.snapshot();
      const extras = request.extras.map((wanted) => {
        const extra = extraProductOf(catalogue, wanted.productId, wanted.productCode);
        if (!extra) throw refusal(locale, 400, 'unknownProduct', 'extraServices');
        return extra;
      });
      // The account's package may have left the catalogue; then it cannot be shown or priced.
      const hosting = accountHostingProductOf(catalogue, request.productId, request.productCode, channelOf(owner));
      if (!hosting) throw refusal(locale, 404, 'notFound', 'hostingPackageId');
      const extension = extensionOf(catalogue, request.domain, locale);
      await db.transaction(async (tx) => {
        const { basketId, domain } = await ownedDomainItem(tx, owner, request.domain, extension);
        const children: BasketItemRow[] = await basketRepository.listChildren(tx, domain.unique);
        // A package already there (an upgrade chosen from the account, or this one) stays.
        if (!children.some((child) => (HOSTING_TYPES as readonly string[]).includes(child.productType))) await connected.putHosting(tx, basketId, domain, hosting, { invoiced: true });
        for (const extra of extras) {
          if (!request.ownedExtraIds.includes(extra.productId)) await connected.addExtra(tx, owner, basketId, domain, extra, locale);
        }
      });
    },
  };
}
