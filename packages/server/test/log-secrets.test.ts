import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { buildTestApp, createRecordingMailer, databaseKinds, freshClient, validRegistration } from './support/index.ts';

/**
 * A failed query must not put its bound values in the log: the registration's insert carries
 * the e-mail address, the password hash, the phone number and the address. The log keeps the
 * query text and the error code.
 */
describe.each(databaseKinds)('database errors in the log on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    database = await kind.open();
    app = await buildTestApp(database, { mailer: createRecordingMailer(), logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** The database refuses every new customer with `errcode` while `run` goes. */
  async function whileCustomersRefused<T>(errcode: string, run: () => Promise<T>): Promise<T> {
    await database.db.execute(
      sql.raw(`create function kavel_test_refuse_customer() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test' using errcode = '${errcode}'; end $$`),
    );
    await database.db.execute(sql`create trigger kavel_test_refuse_customer before insert on customers for each row execute function kavel_test_refuse_customer()`);
    try {
      return await run();
    } finally {
      await database.db.execute(sql`drop trigger kavel_test_refuse_customer on customers`);
      await database.db.execute(sql`drop function kavel_test_refuse_customer()`);
    }
  }

  const secrets = (email: string) => [email, 'scrypt$', '+31 20 555 0101', 'Damrak', '1012 LG', 'Bloemenhandel Tulp'];

  it('an unexpected failure (500) logs the query and its code, not the values', async () => {
    const email = 'logboek-500@example.nl';
    lines.length = 0;
    const response = await whileCustomersRefused('P0001', () => freshClient(app).post('/api/register-account', { registrationDto: validRegistration({ email }) }));
    expect(response.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('insert into \\"customers\\"');
    expect(log).toContain('"code":"P0001"');
    for (const secret of secrets(email)) expect(log, secret).not.toContain(secret);
  });

  it('a value the database refuses (400) logs the same way', async () => {
    const email = 'logboek-400@example.nl';
    lines.length = 0;
    const response = await whileCustomersRefused('22021', () => freshClient(app).post('/api/register-account', { registrationDto: validRegistration({ email }) }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Controleer de ingevulde gegevens.' });
    const log = lines.join('');
    expect(log).toContain('"code":"22021"');
    for (const secret of secrets(email)) expect(log, secret).not.toContain(secret);
  });
});
