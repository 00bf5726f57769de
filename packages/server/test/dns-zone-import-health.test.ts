import { existsSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { ZDnsImportAnswer, ZDnsZonePage } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, listenLocally, loginAs, useTestShop, type TestClient } from './support/index.ts';

/** The longest the shop may keep another request waiting while it imports a large zone. */
const MAX_WAIT_MS = 50;
const RECORDS = 5000;

/**
 * A client in a thread of its own asks `/health` every 10 ms, without waiting for one answer before
 * the next question, and times each answer: its own event loop runs while the server's is busy, so
 * a wait it sees is a wait the server caused. Besides the wall time it notes, on Linux, how much of
 * the wait the server's thread spent working (its CPU time from `/proc`): on a loaded machine other
 * processes take the processor too, and that time is not the shop's doing.
 */
const HEALTH_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const schedstat = '/proc/' + workerData.pid + '/task/' + workerData.pid + '/schedstat';
const serverCpu = () => { try { return Number(readFileSync(schedstat, 'utf8').split(' ')[0]) / 1e6; } catch { return null; } };
const waits = [];
let pending = 0;
let stopping = false;
const ask = async () => {
  pending++;
  const sent = performance.now();
  const cpu = serverCpu();
  try {
    const response = await fetch(workerData.url);
    await response.text();
    const wall = performance.now() - sent;
    const after = serverCpu();
    waits.push({ wall, busy: cpu === null || after === null ? wall : Math.min(wall, after - cpu), ok: response.status === 200 });
  } catch (error) {
    waits.push({ wall: performance.now() - sent, busy: Infinity, ok: false });
  }
  pending--;
  if (stopping && pending === 0) parentPort.postMessage(waits);
};
parentPort.on('message', () => {
  clearInterval(timer);
  stopping = true;
  if (pending === 0) parentPort.postMessage(waits);
});
let timer;
(async () => {
  // The client's own first calls (loading fetch, opening connections) are not the server's waits.
  for (let i = 0; i < 5; i++) await Promise.all([1, 2, 3].map(() => fetch(workerData.url).then((response) => response.text())));
  timer = setInterval(ask, 10);
  parentPort.postMessage('ready');
})();
`;

async function healthWaitsDuring(base: string, work: () => Promise<void>): Promise<Array<{ wall: number; busy: number; ok: boolean }>> {
  const client = new Worker(HEALTH_CLIENT, { eval: true, workerData: { url: `${base}/health`, pid: process.pid } });
  try {
    await new Promise((resolve) => client.once('message', resolve));
    await work();
    client.postMessage('stop');
    return await new Promise((resolve) => client.once('message', resolve));
  } finally {
    await client.terminate();
  }
}

/** The server thread's CPU time in ms (Linux), or the wall clock elsewhere. */
const threadCpuMs = (() => {
  const schedstat = `/proc/${process.pid}/task/${process.pid}/schedstat`;
  return existsSync(schedstat) ? () => Number(readFileSync(schedstat, 'utf8').split(' ')[0]) / 1e6 : () => performance.now();
})();

/**
 * The longest stretch the server's event loop worked without coming round, from one turn's
 * `setImmediate` to the next: the longest any request that arrived meanwhile was kept from being
 * read by the shop's own work. Counted in the thread's CPU time, so other processes taking the
 * processor on a loaded machine are not counted as the shop's.
 */
async function longestTurnDuring<T>(work: () => Promise<T>): Promise<{ result: T; longestTurnMs: number; turns: number }> {
  let running = true;
  let last = threadCpuMs();
  let longestTurnMs = 0;
  let turns = 0;
  const tick = () => {
    const now = threadCpuMs();
    longestTurnMs = Math.max(longestTurnMs, now - last);
    last = now;
    turns++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { result: await work(), longestTurnMs, turns };
  } finally {
    running = false;
  }
}

describe.each(databaseKinds)('a zone of 5,000 records imported while /health is read on $name', (kind) => {
  let app: FastifyInstance;
  // Without the in-process worker: publishing the zone afterwards is the publishing job's work, not the import's.
  useTestShop(kind, (shop) => ({ app } = shop), { demoAccounts: true, app: { worker: false } });

  let bakery: TestClient;
  let base: string;
  let domainId: number;
  beforeAll(async () => {
    bakery = await loginAs(app, 'klant@demo.kavel.nl');
    domainId = ZDnsZonePage.parse((await bakery.get('/api/account/dns-beheren?name=goudenkorst.nl')).json()).domainId;
    base = await listenLocally(app);
    // Connections and code warmed up, so the measurement sees the import and not a first call.
    for (let i = 0; i < 5; i++) await fetch(`${base}/health`).then((response) => response.text());
    await bakery.post(`/api/account/domeinen/${domainId}/dns/import`, { zoneFile: '@ TXT "warm"\n', mode: 'merge' });
  });

  it(`keeps /health waiting at most ${MAX_WAIT_MS} ms while the zone is read, checked and stored`, async () => {
    // One name with thousands of texts: the case whose checks once took seconds.
    const zoneFile = `$TTL 1h\n${Array.from({ length: RECORDS }, (_, i) => `bulk TXT "entry ${i}"`).join('\n')}\n`;
    let body = '';
    const { result: waits, longestTurnMs, turns } = await longestTurnDuring(() =>
      healthWaitsDuring(base, async () => {
        const response = await bakery.post(`/api/account/domeinen/${domainId}/dns/import`, { zoneFile, mode: 'replace' });
        expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
        body = response.body;
      }),
    );
    const longestMs = Math.max(...waits.map((wait) => wait.wall));
    const longestBusyMs = Math.max(...waits.map((wait) => wait.busy));
    const answers = waits.filter((wait) => wait.ok).length;
    expect(ZDnsImportAnswer.parse(JSON.parse(body)).page.dnsListOnStart).toHaveLength(RECORDS);
    // Every question was answered while the import ran, not after it.
    expect(answers).toBe(waits.length);
    expect(answers).toBeGreaterThan(10);
    expect(turns).toBeGreaterThan(answers);
    const figures = `the longest turn of the server's loop worked ${Math.round(longestTurnMs)} ms; the longest wait for /health was ${Math.round(longestMs)} ms, of which the server's thread worked ${Math.round(longestBusyMs)} ms`;
    if (process.env.KAVEL_PRINT_WAITS) console.info(figures);
    expect(longestTurnMs, figures).toBeLessThanOrEqual(MAX_WAIT_MS);
  });
});
