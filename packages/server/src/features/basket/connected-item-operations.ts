import { randomUUID } from 'node:crypto';
import {
  ZRedirectUrl,
  ZTransferCode,
  transferCodeProblem,
  type Locale,
  type TAddItemRequest,
  type TBasketChannel,
  type TBasketItemOptions,
  type TServiceType,
  type TSetDomainHolderRequest,
  type TSetGratisProductRequest,
  type TSetServiceTypeRequest,
  type TSetTransferOptionsRequest,
} from '@kavel/core';
import type { Database, Queryable, Transaction } from '../../db/connect.ts';
import { fieldRefusal, refusal } from '../../http/errors.ts';
import type { CatalogueSnapshot } from '../catalogue/catalogue-service.ts';
import { basketRepository, channelOf, type BasketItemRow, type BasketOwner } from './basket-repository.ts';
import { isDomainItem, offersServiceType, removedBy, type ConnectedType } from './service-types.ts';

/** Ownership questions the basket asks other features (dns, whois, hosting), inside its transaction. */
export interface BasketOwnershipChecks {
  ownsDnsProfile(customerId: number, profileId: number, q: Queryable): Promise<boolean>;
  ownsHolder(customerId: number, holderId: number, q: Queryable): Promise<boolean>;
  /** The extras (product ids) the customer's hosting account on this domain already has. */
  activeExtraIds(customerId: number, domain: string, q: Queryable): Promise<ReadonlySet<number>>;
}

export interface ConnectedProduct {
  productType: ConnectedType;
  productId: number;
  productCode: string;
  productName: string;
}

/**
 * The product a connected `addItem` names, when its id and code agree. The reseller channel sells
 * reseller packages and takes transfer codes; the shop sells everything else.
 */
function connectedProductOf(catalogue: CatalogueSnapshot, productId: number, productCode: string, channel: TBasketChannel = 'shop'): ConnectedProduct | null {
  const hosting = catalogue.hostingById.get(productId);
  if (channel === 'reseller') {
    if (hosting?.reseller && hosting.productCode === productCode) return { ...hosting, productType: 'RESELLER_PACKAGE' };
    const other = catalogue.basketProductsById.get(productId);
    return other?.productType === 'TRANSFER_CODE' && other.productCode === productCode ? other : null;
  }
  if (hosting && !hosting.reseller && hosting.productCode === productCode) return { ...hosting, productType: 'LINUX_PACKAGE' };
  const extra = catalogue.extrasById.get(productId);
  if (extra && extra.productCode === productCode) return { ...extra, productType: 'EXTRA_SERVICE' };
  const other = catalogue.basketProductsById.get(productId);
  if (other && other.productCode === productCode) return other;
  return null;
}

/** The extra service a product id and code name, when they agree. */
export function extraProductOf(catalogue: CatalogueSnapshot, productId: number, productCode: string): ConnectedProduct | null {
  const product = connectedProductOf(catalogue, productId, productCode);
  return product?.productType === 'EXTRA_SERVICE' ? product : null;
}

/** The hosting package a product id and code name, when they agree (reseller packages excluded). */
export function hostingProductOf(catalogue: CatalogueSnapshot, productId: number, productCode: string): ConnectedProduct | null {
  const product = connectedProductOf(catalogue, productId, productCode);
  return product?.productType === 'LINUX_PACKAGE' ? product : null;
}

/**
 * The package an account form names (hosting for an owned domain, another package, extras): a
 * customer package, or in the reseller channel also a reseller package (spec 001 section 2:
 * the hosting packages page lets a reseller choose the reseller cards).
 */
export function accountHostingProductOf(catalogue: CatalogueSnapshot, productId: number, productCode: string, channel: TBasketChannel): ConnectedProduct | null {
  return hostingProductOf(catalogue, productId, productCode) ?? (channel === 'reseller' ? connectedProductOf(catalogue, productId, productCode, 'reseller') : null);
}

/** A domain's hosting: a customer package or a reseller package (one of them at most). */
export const HOSTING_TYPES = ['LINUX_PACKAGE', 'RESELLER_PACKAGE'] as const;

export interface ConnectedItemDeps extends BasketOwnershipChecks {
  db: Database;
  snapshot(): Promise<CatalogueSnapshot>;
}

