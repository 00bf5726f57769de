import { parseFullDomain, type TOrderBasketItem } from '@kavel/core';
import { randomUUID } from 'node:crypto';
import type { HolderSnapshot } from '../../db/schema/index.ts';
import type { CatalogueSnapshot } from '../catalogue/catalogue-service.ts';
import type { NewOrderLine } from '../orders/order-repository.ts';

type Line = Omit<NewOrderLine, 'position'>;

const line = (item: TOrderBasketItem, fields: Pick<Line, 'productType' | 'title' | 'options'> & Partial<Line>): Line => ({
  unique: randomUUID(),
  parentUnique: null,
  productId: item.productId,
  productCode: item.productCode,
  productName: item.productName,
  invoiced: false,
  price: item.discountedPrice ?? item.productPrice,
  originalPrice: item.productPrice,
  holder: null,
  ...fields,
});

/**
 * The order lines of an order-app item, in the shape the shop's fulfilment reads: a domain with
 * the customer's own data as its holder (registration only, or a transfer with its code); a
 * package as the child of the customer's (invoiced) domain, so fulfilment creates or changes its
 * hosting account; a certificate, a Cloudflare plan or a VPS as one line with its choices.
 */
export function orderAppLinesOf(item: TOrderBasketItem, holder: HolderSnapshot, snapshot: CatalogueSnapshot): NewOrderLine[] {
  const lines: Line[] = [];
  switch (item.type) {
    case 'domain': {
      const transfer = !item.available;
      const options = { serviceType: 'REGISTRATION_ONLY' as const, customWhoisId: null, ...(transfer ? { transferCode: item.token ?? '', transferDnsLater: item.transferDnsLater } : {}) };
      lines.push(line(item, { productType: transfer ? 'DOMAIN_TRANSFER' : 'DOMAIN', title: item.title, options, holder }));
      break;
    }
    case 'hosting': {
      const domain = item.assignedDomain ?? '';
      const extension = snapshot.extensionsByName.get(parseFullDomain(domain, [...snapshot.extensionsByName.keys()])?.extension ?? '');
      const parent = line(item, {
        productType: 'DOMAIN',
        productId: extension?.productId ?? 0,
        productCode: extension?.productCode ?? '',
        productName: extension?.productName ?? '',
        title: domain,
        invoiced: true,
        price: 0,
        originalPrice: 0,
        options: { serviceType: 'HOSTING' },
      });
      lines.push(parent, line(item, { productType: 'LINUX_PACKAGE', parentUnique: parent.unique, title: item.productName, options: {} }));
      break;
    }
    case 'ssl':
    case 'sslmultidomains':
      lines.push(line(item, { productType: 'SSL_CERTIFICATE', title: item.commonName ?? item.title, options: { commonName: item.commonName ?? item.title, ...(item.type === 'sslmultidomains' ? { altNames: item.assignedDomains } : {}) } }));
      break;
    case 'cloudflare':
      lines.push(line(item, { productType: 'CLOUDFLARE_PLAN', title: item.assignedDomain ?? item.title, options: { assignedDomain: item.assignedDomain ?? '' } }));
      break;
    case 'vpspackage':
      lines.push(line(item, { productType: 'VPS_PACKAGE', title: item.productName, options: item.vpsSpec ? { vpsSpec: item.vpsSpec } : {} }));
      break;
    case 'redirect':
      throw new Error('the order app sells no redirect on its own');
  }
  return lines.map((one, index) => ({ ...one, position: index + 1 }));
}
