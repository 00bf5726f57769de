import { randomUUID } from 'node:crypto';
import {
  findInvalidServices,
  isDiscountCodeValid,
  parseFullDomain,
  servicesVerdict,
  todayInAmsterdam,
  ZBasketPeriod,
  type Locale,
  type PriceList,
  type TAddItemRequest,
  type TBasket,
  type TBasketChannel,
  type TBasketPeriod,
  type TProductType,
  type TServicesValidation,
  type TSetDomainHolderRequest,
  type TSetGratisProductRequest,
  type TSetServiceTypeRequest,
  type TSetTransferOptionsRequest,
} from '@kavel/core';
import type { Database, Transaction } from '../../db/connect.ts';
import { refusal } from '../../http/errors.ts';
import type { AvailabilityService } from '../availability/availability-service.ts';
import type { CatalogueService, CatalogueSnapshot } from '../catalogue/catalogue-service.ts';
import type { CacheEventsPort } from '../../ports/cache-events/index.ts';
import { cacheKeys, ReadCache } from '../../read-cache.ts';
import { invalidDomainRefusal } from './domain-refusal.ts';
import { basketRepository, channelOf, type BasketItemRow, type BasketOwner } from './basket-repository.ts';
import { createBasketCheckoutOperations, type BasketCheckoutOperations } from './basket-checkout-operations.ts';
import { adoptSessionBasket } from './basket-adoption.ts';
import { priceBasket, priceListOf } from './basket-pricing.ts';
import { createConnectedItemOperations, hostingProductOf, type BasketOwnershipChecks } from './connected-item-operations.ts';
import { HOSTING_DEPENDANTS, serviceCardsOfRows } from './service-types.ts';

export type { BasketOwner } from './basket-repository.ts';
export type { BasketOwnershipChecks } from './connected-item-operations.ts';
export type { BasketAddition, OwnedHostingExtrasRequest } from './basket-checkout-operations.ts';

/** The basket; `BasketCheckoutOperations` holds the changes step 3 and the account's hosting forms make. */
export interface BasketService extends BasketCheckoutOperations {
  get(owner: BasketOwner): Promise<TBasket>;
  /**
   * The same, from this process's cache when it has the basket (see `read-cache.ts`): no database
   * round trip. `writtenAt`: the caller's last change (ms), which the answer must include; a
   * session that is not `stored` has no basket (its answer is the empty one, without a query).
   */
  read(owner: BasketOwner, caller: { writtenAt: number; stored: boolean }): Promise<TBasket>;
  /** A domain (no `parentId`) or a connected item for one (see `connected-item-operations.ts`). */
  addItem(owner: BasketOwner, request: TAddItemRequest, locale: Locale): Promise<TBasket>;
  /** Removes an item with what hangs on it: a domain's connected items, a hosting package's extras and free install. */
  removeItem(owner: BasketOwner, unique: string): Promise<TBasket>;
  removeDomain(owner: BasketOwner, domainName: string): Promise<TBasket>;
  setPeriod(owner: BasketOwner, period: TBasketPeriod): Promise<TBasket>;
  /** Applies a known, valid code (400 with `fieldErrors.code` otherwise; nothing changes). */
  applyDiscountCode(owner: BasketOwner, code: string, locale: Locale): Promise<TBasket>;
  removeDiscountCode(owner: BasketOwner): Promise<TBasket>;
  setServiceType(owner: BasketOwner, request: TSetServiceTypeRequest, locale: Locale): Promise<TBasket>;
  setTransferOptions(owner: BasketOwner, request: TSetTransferOptionsRequest, locale: Locale): Promise<TBasket>;
  setFreeInstall(owner: BasketOwner, request: TSetGratisProductRequest, locale: Locale): Promise<TBasket>;
  removeFreeInstall(owner: BasketOwner, parentId: string, locale: Locale): Promise<TBasket>;
  setDomainHolder(owner: BasketOwner, request: TSetDomainHolderRequest, locale: Locale): Promise<TBasket>;
  /** The basket and step 2's verdict on it, from one read (checkout's `validateBasket`). */
  checked(owner: BasketOwner, locale: Locale): Promise<{ basket: TBasket; services: TServicesValidation }>;
  /** Step 2's verdict on the basket; checkout (`validateBasket`) asks the same. */
  validateServices(owner: BasketOwner, locale: Locale): Promise<TServicesValidation>;
  /**
   * Prices items that are not stored in a basket, as the owner's channel prices them (the reseller
   * API's order: the same pricing as a basket, without keeping one).
   */
  quote(owner: BasketOwner, items: readonly QuotedItem[], period: TBasketPeriod): Promise<TBasket>;
  /** A deleted holder is no longer chosen for any domain of the customer's basket. */
  forgetDomainHolder(customerId: number, holderId: number, tx: Transaction): Promise<void>;
  /**
   * At login or activation: the session's anonymous basket becomes the customer's, or, when the
   * customer already has one, its items move there (domains already there are skipped, connected
   * items move along) and the anonymous basket is deleted. Runs in `tx` when given. `channel`: the
   * customer's basket it goes into; a reseller's is the reseller basket, where they order.
   */
  adoptSessionBasket(sessionIdHash: string, customerId: number, tx?: Transaction, channel?: TBasketChannel): Promise<void>;
}

