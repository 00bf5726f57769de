import { ZWhoisHolder, ZWhoisList } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { buildTestApp, createActiveAccount, createRecordingMailer, databaseKinds, TestClient, type RecordingMailer } from './support/index.ts';

const BASE = '/api/account/whois';
const REQUIRED = 'Dit veld is verplicht.';

/** A complete holder form for a private person; override what a test is about. */
const holderForm = (overrides: Record<string, unknown> = {}) => ({
  forename: 'Jan',
  surname: 'Jansen',
  street: 'Damrak',
  houseNumber: '70',
  postcode: '1012lm',
  city: 'Amsterdam',
  phone: '+31 20 555 0199',
  email: 'Jan.Jansen@Example.nl',
  ...overrides,
});

describe.each(databaseKinds)('domain holders (whois) on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  let anna: TestClient;
  let piet: TestClient;
  beforeAll(async () => {
    database = await kind.open();
    mailer = createRecordingMailer();
    app = await buildTestApp(database, { mailer });
    anna = await createActiveAccount(app, mailer, 'anna-whois@example.nl');
    piet = await createActiveAccount(app, mailer, 'piet-whois@example.nl', { isCompany: false, companyName: '', firstName: 'Piet', lastName: 'Pietersen', phoneNumber: '06 1234 5678' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const create = async (client: TestClient, overrides: Record<string, unknown> = {}) => {
    const response = await client.post(BASE, holderForm(overrides));
    if (response.statusCode !== 200) throw new Error(`create failed: ${response.body}`);
    return (response.json() as { id: number }).id;
  };

  it('needs a logged-in customer for every holder call (401), before reading the form', async () => {
    const visitor = new TestClient(app);
    const calls = [visitor.get(BASE), visitor.get(`${BASE}/standard`), visitor.get(`${BASE}/1`), visitor.post(BASE, {}), visitor.put(`${BASE}/1`, holderForm()), visitor.delete(`${BASE}/1`)];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'Log eerst in.' });
    }
  });

  it('shows the standard holder from the account data, and no custom holders yet', async () => {
    const list = ZWhoisList.parse((await anna.get(BASE)).json());
    expect(list).toEqual({ custom: [], standard: { label: 'Bloemenhandel Tulp, Anna de Boer', email: 'anna-whois@example.nl', phone: '+31 20 555 0101', domains: [] } });
    expect((await anna.get(`${BASE}/standard`)).json()).toEqual(list.standard);
    expect((await piet.get(`${BASE}/standard`)).json()).toEqual({ label: 'Piet Pietersen', email: 'piet-whois@example.nl', phone: '06 1234 5678', domains: [] });
  });

  it('requires every field of the form but the addition and VAT number, with a message per field', async () => {
    const empty = await anna.post(BASE, {});
    expect(empty.statusCode).toBe(400);
    const { fieldErrors } = empty.json() as { fieldErrors: Record<string, string> };
    expect(Object.keys(fieldErrors).sort()).toEqual(['city', 'email', 'forename', 'houseNumber', 'phone', 'postcode', 'street', 'surname']);
    expect(fieldErrors.forename).toBe(REQUIRED);
    expect(fieldErrors.houseNumber).toBe(REQUIRED);

    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ isCompany: true }, 'company', REQUIRED],
      [{ email: 'geen-adres' }, 'email', 'Vul een geldig e-mailadres in.'],
      [{ phone: 'bel me' }, 'phone', 'Vul een geldig telefoonnummer in.'],
      [{ houseNumber: '12a' }, 'houseNumber', 'Vul een huisnummer in (alleen cijfers).'],
      [{ postcode: '12345' }, 'postcode', 'Vul een geldige postcode in, bijvoorbeeld 1234 AB.'],
      [{ country: 'XX' }, 'country', 'Kies een land.'],
      [{ country: 'Nederland' }, 'country', 'Kies een land.'],
      [{ gender: 'X' }, 'gender', REQUIRED],
      [{ houseNumberAdd: 'a'.repeat(11) }, 'houseNumberAdd', 'Dit is te lang.'],
      [{ company: 'Tulp BV', vat: 'geen btw' }, 'vat', 'Vul een geldig btw-nummer in, bijvoorbeeld NL123456789B01.'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await anna.post(BASE, holderForm(overrides));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().fieldErrors, JSON.stringify(overrides)).toEqual({ [field]: message });
    }
    expect(ZWhoisList.parse((await anna.get(BASE)).json()).custom).toEqual([]);
  });

  it('creates a holder with the defaults (NL, Mr.) and reads it back', async () => {
    const id = await create(anna);
    const holder = ZWhoisHolder.parse((await anna.get(`${BASE}/${id}`)).json());
    expect(holder).toEqual({
      id,
      label: 'Jan Jansen',
      isCompany: false,
      company: '',
      gender: 'M',
      forename: 'Jan',
      surname: 'Jansen',
      street: 'Damrak',
      houseNumber: '70',
      houseNumberAdd: '',
      postcode: '1012 LM',
      city: 'Amsterdam',
      country: 'NL',
      phone: '+31 20 555 0199',
      email: 'jan.jansen@example.nl',
      vat: '',
      domains: [],
    });
  });

  it('keeps the company and VAT number for a company only, and takes foreign postcodes as they are', async () => {
    const company = await create(anna, { company: 'Tulp Export B.V.', vat: 'nl 8612.34.567 b01', gender: 'F', forename: 'Anna', surname: 'de Boer', label: 'Export' });
    expect((await anna.get(`${BASE}/${company}`)).json()).toMatchObject({ isCompany: true, company: 'Tulp Export B.V.', vat: 'NL861234567B01', label: 'Export', gender: 'F' });
    const privatePerson = await create(anna, { isCompany: false, company: 'Vergeten', vat: 'NL861234567B01' });
    expect((await anna.get(`${BASE}/${privatePerson}`)).json()).toMatchObject({ isCompany: false, company: '', vat: '' });
    const belgian = await create(anna, { country: 'be', postcode: '1000', city: 'Brussel', houseNumberAdd: 'bus 3' });
    expect((await anna.get(`${BASE}/${belgian}`)).json()).toMatchObject({ country: 'BE', postcode: '1000', houseNumberAdd: 'bus 3' });
    const labels = ZWhoisList.parse((await anna.get(BASE)).json()).custom.map((holder) => holder.label);
    expect(labels).toEqual(expect.arrayContaining(['Export', 'Jan Jansen']));
  });

  it('updates and deletes a holder', async () => {
    const id = await create(anna, { forename: 'Karel' });
    const updated = await anna.put(`${BASE}/${id}`, holderForm({ forename: 'Karel', city: 'Haarlem', postcode: '2011 AB' }));
    expect(updated.statusCode).toBe(200);
    expect(ZWhoisHolder.parse(updated.json())).toMatchObject({ id, city: 'Haarlem', label: 'Karel Jansen' });
    expect((await anna.put(`${BASE}/${id}`, holderForm({ city: '' }))).json().fieldErrors).toEqual({ city: REQUIRED });
    expect((await anna.get(`${BASE}/${id}`)).json().city).toBe('Haarlem');

    expect((await anna.delete(`${BASE}/${id}`)).statusCode).toBe(204);
    expect((await anna.get(`${BASE}/${id}`)).statusCode).toBe(404);
    expect((await anna.delete(`${BASE}/${id}`)).statusCode).toBe(404);
    expect(ZWhoisList.parse((await anna.get(BASE)).json()).custom.map((holder) => holder.id)).not.toContain(id);
  });

  it("answers 404 for another customer's holder, exactly as for one that does not exist, and changes nothing", async () => {
    const id = await create(anna, { forename: 'Geheim' });
    for (const response of [await piet.get(`${BASE}/${id}`), await piet.put(`${BASE}/${id}`, holderForm({ forename: 'Overgenomen' })), await piet.delete(`${BASE}/${id}`), await piet.get(`${BASE}/999999`)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Niet gevonden.' });
    }
    expect((await anna.get(`${BASE}/${id}`)).json().forename).toBe('Geheim');
    expect(ZWhoisList.parse((await piet.get(BASE)).json()).custom).toEqual([]);
    // A path id that is not one names no record.
    expect((await anna.get(`${BASE}/abc`)).statusCode).toBe(404);
  });

  it('needs the CSRF token to create a holder', async () => {
    const response = await app.inject({
      method: 'POST',
      url: BASE,
      headers: { cookie: [...anna.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'content-type': 'application/json' },
      payload: holderForm(),
    });
    expect(response.statusCode).toBe(403);
  });
});
