import { randomBytes, randomUUID } from 'node:crypto';
import { CAPTCHA_REQUIRED_EVENT } from '@kavel/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Balancer, BalancedClient } from './support/balanced-client.ts';
import { freePort, startShopProcess, type ShopProcess } from './support/shop-process.ts';
import { extractLinks, products, startSmtpCatcher, TEST_PASSWORD, testDatabaseUrl, testRedisUrl, validRegistration, type SmtpCatcher } from './support/index.ts';

/**
 * The shop as an operator runs it on a PostgreSQL server: two `KAVEL_ROLE=web` processes and one
 * `KAVEL_ROLE=worker`, started together on an empty database, mail to a real SMTP server, and
 * clients whose requests alternate between the web processes. Again with Redis when it answers.
 */
const BUYERS = 50;
const FREE_SEARCHES = 3;
const HOST = 'kavel.test';
/** Buyers whose purchase is answered before the worker and one web process are killed. */
const KILL_AFTER_PURCHASES = 15;
const START_MS = 120_000;

// CI always has the PostgreSQL server (`.ci/run` sets TEST_DATABASE_URL when it answers): there a
// missing server is a failure, never a silent pass. A local run without one says why it skips.
const ci = process.env.CI === 'true';
if (testDatabaseUrl === null && !ci) console.warn('multi-process test skipped: TEST_DATABASE_URL is not set (no PostgreSQL server)');
describe.runIf(testDatabaseUrl === null && ci)('multi-process shop on CI', () => {
  it('needs TEST_DATABASE_URL (a PostgreSQL server)', () => {
    expect.fail('CI=true but TEST_DATABASE_URL is not set: the multi-process test needs the PostgreSQL server');
  });
});

const variants = [
  { name: 'counters in PostgreSQL', redis: false },
  ...(testRedisUrl ? [{ name: 'counters on Redis', redis: true }] : []),
];