/** A top-level item to quote (a domain), with its connected items. */
export interface QuotedItem {
  productType: TProductType;
  productId: number;
  productCode: string;
  title: string;
  children?: readonly Omit<QuotedItem, 'children'>[];
}

export interface BasketServiceDeps extends BasketOwnershipChecks {
  db: Database;
  catalogue: CatalogueService;
  availability: AvailabilityService;
  /** The clock that decides whether a discount code is valid today. */
  now?: () => Date;
  /** With it, `read` answers from an in-process cache that these events invalidate. */
  cacheEvents?: CacheEventsPort;
}

/** A cached basket: what was read, and its pricing for one catalogue snapshot and day. */
interface CachedBasket {
  state: { period: TBasketPeriod; discountCode: string | null };
  rows: BasketItemRow[];
  priced: { catalogue: CatalogueSnapshot; list: PriceList; today: string; basket: TBasket } | null;
}

export function createBasketService(deps: BasketServiceDeps): BasketService {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const snapshot = () => deps.catalogue.snapshot();
  const connected = createConnectedItemOperations({ db, snapshot, ownsDnsProfile: deps.ownsDnsProfile, ownsHolder: deps.ownsHolder, activeExtraIds: deps.activeExtraIds });

  const cache = deps.cacheEvents ? new ReadCache<CachedBasket>(deps.cacheEvents) : null;

  async function load(owner: BasketOwner): Promise<CachedBasket> {
    const basket = await basketRepository.findWithItems(db, owner);
    const state = { period: ZBasketPeriod.catch('YEARLY').parse(basket?.period), discountCode: basket?.discountCode ?? null };
    return { state, rows: basket?.items ?? [], priced: null };
  }

  /** Prices `entry` for `owner`'s channel (once per catalogue snapshot and day: the cached answer is reused). */
  function priced(entry: CachedBasket, catalogue: CatalogueSnapshot, owner: BasketOwner): TBasket {
    const today = todayInAmsterdam(now());
    const list = priceListOf(owner, catalogue);
    const cached = entry.priced;
    if (cached?.catalogue === catalogue && cached.today === today && cached.list.channel === 'shop' && list.channel === 'shop') return cached.basket;
    const basket = priceBasket(entry.rows, entry.state, catalogue, today, list);
    entry.priced = { catalogue, list, today, basket };
    return basket;
  }

  const servicesOf = (rows: readonly BasketItemRow[], locale: Locale) => servicesVerdict(findInvalidServices(serviceCardsOfRows(rows)), locale);

  async function get(owner: BasketOwner): Promise<TBasket> {
    const [entry, catalogue] = await Promise.all([load(owner), snapshot()]);
    return priced(entry, catalogue, owner);
  }

  async function read(owner: BasketOwner, { writtenAt, stored }: { writtenAt: number; stored: boolean }): Promise<TBasket> {
    if (!stored && owner.customerId === null) return priced({ state: { period: 'YEARLY', discountCode: null }, rows: [], priced: null }, await snapshot(), owner);
    // Only the shop's baskets are cached (the session's invalidation names them); a reseller's is read.
    if (!cache || channelOf(owner) !== 'shop') return get(owner);
    const key = cacheKeys.basket(owner);
    let entry = cache.get(key, writtenAt);
    if (!entry) {
      const ticket = cache.ticket();
      entry = await load(owner);
      cache.set(key, entry, ticket);
    }
    return priced(entry, await snapshot(), owner);
  }

  /** A change under a domain (see `connected-item-operations.ts`), answering the basket as it is afterwards. */
  const answeringBasket =
    <Args extends unknown[]>(change: (owner: BasketOwner, ...args: Args) => Promise<void>) =>
    async (owner: BasketOwner, ...args: Args): Promise<TBasket> => {
      await change(owner, ...args);
      return get(owner);
    };

  /** Runs a change on the owner's basket (created when missing, locked meanwhile) and answers the new basket. */
  async function changeBasket(owner: BasketOwner, change: (tx: Transaction, basketId: number) => Promise<void>): Promise<TBasket> {
    await db.transaction(async (tx) => {
      await basketRepository.ensureForOwner(tx, owner);
      const basket = await basketRepository.findByOwner(tx, owner, { lock: true });
      if (!basket) throw new Error('basket vanished right after it was created');
      await change(tx, basket.id);
    });
    return get(owner);
  }

  async function addDomain(owner: BasketOwner, request: TAddItemRequest, locale: Locale): Promise<TBasket> {
    const catalogue = await snapshot();
    const extension = catalogue.extensionsById.get(request.productId);
    if (!extension || extension.productCode !== request.productCode) {
      // Hosting needs a domain to hang on (spec 000 section 2, 'Missing domain').
      if (hostingProductOf(catalogue, request.productId, request.productCode)) throw refusal(locale, 400, 'domainMissingForHosting', 'parentId');
      throw refusal(locale, 400, 'unknownProduct', 'productId');
    }
    const typed = request.title ?? request.value ?? '';
    const domain = parseFullDomain(typed, [extension.extension]);
    if (!domain) throw invalidDomainRefusal(locale, typed, extension.extension);

    // The registry is asked outside the transaction: no lock is held while the network answers.
    const status = await deps.availability.checkDomain(domain.label, domain.extension);
    if (status === 'error') throw refusal(locale, 503, 'availabilityUnknown');
    if (status !== 'free' && status !== 'active') throw refusal(locale, 409, 'domainUnavailable');

    await db.transaction(async (tx) => {
      const basketId = await basketRepository.ensureForOwner(tx, owner);
      await basketRepository.insertItem(tx, basketId, {
        unique: randomUUID(),
        parentUnique: null,
        productType: status === 'free' ? 'DOMAIN' : 'DOMAIN_TRANSFER',
        productId: extension.productId,
        productCode: extension.productCode,
        title: `${domain.label}.${domain.extension}`,
        options: {},
      });
    });
    return get(owner);
  }

  return {
    get,
    read,
    ...createBasketCheckoutOperations({ db, snapshot, now, connected }),

    async addItem(owner, request, locale) {
      if (request.parentId === undefined) return addDomain(owner, request, locale);
      await connected.add(owner, { ...request, parentId: request.parentId }, locale);
      return get(owner);
    },

    async removeItem(owner, unique) {
      await db.transaction(async (tx) => {
        const basket = await basketRepository.findByOwner(tx, owner, { lock: true });
        const item = basket ? await basketRepository.findItem(tx, basket.id, unique) : null;
        if (!basket || !item) return;
        if (item.productType === 'LINUX_PACKAGE' && item.parentUnique !== null) {
          await basketRepository.deleteChildrenOfTypes(tx, item.parentUnique, HOSTING_DEPENDANTS);
        }
        await basketRepository.deleteWithChildren(tx, basket.id, unique);
      });
      return get(owner);
    },

    async removeDomain(owner, domainName) {
      await db.transaction(async (tx) => {
        const basket = await basketRepository.findByOwner(tx, owner, { lock: true });
        if (!basket) return;
        const item = await basketRepository.findTopLevelByTitle(tx, basket.id, domainName);
        if (item) await basketRepository.deleteWithChildren(tx, basket.id, item.unique);
      });
      return get(owner);
    },

    setPeriod: (owner, period) => changeBasket(owner, (tx, basketId) => basketRepository.update(tx, basketId, { period })),

    async applyDiscountCode(owner, code, locale) {
      const rule = (await snapshot()).discountCodes.get(code);
      if (!rule || !isDiscountCodeValid(rule, todayInAmsterdam(now()))) throw refusal(locale, 400, 'discountCodeInvalid', 'code');
      return changeBasket(owner, (tx, basketId) => basketRepository.update(tx, basketId, { discountCode: rule.code }));
    },

    removeDiscountCode: (owner) => changeBasket(owner, (tx, basketId) => basketRepository.update(tx, basketId, { discountCode: null })),

    setServiceType: answeringBasket(connected.setServiceType),
    setTransferOptions: answeringBasket(connected.setTransferOptions),
    setFreeInstall: answeringBasket(connected.setFreeInstall),
    removeFreeInstall: answeringBasket(connected.removeFreeInstall),
    setDomainHolder: answeringBasket(connected.setDomainHolder),

    async validateServices(owner, locale) {
      return servicesOf((await load(owner)).rows, locale);
    },

    async checked(owner, locale) {
      const [entry, catalogue] = await Promise.all([load(owner), snapshot()]);
      return { basket: priced(entry, catalogue, owner), services: servicesOf(entry.rows, locale) };
    },

    async quote(owner, items, period) {
      let id = 0;
      const rowOf = (item: Omit<QuotedItem, 'children'>, parentUnique: string | null): BasketItemRow => ({
        id: ++id,
        basketId: 0,
        unique: randomUUID(),
        parentUnique,
        productType: item.productType,
        productId: item.productId,
        productCode: item.productCode,
        title: item.title,
        invoiced: false,
        options: {},
        createdAt: now(),
      });
      const rows = items.flatMap((item) => {
        const parent = rowOf(item, null);
        return [parent, ...(item.children ?? []).map((child) => rowOf(child, parent.unique))];
      });
      return priced({ state: { period, discountCode: null }, rows, priced: null }, await snapshot(), owner);
    },

    async forgetDomainHolder(customerId, holderId, tx) {
      await basketRepository.clearHolder(tx, customerId, holderId);
    },

    async adoptSessionBasket(sessionIdHash, customerId, tx, channel = 'shop') {
      await (tx ? adoptSessionBasket(tx, sessionIdHash, customerId, channel) : db.transaction((q) => adoptSessionBasket(q, sessionIdHash, customerId, channel)));
    },
  };
}
