import { randomUUID } from 'node:crypto';
import { parseFullDomain, ZBasketPeriod, type TAddItemRequest, type TBasket } from '@kavel/core';
import type { Database, Queryable, Transaction } from '../../db/connect.ts';
import { HttpError } from '../../http/errors.ts';
import type { AvailabilityService } from '../availability/availability-service.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import { basketRepository, type BasketItemRow, type BasketOwner } from './basket-repository.ts';
import { priceBasket } from './basket-pricing.ts';

export type { BasketOwner } from './basket-repository.ts';

export interface BasketService {
  get(owner: BasketOwner): Promise<TBasket>;
  addItem(owner: BasketOwner, request: TAddItemRequest, say: (key: 'invalidDomain' | 'unknownProduct' | 'domainUnavailable' | 'availabilityUnknown') => string): Promise<TBasket>;
  removeItem(owner: BasketOwner, unique: string): Promise<TBasket>;
  removeDomain(owner: BasketOwner, domainName: string): Promise<TBasket>;
  /**
   * At login or activation: the session's anonymous basket becomes the customer's, or, when the
   * customer already has one, its items move there (domains already there are skipped, connected
   * items move along) and the anonymous basket is deleted. Runs in `tx` when given.
   */
  adoptSessionBasket(sessionIdHash: string, customerId: number, tx?: Transaction): Promise<void>;
}

/** The ids of the items that move: top-level items whose title is not taken yet, with everything connected to them. */
function itemsToMove(incoming: readonly BasketItemRow[], present: readonly BasketItemRow[]): number[] {
  const taken = new Set(present.filter((item) => item.parentUnique === null).map((item) => item.title));
  const moving = new Set(incoming.filter((item) => item.parentUnique === null && !taken.has(item.title)).map((item) => item.unique));
  for (let grew = true; grew; ) {
    grew = false;
    for (const item of incoming) {
      if (item.parentUnique !== null && moving.has(item.parentUnique) && !moving.has(item.unique)) {
        moving.add(item.unique);
        grew = true;
      }
    }
  }
  return incoming.filter((item) => moving.has(item.unique)).map((item) => item.id);
}

export function createBasketService(deps: { db: Database; catalogue: CatalogueService; availability: AvailabilityService }): BasketService {
  const { db } = deps;

  async function get(owner: BasketOwner): Promise<TBasket> {
    const [basket, catalogue] = await Promise.all([basketRepository.findByOwner(db, owner), deps.catalogue.snapshot()]);
    const period = ZBasketPeriod.catch('YEARLY').parse(basket?.period);
    const rows = basket ? await basketRepository.listItems(db, basket.id) : [];
    return priceBasket(rows, period, catalogue);
  }

  return {
    get,

    async addItem(owner, request, say) {
      const catalogue = await deps.catalogue.snapshot();
      const extension = catalogue.extensionsById.get(request.productId);
      if (!extension || extension.productCode !== request.productCode) throw new HttpError(400, say('unknownProduct'), { productId: say('unknownProduct') });
      const domain = parseFullDomain(request.title ?? request.value ?? '', [extension.extension]);
      if (!domain) throw new HttpError(400, say('invalidDomain'), { title: say('invalidDomain') });

      // The registry is asked outside the transaction: no lock is held while the network answers.
      const status = await deps.availability.checkDomain(domain.label, domain.extension);
      if (status === 'error') throw new HttpError(503, say('availabilityUnknown'));
      if (status !== 'free' && status !== 'active') throw new HttpError(409, say('domainUnavailable'));

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
    },

    async removeItem(owner, unique) {
      await db.transaction(async (tx) => {
        const basket = await basketRepository.findByOwner(tx, owner);
        if (basket) await basketRepository.deleteWithChildren(tx, basket.id, unique);
      });
      return get(owner);
    },

    async removeDomain(owner, domainName) {
      await db.transaction(async (tx) => {
        const basket = await basketRepository.findByOwner(tx, owner);
        if (!basket) return;
        const item = await basketRepository.findTopLevelByTitle(tx, basket.id, domainName);
        if (item) await basketRepository.deleteWithChildren(tx, basket.id, item.unique);
      });
      return get(owner);
    },

    async adoptSessionBasket(sessionIdHash, customerId, tx) {
      const adopt = async (q: Queryable) => {
        // Locked: an item added meanwhile waits (its foreign key check needs the basket row).
        const anonymous = await basketRepository.findByOwner(q, { sessionIdHash, customerId: null }, { lock: true });
        if (!anonymous) return;
        const own = await basketRepository.findByOwner(q, { sessionIdHash, customerId }, { lock: true });
        if (!own) return basketRepository.assignToCustomer(q, anonymous.id, customerId);
        const incoming = await basketRepository.listItems(q, anonymous.id);
        const present = await basketRepository.listItems(q, own.id);
        await basketRepository.moveItems(q, itemsToMove(incoming, present), own.id);
        await basketRepository.deleteBasket(q, anonymous.id);
      };
      await (tx ? adopt(tx) : db.transaction(adopt));
    },
  };
}
