import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { buildTestApp, databaseKinds } from './support/index.ts';

// The request log does not touch the database: the embedded one is enough.
const kind = databaseKinds[0]!;

describe.each([true, false])('the request log with REQUEST_LOG=%s', (requestLog) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    database = await kind.open();
    app = await buildTestApp(database, {
      config: { requestLog },
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it(requestLog ? 'writes one info line per request, with a secret query value redacted' : 'writes no line for a request', async () => {
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url: '/health?token=geheim123' });
    expect(response.statusCode).toBe(200);
    const requestLines = lines.filter((line) => line.reqId !== undefined);
    if (!requestLog) {
      expect(requestLines).toEqual([]);
      return;
    }
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ level: 30, method: 'GET', url: '/health?token=%5Bredacted%5D', statusCode: 200 });
    expect(typeof requestLines[0]!.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('geheim123');
  });

  it('keeps an API key sent in the query out of the log, also when the call is refused', async () => {
    lines.length = 0;
    const key = 'kvl_0123456789ab_QUERYkeyQUERYkeyQUERYkeyQUERYkeyQUERYkey123';
    for (const url of [`/api/reseller/v1/domains?api_key=${key}`, `/api/reseller/v1/domains?apiKey=${key}&x=1`, `/health?access_token=${key}`, `/api/onbekend?password=${key}`]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).not.toBe(500);
    }
    expect((await app.inject({ method: 'POST', url: `/api/report-error?client_secret=${key}`, payload: '{', headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
    expect(JSON.stringify(lines)).not.toContain('QUERYkey');
    if (requestLog) expect(lines.filter((line) => String(line.url).includes('api_key=%5Bredacted%5D'))).toHaveLength(1);
  });
});