describe.runIf(testDatabaseUrl !== null).each(variants)('two web processes and a worker on one PostgreSQL database, $name', (variant) => {
  const database = `kavel_mp_${randomBytes(6).toString('hex')}`;
  const redisPrefix = `kavel-mp:${randomBytes(6).toString('hex')}:`;
  let catcher: SmtpCatcher;
  let db: pg.Pool;
  let env: Record<string, string>;
  const processes: ShopProcess[] = [];
  let web: [ShopProcess, ShopProcess];
  let worker: ShopProcess;
  let balancer: Balancer;

  const start = (name: string, role: 'web' | 'worker', port: number | null) => {
    const started = startShopProcess(name, { ...env, KAVEL_ROLE: role, LOG_LEVEL: role === 'worker' ? 'info' : 'warn' }, port);
    processes.push(started);
    return started;
  };
  const outputs = () => processes.map((p) => p.output()).join('\n\n');

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: testDatabaseUrl! });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(testDatabaseUrl!);
    url.pathname = `/${database}`;
    db = new pg.Pool({ connectionString: url.toString(), max: 2 });
    catcher = await startSmtpCatcher();
    env = {
      DATABASE_URL: url.toString(),
      DATABASE_POOL_SIZE: '5',
      PUBLIC_URL: `http://${HOST}`,
      SMTP_URL: catcher.url,
      TRUST_PROXY: '1',
      AVAILABILITY_FREE_SEARCHES: String(FREE_SEARCHES),
      REGISTRY_SIMULATED_LATENCY_MS: '5-20',
      DEMO_ACCOUNTS: 'false',
      ...(variant.redis ? { REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: redisPrefix } : {}),
    };
    const ports = [await freePort(), await freePort()];
    // All three at the same moment, on the empty database: the start-up lock keeps them from racing.
    web = [start('web A', 'web', ports[0]!), start('web B', 'web', ports[1]!)];
    worker = start('worker', 'worker', null);
    await Promise.all([...web, worker].map((p) => p.ready(START_MS)));
    balancer = new Balancer(web.map((p) => p.url!));
  }, START_MS + 30_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await db?.end();
    await catcher?.close();
    const admin = new pg.Client({ connectionString: testDatabaseUrl! });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    if (variant.redis) {
      const { Redis } = await import('ioredis');
      const redis = new Redis(testRedisUrl!, { maxRetriesPerRequest: 1 });
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  }, 90_000);

  const query = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];
  let ipCounter = 0;
  const client = (only?: ShopProcess) => new BalancedClient(only ? new Balancer([only.url!]) : balancer, { host: HOST, ip: `10.77.${variant.redis ? 1 : 0}.${++ipCounter}` });

  it('ran the migrations once although three processes started together', async () => {
    const migrations = await query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations group by hash');
    expect(migrations.length).toBeGreaterThan(0);
    expect(migrations.every((row) => row.n === '1')).toBe(true);
  });

  it('demands the captcha after as many searches, and failed logins, alternating between the processes as against one', async () => {
    const searchesUntilCaptcha = async (visitor: BalancedClient) => {
      for (let n = 1; n <= FREE_SEARCHES + 3; n++) {
        const answer = await visitor.get(`/api/check-domain-extensions?domain=zoeker${n}&extensions[]=nl`);
        expect(answer.status).toBe(200);
        if (answer.body.includes(`event: ${CAPTCHA_REQUIRED_EVENT}`)) return n;
      }
      return null;
    };
    const failuresUntilCaptcha = async (visitor: BalancedClient, username: string) => {
      for (let n = 1; n <= 6; n++) {
        const answer = await visitor.post('/api/login', { username, password: 'een-fout-wachtwoord' });
        expect(answer.status).toBe(401);
        if (answer.json<{ showLoginCaptcha: boolean }>().showLoginCaptcha) return n;
      }
      return null;
    };
    const alternating = client();
    const againstOne = client(web[0]);
    expect(await searchesUntilCaptcha(againstOne)).toBe(FREE_SEARCHES + 1);
    expect(await searchesUntilCaptcha(alternating)).toBe(FREE_SEARCHES + 1);
    const loginsAgainstOne = await failuresUntilCaptcha(client(web[0]), `onbekend-een-${ipCounter}@example.nl`);
    expect(loginsAgainstOne).toBe(3);
    expect(await failuresUntilCaptcha(alternating, `onbekend-twee-${ipCounter}@example.nl`)).toBe(loginsAgainstOne);
    // The requests really went to both processes.
    expect(alternating.answeredBy.size).toBe(2);
  });

  it('takes 50 concurrent purchases, half double-clicked, through a kill -9 of the worker and a web process', async () => {
    const answered = new Map<number, { orderIds: number[]; statuses: number[] }>();
    let purchasesAnswered = 0;
    let answeredAtKill = BUYERS;
    let killed: () => void = () => {};
    const killMoment = new Promise<void>((resolve) => (killed = resolve));

    const buy = async (n: number) => {
      const buyer = client();
      const email = `koper${n}-${variant.redis ? 'r' : 'p'}@example.nl`;
      const registered = await buyer.post('/api/register-account', { registrationDto: validRegistration({ email, firstName: `Koper${n}` }) });
      expect(registered.status, registered.body).toBe(200);
      // The activation mail comes from the worker, which may be down for a while: wait generously.
      const activated = await activate(buyer, email);
      expect(activated, `buyer ${n} could not activate`).toBe(true);
      // Each buyer pays on account, which a staff member approved (there is no back office yet).
      await db.query('update customers set on_account_approved_at = now() where email = $1', [email]);
      if (n % 3 === 0) {
        // Some come back later: logged out, then in again (the activation logged them in).
        expect((await buyer.post('/api/logout', {})).status).toBeLessThan(400);
        const login = await buyer.post('/api/login', { username: email, password: TEST_PASSWORD });
        expect(login.status, login.body).toBe(200);
      }
      const domain = `mp-${n}-${randomUUID().slice(0, 8)}.nl`;
      const added = await buyer.post('/api/bestelprocedure/addItem', { productId: products.nl.productId, productCode: products.nl.productCode, title: domain });
      const basket = added.status === 200 ? added : await buyer.get('/api/bestelprocedure/getBasket');
      const item = basket.json<{ items: Array<{ unique: string; title: string }> }>().items.find((i) => i.title === domain);
      expect(item, `${domain} is not in the basket: ${added.body}`).toBeDefined();
      const hosting = await buyer.post('/api/bestelprocedure/addItem', { productId: products.basic.productId, productCode: products.basic.productCode, parentId: item!.unique });
      expect(hosting.status, hosting.body).toBe(200);

      const body = { paymentMethod: 'MANUAL_PAYMENT', requestId: randomUUID(), termsAccepted: true, customWhois: [] };
      const clicks = n % 2 === 0 ? [buyer.post('/bestelprocedure/purchase', body), buyer.post('/bestelprocedure/purchase', body)] : [buyer.post('/bestelprocedure/purchase', body)];
      const answers = await Promise.all(clicks);
      answered.set(n, { statuses: answers.map((a) => a.status), orderIds: answers.filter((a) => a.status === 200).map((a) => a.json<{ orderId: number }>().orderId) });
      if (++purchasesAnswered === KILL_AFTER_PURCHASES) killed();
    };

    const activate = async (buyer: BalancedClient, email: string) => {
      const deadline = Date.now() + 150_000;
      const tried = new Set<string>();
      while (Date.now() < deadline) {
        // A registration sent twice (its first answer lost with a process) mails a second link; any of them may be the live one.
        const links = catcher.messages.filter((m) => m.to.includes(email)).flatMap((m) => extractLinks(m.text)).filter((l) => l.includes('/account/activeren'));
        for (const link of links.reverse().filter((l) => !tried.has(l))) {
          tried.add(link);
          const token = new URL(link).searchParams.get('token');
          if ((await buyer.post('/api/account/activate', { token })).status === 200) return true;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return false;
    };

    // The worker and web B die in the middle (kill -9) and are started again a moment later.
    const chaos = (async () => {
      await killMoment;
      const [, victim] = web;
      balancer.down(victim.url!);
      await Promise.all([worker.kill(), victim.kill()]);
      answeredAtKill = purchasesAnswered;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const port = Number(new URL(victim.url!).port);
      web[1] = start('web B (again)', 'web', port);
      worker = start('worker (again)', 'worker', null);
      await Promise.all([web[1].ready(START_MS), worker.ready(START_MS)]);
      balancer.back(web[1].url!);
    })();

    const outcomes = await Promise.allSettled(Array.from({ length: BUYERS }, (_, n) => buy(n)));
    if (purchasesAnswered < KILL_AFTER_PURCHASES) killed();
    await chaos;
    const failures = outcomes.flatMap((o, n) => (o.status === 'rejected' ? [`buyer ${n}: ${String(o.reason)}`] : []));
    expect(failures, outputs()).toEqual([]);
    // The kill came in the middle: buyers were still buying.
    expect(answeredAtKill).toBeLessThan(BUYERS);

    // Every buyer got a success answer; a double click answered with the one order.
    expect(answered.size).toBe(BUYERS);
    for (const [n, answer] of answered) {
      expect(answer.statuses.every((s) => s === 200), `buyer ${n}: ${answer.statuses.join(',')}`).toBe(true);
      expect(new Set(answer.orderIds).size, `buyer ${n}`).toBe(1);
    }
    const successIds = [...answered.values()].map((a) => a.orderIds[0]!).sort((a, b) => a - b);

    // Orders answered = orders stored, one per buyer, invoices numbered without gaps.
    const stored = await query<{ id: number; customer_id: number }>('select id, customer_id from orders order by id');
    expect(stored.map((o) => o.id)).toEqual(successIds);
    expect(new Set(stored.map((o) => o.customer_id)).size).toBe(BUYERS);
    const sequences = (await query<{ sequence: number }>('select sequence from invoices order by year, sequence')).map((r) => Number(r.sequence));
    expect(sequences).toEqual(Array.from({ length: BUYERS }, (_, i) => i + 1));

    // All fulfilled within 60 s of the last answer and the worker's restart; nothing delivered twice.
    const deadline = Date.now() + 60_000;
    let fulfilled = 0;
    while (Date.now() < deadline) {
      fulfilled = Number((await query<{ n: string }>("select count(*) as n from orders where status = 'FULFILLED'"))[0]!.n);
      if (fulfilled === BUYERS) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const notFulfilled = await query<{ id: number; status: string }>("select id, status from orders where status <> 'FULFILLED'");
    expect(notFulfilled, `orders not fulfilled within 60 s\n${outputs()}`).toEqual([]);
    // Each order delivered once: one domain and one hosting account of ours, one account on the platform.
    const delivered = await query<{ id: number; domains: string; hosting: string }>(
      'select o.id, (select count(*) from domains d where d.order_id = o.id) as domains, (select count(*) from hosting_accounts h where h.order_id = o.id) as hosting from orders o',
    );
    expect(delivered.filter((o) => o.domains !== '1' || o.hosting !== '1')).toEqual([]);
    expect(Number((await query<{ n: string }>('select count(*) as n from simulated_hosting_accounts'))[0]!.n)).toBe(BUYERS);

    // Each mail the shop decided to send (a send-mail job) reached the SMTP server exactly once,
    // counted as received by the Message-ID the worker derives from the job. The one exception is
    // the window ARCHITECTURE.md documents: the killed worker had a mail accepted by the server but
    // not yet recorded as sent. Such a job shows an unfinished run in `mail_deliveries` (attempts
    // above one), there are at most as many as the worker sends at once (2), and its copies carry
    // the same Message-ID; any other double fails.
    // Mail has no 60 s promise: a send that failed during the kills waits its retry backoff (20 s, then 40 s, 80 s).
    const mailDeadline = Date.now() + 180_000;
    let pending = -1;
    while (Date.now() < mailDeadline) {
      pending = Number((await query<{ n: string }>("select count(*) as n from pgboss.job where name = 'send-mail' and state < 'completed'"))[0]!.n);
      if (pending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const open = pending === 0 ? [] : await query("select id, state, retry_count, start_after, started_on, output from pgboss.job where name = 'send-mail' and state < 'completed'");
    expect(pending, `send-mail jobs still open: ${JSON.stringify(open)}\n${outputs()}`).toBe(0);
    const jobs = await query<{ id: string; state: string }>("select id, state from pgboss.job where name = 'send-mail' union all select id, state from pgboss.archive where name = 'send-mail'");
    expect(jobs.filter((j) => j.state !== 'completed')).toEqual([]);
    const received = new Map<string, number>();
    for (const mail of catcher.messages) received.set(mail.messageId, (received.get(mail.messageId) ?? 0) + 1);
    const interrupted = new Set((await query<{ job_id: string }>('select job_id from mail_deliveries where attempts > 1')).map((row) => `<${row.job_id}@${HOST}>`));
    const sentTwiceInTheWindow = [...received].filter(([id, times]) => times === 2 && interrupted.has(id)).map(([id]) => id);
    if (sentTwiceInTheWindow.length > 0) console.warn(`mail sent twice, by a worker killed between the server's acceptance and its record: ${sentTwiceInTheWindow.join(', ')}`);
    expect(sentTwiceInTheWindow.length).toBeLessThanOrEqual(2);
    const expected = new Map(jobs.map((job) => [`<${job.id}@${HOST}>`, sentTwiceInTheWindow.includes(`<${job.id}@${HOST}>`) ? 2 : 1]));
    expect(Object.fromEntries(received)).toEqual(Object.fromEntries(expected));
    // Every buyer had an activation mail among them.
    for (let n = 0; n < BUYERS; n++) {
      const email = `koper${n}-${variant.redis ? 'r' : 'p'}@example.nl`;
      expect(catcher.messages.some((m) => m.to.includes(email) && m.subject === 'Activeer je account bij Kavel'), email).toBe(true);
    }
    // Every stored order got exactly one order confirmation (one Message-ID), sent to its buyer;
    // no confirmation of an order that is not stored.
    const buyers = await query<{ id: number; email: string }>('select o.id, c.email from orders o join customers c on c.id = o.customer_id order by o.id');
    const confirmations = catcher.messages.filter((m) => m.subject.startsWith('Bevestiging van je bestelling '));
    const confirmed = new Map<string, Set<string>>();
    for (const mail of confirmations) confirmed.set(mail.subject, (confirmed.get(mail.subject) ?? new Set()).add(mail.messageId));
    expect(confirmed.size).toBe(buyers.length);
    for (const { id, email } of buyers) {
      const subject = `Bevestiging van je bestelling ${id}`;
      expect(confirmed.get(subject)?.size ?? 0, `order ${id}: confirmations`).toBe(1);
      expect(confirmations.filter((m) => m.subject === subject).every((m) => m.to.includes(email)), `order ${id}: recipient`).toBe(true);
    }
  }, 540_000);
});
