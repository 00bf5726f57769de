import { checkDomainInput, cleanDomainInput } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseKinds, useTestShop } from './support/index.ts';

/** The `domainAvailability` events of one stream, read through app.inject. */
async function statuses(app: FastifyInstance, name: string): Promise<string[]> {
  const response = await app.inject({ method: 'GET', url: `/api/check-domain-extensions?domain=${encodeURIComponent(name)}&extensions[]=nl&extensions[]=com` });
  expect(response.statusCode).toBe(200);
  return [...response.body.matchAll(/^data: (.*)$/gm)].map((match) => (JSON.parse(match[1]!) as { status: string }).status);
}

describe.each(databaseKinds)('the page and the availability stream judge a name alike on $name', (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop));

  it.each(['abc-', 'bakkerij-', '-abc', 'a--b', 'ab', 'mijn-bakkerij', 'bakkerij/pad', 'https://bakkerij.nl/pad', 'a'.repeat(64), 'zö-ë', 'café'])(
    'typed %j: the page refuses it exactly when every row would say invalid',
    async (typed) => {
      const cleaned = cleanDomainInput(typed);
      const label = cleaned.split('.')[0] ?? '';
      const pageRefuses = checkDomainInput(cleaned) !== null;
      const rows = await statuses(app, label);
      expect(rows).toHaveLength(2);
      expect(rows.every((status) => status === 'invalid'), `${typed} -> ${label}: ${rows.join(', ')}`).toBe(pageRefuses);
    },
  );

  it('searches a pasted address by its host, and a bare name with a slash without cutting it', async () => {
    expect(cleanDomainInput('https://bakkerij.nl/pad')).toBe('bakkerij.nl');
    expect(cleanDomainInput('bakkerij/pad')).toBe('bakkerijpad');
    expect(await statuses(app, 'bakkerijpad')).toEqual(['free', 'free']);
  });
});