/** Step 2's changes to the item tree under a domain; each runs in one transaction with the basket locked. */
export function createConnectedItemOperations(deps: ConnectedItemDeps) {
  const { db } = deps;

  /** Runs `change` on the owner's locked basket and the domain item `unique` in it (404 when either is missing). */
  async function onDomain(owner: BasketOwner, unique: string, locale: Locale, change: (tx: Transaction, domain: BasketItemRow, basketId: number) => Promise<void>) {
    await db.transaction(async (tx) => {
      const basket = await basketRepository.findByOwner(tx, owner, { lock: true });
      const domain = basket ? await basketRepository.findItem(tx, basket.id, unique) : null;
      if (!basket || !domain || !isDomainItem(domain)) throw refusal(locale, 404, 'notFound');
      await change(tx, domain, basket.id);
    });
  }

  const insertChild = (tx: Transaction, basketId: number, domain: BasketItemRow, product: ConnectedProduct, title: string, invoiced = false) =>
    basketRepository.insertItem(tx, basketId, {
      unique: randomUUID(),
      parentUnique: domain.unique,
      productType: product.productType,
      productId: product.productId,
      productCode: product.productCode,
      title,
      invoiced,
      options: {},
    });

  const setOptions = async (tx: Transaction, domain: BasketItemRow, changes: TBasketItemOptions) => {
    domain.options = { ...domain.options, ...changes };
    await basketRepository.setOptions(tx, domain.id, domain.options);
  };

  /** Stores the card's choice and removes the items the other types had. */
  async function applyServiceType(tx: Transaction, domain: BasketItemRow, serviceType: TServiceType) {
    await basketRepository.deleteChildrenOfTypes(tx, domain.unique, removedBy(serviceType));
    if (domain.options.serviceType !== serviceType) await setOptions(tx, domain, { serviceType });
  }

  async function hasHosting(tx: Transaction, domain: BasketItemRow) {
    return (await basketRepository.listChildren(tx, domain.unique)).some((child) => (HOSTING_TYPES as readonly string[]).includes(child.productType));
  }

  async function checkDnsProfile(tx: Transaction, owner: BasketOwner, profileId: number | null | undefined, locale: Locale) {
    if (profileId === undefined || profileId === null) return;
    if (owner.customerId === null || !(await deps.ownsDnsProfile(owner.customerId, profileId, tx))) throw refusal(locale, 404, 'notFound', 'dnsProfileId');
  }

  /**
   * A domain's one hosting package, replacing an earlier one; its extras and free install stay.
   * `invoiced`: the package an existing hosting account already has (priced 0).
   */
  async function putHosting(tx: Transaction, basketId: number, domain: BasketItemRow, hosting: ConnectedProduct, options: { invoiced?: boolean } = {}) {
    await applyServiceType(tx, domain, 'HOSTING');
    await basketRepository.deleteChildrenOfTypes(tx, domain.unique, HOSTING_TYPES);
    await insertChild(tx, basketId, domain, hosting, hosting.productName, options.invoiced ?? false);
  }

  /** The extras the hosting of an owned domain (an upgrade) has already; none for a new domain. */
  async function activeExtras(tx: Transaction, owner: BasketOwner, domain: BasketItemRow): Promise<ReadonlySet<number>> {
    if (!domain.invoiced || owner.customerId === null) return new Set();
    return deps.activeExtraIds(owner.customerId, domain.title, tx);
  }

  /**
   * An extra service under a domain with hosting (409 without, and 409 for an extra the domain's
   * hosting account has already: it would be billed twice); each extra once, a second add changes nothing.
   */
  async function addExtra(tx: Transaction, owner: BasketOwner, basketId: number, domain: BasketItemRow, extra: ConnectedProduct, locale: Locale) {
    if (!(await hasHosting(tx, domain))) throw refusal(locale, 409, 'hostingRequired');
    if ((await activeExtras(tx, owner, domain)).has(extra.productId)) throw refusal(locale, 409, 'extraAlreadyActive', 'productId');
    await insertChild(tx, basketId, domain, extra, extra.productName);
  }

  return {
    putHosting,
    addExtra,

    /** `addItem` with a `parentId`: hosting, extra service, redirect or transfer code for a domain. */
    async add(owner: BasketOwner, request: TAddItemRequest & { parentId: string }, locale: Locale): Promise<void> {
      const product = connectedProductOf(await deps.snapshot(), request.productId, request.productCode, channelOf(owner));
      if (!product) throw refusal(locale, 400, 'unknownProduct', 'productId');
      const value = request.value ?? request.title ?? '';
      let title = product.productName;
      if (product.productType === 'REDIRECT') {
        const url = ZRedirectUrl.safeParse(value);
        if (!url.success) throw fieldRefusal(locale, 'value', 'redirectUrl');
        title = url.data;
      } else if (product.productType === 'TRANSFER_CODE') {
        const code = ZTransferCode.safeParse(value);
        if (!code.success) throw fieldRefusal(locale, 'value', transferCodeProblem(value.trim()) ?? 'transferCode');
        title = code.data;
      }

      await onDomain(owner, request.parentId, locale, async (tx, domain, basketId) => {
        switch (product.productType) {
          case 'LINUX_PACKAGE':
          case 'RESELLER_PACKAGE':
            // One package per domain, replacing an earlier one (spec 000 section 4: 'changing removes it').
            return putHosting(tx, basketId, domain, product);
          case 'EXTRA_SERVICE':
            return addExtra(tx, owner, basketId, domain, product, locale);
          case 'REDIRECT':
            if (!offersServiceType(domain, 'REDIRECT')) throw refusal(locale, 409, 'serviceTypeNotOffered');
            await applyServiceType(tx, domain, 'REDIRECT');
            await basketRepository.deleteChildrenOfTypes(tx, domain.unique, ['REDIRECT']);
            await insertChild(tx, basketId, domain, product, title);
            return;
          case 'TRANSFER_CODE':
            if (domain.productType !== 'DOMAIN_TRANSFER') throw refusal(locale, 409, 'transferCodeNeedsTransfer');
            await checkDnsProfile(tx, owner, request.dnsProfileId, locale);
            await basketRepository.deleteChildrenOfTypes(tx, domain.unique, ['TRANSFER_CODE']);
            await insertChild(tx, basketId, domain, product, title);
            await setOptions(tx, domain, {
              // The reseller wizard saves a transfer only with its ownership box ticked (spec 001 section 4).
              ...(channelOf(owner) === 'reseller' ? { ownerConfirmed: true } : {}),
              ...(request.transferDnsLater !== undefined ? { transferDnsLater: request.transferDnsLater } : {}),
              ...(request.dnsProfileId !== undefined ? { dnsProfileId: request.dnsProfileId } : {}),
            });
            return;
          case 'FREE_INSTALL':
            throw refusal(locale, 400, 'unknownProduct', 'productId');
        }
      });
    },

    /** `setGratisProduct`: the free CMS install of a domain with hosting, replacing an earlier one. */
    async setFreeInstall(owner: BasketOwner, request: TSetGratisProductRequest, locale: Locale): Promise<void> {
      const install = (await deps.snapshot()).freeInstallsById.get(request.productId);
      if (!install || install.productCode !== request.productCode) throw refusal(locale, 400, 'unknownProduct', 'productId');
      await onDomain(owner, request.parentId, locale, async (tx, domain, basketId) => {
        if (!(await hasHosting(tx, domain))) throw refusal(locale, 409, 'hostingRequired');
        await basketRepository.deleteChildrenOfTypes(tx, domain.unique, ['FREE_INSTALL']);
        await insertChild(tx, basketId, domain, { ...install, productType: 'FREE_INSTALL' }, install.productName);
      });
    },

    async removeFreeInstall(owner: BasketOwner, parentId: string, locale: Locale): Promise<void> {
      await onDomain(owner, parentId, locale, async (tx, domain) => {
        await basketRepository.deleteChildrenOfTypes(tx, domain.unique, ['FREE_INSTALL']);
      });
    },

    async setServiceType(owner: BasketOwner, request: TSetServiceTypeRequest, locale: Locale): Promise<void> {
      await onDomain(owner, request.unique, locale, async (tx, domain) => {
        if (!offersServiceType(domain, request.serviceType)) throw refusal(locale, 409, 'serviceTypeNotOffered');
        await applyServiceType(tx, domain, request.serviceType);
      });
    },

    /** The transfer section's checkboxes; only for a domain that is transferred. */
    async setTransferOptions(owner: BasketOwner, request: TSetTransferOptionsRequest, locale: Locale): Promise<void> {
      await onDomain(owner, request.unique, locale, async (tx, domain) => {
        if (domain.productType !== 'DOMAIN_TRANSFER') throw refusal(locale, 409, 'notATransfer');
        await checkDnsProfile(tx, owner, request.dnsProfileId, locale);
        await setOptions(tx, domain, {
          ownerConfirmed: request.ownerConfirmed,
          ...(request.transferDnsLater !== undefined ? { transferDnsLater: request.transferDnsLater } : {}),
          ...(request.dnsProfileId !== undefined ? { dnsProfileId: request.dnsProfileId } : {}),
        });
      });
    },

    /** The holder a domain is bought for: null for the standard holder, else one of the customer's own. */
    async setDomainHolder(owner: BasketOwner, request: TSetDomainHolderRequest, locale: Locale): Promise<void> {
      await onDomain(owner, request.unique, locale, async (tx, domain) => {
        const id = request.customWhoisId;
        if (id !== null && (owner.customerId === null || !(await deps.ownsHolder(owner.customerId, id, tx)))) {
          throw refusal(locale, 404, 'notFound', 'customWhoisId');
        }
        await setOptions(tx, domain, { customWhoisId: id });
      });
    },
  };
}

export type ConnectedItemOperations = ReturnType<typeof createConnectedItemOperations>;
