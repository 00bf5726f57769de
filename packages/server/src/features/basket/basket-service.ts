import { randomUUID } from 'node:crypto';
import { parseFullDomain, ZBasketPeriod, type TAddItemRequest, type TBasket } from '@kavel/core';
import type { Database } from '../../db/connect.ts';
import { HttpError } from '../../http/errors.ts';
import type { AvailabilityService } from '../availability/availability-service.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import { basketRepository } from './basket-repository.ts';
import { priceBasket } from './basket-pricing.ts';

/** Whose basket: the session's now; the customer's once accounts exist. */
export interface BasketOwner {
  sessionIdHash: string;
}

export interface BasketService {
  get(owner: BasketOwner): Promise<TBasket>;
  addItem(owner: BasketOwner, request: TAddItemRequest, say: (key: 'invalidDomain' | 'unknownProduct' | 'domainUnavailable' | 'availabilityUnknown') => string): Promise<TBasket>;
  removeItem(owner: BasketOwner, unique: string): Promise<TBasket>;
  removeDomain(owner: BasketOwner, domainName: string): Promise<TBasket>;
}

export function createBasketService(deps: { db: Database; catalogue: CatalogueService; availability: AvailabilityService }): BasketService {
  const { db } = deps;

  async function get(owner: BasketOwner): Promise<TBasket> {
    const [basket, catalogue] = await Promise.all([basketRepository.findBySession(db, owner.sessionIdHash), deps.catalogue.snapshot()]);
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
        const basketId = await basketRepository.ensureForSession(tx, owner.sessionIdHash);
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
        const basket = await basketRepository.findBySession(tx, owner.sessionIdHash);
        if (basket) await basketRepository.deleteWithChildren(tx, basket.id, unique);
      });
      return get(owner);
    },

    async removeDomain(owner, domainName) {
      await db.transaction(async (tx) => {
        const basket = await basketRepository.findBySession(tx, owner.sessionIdHash);
        if (!basket) return;
        const item = await basketRepository.findTopLevelByTitle(tx, basket.id, domainName);
        if (item) await basketRepository.deleteWithChildren(tx, basket.id, item.unique);
      });
      return get(owner);
    },
  };
}
