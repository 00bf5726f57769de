import { ZDnsProfileList, ZServicesValidation } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestShop,
  basketCalls,
  basketFrom,
  createActiveAccount,
  databaseKinds,
  loginAs,
  products,
  TestClient,
  type RecordingMailer,
} from './support/index.ts';

const { nl, com, redirect, transferCode } = products;
const URL_MESSAGE = 'De ingevoerde URL is ongeldig. Voer een geldige URL voor het doorsturen.';
const TRANSFER_MESSAGE_START = 'Je hebt nog niet aangevinkt dat je de eigenaar van de te verhuizen domeinnaam bent';

describe.each(databaseKinds)('step 2: redirects, transfers and validation on $name', (kind) => {
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  useTestShop(kind, (shop) => ({ app, mailer } = shop), { demoAccounts: true });

  const withDomain = async (client: TestClient, product: typeof nl, title: string) => {
    const calls = basketCalls(client);
    const basket = basketFrom(await calls.addDomain(product, title));
    return { calls, unique: basket.items.find((item) => item.title === title)!.unique };
  };
  const validate = async (client: TestClient) => ZServicesValidation.parse((await client.post('/api/bestelprocedure/validateServices', {})).json());

  it('refuses a redirect URL that is not http(s) on a domain name, with the spec message, and changes nothing', async () => {
    const { calls, unique } = await withDomain(new TestClient(app), nl, 'doorsturen.nl');
    for (const value of ['ftp:/x', 'http://x', 'localhost', 'javascript:alert(1)', 'mailto:info@example.nl', `https://${'a'.repeat(250)}.nl`]) {
      const response = await calls.addChild(unique, redirect, { value });
      expect(response.statusCode, value).toBe(400);
      expect(response.json(), value).toMatchObject({ message: URL_MESSAGE, fieldErrors: { value: URL_MESSAGE } });
    }
    expect((await calls.get()).items[0]!.connectedItem).toEqual([]);
  });

  it('takes a redirect URL without a scheme as https, and answers what it stored', async () => {
    const { calls, unique } = await withDomain(new TestClient(app), nl, 'zonder-schema.nl');
    const response = await calls.addChild(unique, redirect, { value: ' www.example.nl ' });
    expect(response.statusCode).toBe(200);
    expect(basketFrom(response).items[0]!.connectedItem).toMatchObject([{ productType: 'REDIRECT', title: 'https://www.example.nl' }]);
  });

  it('answers the URL message in English on an English page', async () => {
    const client = new TestClient(app);
    await client.get('/bestelprocedure?lang=en');
    const { calls, unique } = await withDomain(client, nl, 'redirect-in-english.nl');
    const response = await calls.addChild(unique, redirect, { value: 'ftp:/x' });
    expect(response.json().message).toBe('The URL you entered is invalid. Enter a valid URL to redirect to.');
  });

  it('adds one redirect per domain, priced per year; a second one replaces it', async () => {
    const { calls, unique } = await withDomain(new TestClient(app), nl, 'een-forward.nl');
    const first = basketFrom(await calls.addChild(unique, redirect, { value: 'https://example.nl' }));
    expect(first.items[0]!.connectedItem).toMatchObject([{ productType: 'REDIRECT', title: 'https://example.nl', discountedPricePerPeriod: redirect.price }]);
    expect(first.items[0]!.options.serviceType).toBe('REDIRECT');
    const second = basketFrom(await calls.addChild(unique, redirect, { title: '  http://www.example.com/pad?x=1  ' }));
    expect(second.items[0]!.connectedItem.map((child) => child.title)).toEqual(['http://www.example.com/pad?x=1']);
  });

  it('takes a transfer code only under a domain that is transferred, replacing an earlier one', async () => {
    const client = new TestClient(app);
    const free = await withDomain(client, nl, 'geen-verhuizing.nl');
    const refused = await free.calls.addChild(free.unique, transferCode, { value: 'ABC123' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Een verhuiscode hoort bij een domeinnaam die je naar ons verhuist.');

    const { calls, unique } = await withDomain(client, com, 'google.com');
    const spaced = await calls.addChild(unique, transferCode, { value: 'met spatie' });
    expect(spaced.statusCode).toBe(400);
    expect(spaced.json().fieldErrors).toEqual({ value: 'Een verhuiscode bevat geen spaties. Haal de spatie uit de code.' });
    const accented = await calls.addChild(unique, transferCode, { value: 'códe' });
    expect(accented.json().fieldErrors.value).toMatch(/^Een verhuiscode bestaat alleen uit letters zonder accenten/);
    expect((await calls.get()).items.find((item) => item.unique === unique)!.connectedItem).toEqual([]);
    const trimmed = basketFrom(await calls.addChild(unique, transferCode, { value: '  Xk9#-geplakt\n' }));
    expect(trimmed.items.find((item) => item.unique === unique)!.connectedItem).toMatchObject([{ title: 'Xk9#-geplakt' }]);
    await calls.addChild(unique, transferCode, { value: 'Xk9#-eerste' });
    const basket = basketFrom(await calls.addChild(unique, transferCode, { value: 'Xk9#-tweede', transferDnsLater: true }));
    const transfer = basket.items.find((item) => item.unique === unique)!;
    expect(transfer.connectedItem).toMatchObject([{ productType: 'TRANSFER_CODE', title: 'Xk9#-tweede', discountedPricePerPeriod: 0 }]);
    expect(transfer.options).toEqual({ serviceType: 'HOSTING', customWhoisId: null, ownerConfirmed: false, transferDnsLater: true, dnsProfileId: null });
    expect((await calls.call('setTransferOptions', { unique: free.unique, ownerConfirmed: true })).statusCode).toBe(409);
  });

  it("lists the customer's DNS profiles, and answers 404 for another customer's profile", async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const profiles = ZDnsProfileList.parse((await bakery.get('/api/account/dns/profile')).json());
    expect(profiles.map((profile) => profile.name)).toEqual(['Standaard Kavel', 'Google Workspace']);
    expect((await new TestClient(app).get('/api/account/dns/profile')).json()).toEqual([]);

    const other = await createActiveAccount(app, mailer, 'dns-ander@example.nl');
    expect((await other.get('/api/account/dns/profile')).json()).toEqual([]);
    const theirs = await withDomain(other, com, 'bol.com');
    const viaCode = await theirs.calls.addChild(theirs.unique, transferCode, { value: 'BOL-123', dnsProfileId: profiles[1]!.id });
    expect(viaCode.statusCode).toBe(404);
    expect(viaCode.json().fieldErrors).toHaveProperty('dnsProfileId');
    expect((await theirs.calls.call('setTransferOptions', { unique: theirs.unique, ownerConfirmed: true, dnsProfileId: profiles[0]!.id })).statusCode).toBe(404);
    expect((await theirs.calls.get()).items[0]).toMatchObject({ connectedItem: [], options: { ownerConfirmed: false, dnsProfileId: null } });
    const anonymous = await withDomain(new TestClient(app), com, 'coolblue.com');
    expect((await anonymous.calls.call('setTransferOptions', { unique: anonymous.unique, ownerConfirmed: true, dnsProfileId: profiles[0]!.id })).statusCode).toBe(404);

    const own = await withDomain(bakery, com, 'transip.com');
    const withProfile = basketFrom(await own.calls.addChild(own.unique, transferCode, { value: 'TRANSIP-1', dnsProfileId: profiles[1]!.id }));
    expect(withProfile.items.find((item) => item.unique === own.unique)!.options.dnsProfileId).toBe(profiles[1]!.id);
    const saved = basketFrom(await own.calls.call('setTransferOptions', { unique: own.unique, ownerConfirmed: true, transferDnsLater: true, dnsProfileId: null }));
    expect(saved.items.find((item) => item.unique === own.unique)!.options).toMatchObject({ ownerConfirmed: true, transferDnsLater: true, dnsProfileId: null });
    const kept = basketFrom(await own.calls.call('setTransferOptions', { unique: own.unique, ownerConfirmed: false }));
    expect(kept.items.find((item) => item.unique === own.unique)!.options).toMatchObject({ ownerConfirmed: false, transferDnsLater: true, dnsProfileId: null });
  });

  it('refuses step 2 for an unconfirmed transfer and a redirect card without a redirect, and passes once fixed', async () => {
    const client = new TestClient(app);
    expect(await validate(client)).toEqual({ status: 'OK', message: '', invalid: [] });
    const transfer = await withDomain(client, com, 'rabobank.com');
    const forward = await withDomain(client, nl, 'nog-geen-forward.nl');
    await withDomain(client, nl, 'hosting-zonder-pakket.nl');
    await forward.calls.call('setServiceType', { unique: forward.unique, serviceType: 'REDIRECT' });

    const failed = await validate(client);
    expect(failed.status).toBe('FAILED');
    expect(failed.message.startsWith(TRANSFER_MESSAGE_START)).toBe(true);
    expect(failed.invalid).toEqual([
      { unique: transfer.unique, reason: 'TRANSFER_OWNER_UNCONFIRMED' },
      { unique: forward.unique, reason: 'REDIRECT_MISSING' },
    ]);

    await transfer.calls.call('setTransferOptions', { unique: transfer.unique, ownerConfirmed: true });
    expect(await validate(client)).toEqual({ status: 'FAILED', message: URL_MESSAGE, invalid: [{ unique: forward.unique, reason: 'REDIRECT_MISSING' }] });
    await forward.calls.addChild(forward.unique, redirect, { value: 'https://www.example.nl' });
    expect(await validate(client)).toEqual({ status: 'OK', message: '', invalid: [] });

    await client.get('/bestelprocedure?lang=en');
    await transfer.calls.call('setTransferOptions', { unique: transfer.unique, ownerConfirmed: false });
    expect((await validate(client)).message).toMatch(/^You have not yet confirmed that you are the owner of the domain name to be transferred/);
  });

  it('needs the CSRF token for step 2 calls too', async () => {
    const client = new TestClient(app);
    const { unique } = await withDomain(client, nl, 'zonder-token-stap2.nl');
    const refused = await client.post('/api/bestelprocedure/setServiceType', { unique, serviceType: 'REDIRECT' }, { csrf: false });
    expect(refused.statusCode).toBe(403);
    expect((await basketCalls(client).get()).items[0]!.options.serviceType).toBe('HOSTING');
  });
});
