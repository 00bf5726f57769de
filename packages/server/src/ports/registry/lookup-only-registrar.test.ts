import { describe, expect, it } from 'vitest';
import { createRdapRegistry } from './rdap-registry.ts';
import type { RegistryPort } from './registry-port.ts';
import { createWhoisRegistry } from './whois-registry.ts';

const adapters: Array<[string, RegistryPort]> = [
  // Ports nobody listens on: a call that tried to reach a server would fail differently.
  ['RDAP', createRdapRegistry({ baseUrlOverride: 'http://127.0.0.1:9/' })],
  ['WHOIS', createWhoisRegistry({ serverOverride: '127.0.0.1:9' })],
];

describe.each(adapters)('%s registry: registering', (_name, port) => {
  it('cannot register, follow a transfer or release: each answers unsupported, without contacting a server', async () => {
    const answer = await port.register({
      clientRef: 'order-1:a',
      domain: 'mijnbakkerij.nl',
      kind: 'registration',
      transferCode: null,
      years: 1,
      registrant: { company: '', name: 'Anna de Boer', street: 'Damrak', houseNumber: '12', postcode: '1012 LG', city: 'Amsterdam', country: 'NL', phone: '+31 20 555 0101', email: 'anna@example.nl' },
    });
    expect(answer).toMatchObject({ ok: false, reason: 'unsupported' });
    expect(await port.release('mijnbakkerij.nl', 'order-1:a')).toMatchObject({ ok: false, reason: 'unsupported' });
    expect(await port.transferStatus({ clientRef: 'order-1:a', domain: 'mijnbakkerij.nl' })).toMatchObject({ ok: false, reason: 'unsupported' });
  });
});
