import { ZAdditionalProductPrices, ZOrderProducts, ZSharedHosting } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { databaseKinds, TestClient, useTestShop } from './support/index.ts';

describe.each(databaseKinds)("the order app's products on $name", (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop));

  it('lists the SSL certificates, Cloudflare plans and VPS packages with prices and what each includes, without a session', async () => {
    const response = await new TestClient(app).get('/api/producten');
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const products = ZOrderProducts.parse(response.json());
    expect(products.ssl.find((product) => product.productCode === 'SSL_RAPIDSSL')).toEqual({
      productId: 6001,
      productCode: 'SSL_RAPIDSSL',
      productName: 'RapidSSL',
      type: 'ssl',
      price: 2495,
      period: 'YEARLY',
      brand: 'RapidSSL',
      validation: 'DV',
      insuredValue: 50_000,
      wildcard: false,
      includedNames: 1,
      extraNamePrice: null,
    });
    expect(products.ssl.map((product) => product.type)).toContain('sslmultidomains');
    expect(products.cloudflare.map((plan) => plan.productName)).toEqual(['Cloudflare Pro', 'Cloudflare Business']);
    expect(products.vps.length).toBeGreaterThanOrEqual(4);
    expect(products.vps[0]).toMatchObject({ productCode: 'VPS_S', price: 599, period: 'MONTHLY', spec: { vCpu: 1, memoryGb: 2, diskGb: 40, trafficTb: 2 } });
  });

  it("lists the shared hosting packages as the order app shows them: name, websites, disk space and traffic, no reseller plans", async () => {
    const response = await new TestClient(app).get('/api/bestellen/sharedHostings');
    expect(response.statusCode).toBe(200);
    const hostings = z.array(ZSharedHosting).parse(response.json());
    expect(hostings.map((hosting) => hosting.name)).toEqual(['Intro webhosting', 'Basic webhosting', 'Premium webhosting', 'Professional webhosting', 'XL webhosting', 'XXL webhosting', '3XL webhosting']);
    expect(hostings[0]).toEqual({ productId: 2001, productCode: 'HOSTING_INTRO', name: 'Intro webhosting', domainsAmount: 1, discSpace: '50MB SSD', dataTraffic: '5GB', originalPrice: 249, discountedPrice: 149 });
  });

  it("answers a 'from' price per month for every recommended product type, none missing", async () => {
    const prices = ZAdditionalProductPrices.parse((await new TestClient(app).get('/api/bestellen/additionalProducts')).json());
    for (const [type, price] of Object.entries(prices)) {
      expect(price, type).not.toBeNull();
      expect(price, type).toBeGreaterThan(0);
    }
    // Certificates are sold per year: the cheapest, a twelfth of it rounded up.
    expect(prices.sslCertificate).toBe(Math.ceil(2495 / 12));
    expect(prices.vpsHosting).toBe(599);
    expect(prices.cloudflare).toBe(2000);
  });
});
