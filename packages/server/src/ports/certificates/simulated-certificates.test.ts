import { execFile } from 'node:child_process';
import { randomUUID, X509Certificate, createPrivateKey } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/support/test-database.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { CertificateRequest } from './certificate-port.ts';
import { createSimulatedCertificates, isCertifiableName, type SimulatedCertificatesOptions } from './simulated-certificates.ts';
import { createCertificateRequest } from './x509.ts';

const run = promisify(execFile);

/** The openssl binary, or null where it is missing (the chain check is then skipped, and says so). */
const openssl = await run('openssl', ['version']).then(
  () => 'openssl',
  () => null,
);

async function opensslVerify(ca: string, chain: string, certificate: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kavel-cert-'));
  try {
    await writeFile(join(dir, 'ca.pem'), ca);
    await writeFile(join(dir, 'chain.pem'), chain);
    await writeFile(join(dir, 'cert.pem'), certificate);
    const { stdout } = await run('openssl', ['verify', '-CAfile', join(dir, 'ca.pem'), '-untrusted', join(dir, 'chain.pem'), '-purpose', 'sslserver', join(dir, 'cert.pem')]);
    return stdout.trim();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// Key generation costs some tens of ms; one request per name set serves every test.
const requests = new Map<string, { csrPem: string; privateKeyPem: string }>();
async function order(clientRef: string, extra: Partial<CertificateRequest> = {}): Promise<CertificateRequest> {
  const commonName = extra.commonName ?? 'example.nl';
  const altNames = extra.altNames ?? ['www.example.nl', '*.example.nl'];
  const key = `${commonName} ${altNames.join(',')}`;
  if (!requests.has(key)) requests.set(key, await createCertificateRequest({ commonName, altNames }));
  return { clientRef, productCode: 'SSL_DV', commonName, altNames, validation: 'DV', csrPem: requests.get(key)!.csrPem, ...extra };
}

describe.each(databaseKinds)('simulated certificate authority on $name', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await kind.open();
  });
  afterAll(async () => {
    await database.close();
  });

  /** A fresh authority per test, on a clock the test moves. */
  function authority(extra: Partial<SimulatedCertificatesOptions> = {}) {
    const clock = { at: new Date() };
    const port = createSimulatedCertificates({ db: database.db, authority: randomUUID(), issueSeconds: 0, now: () => clock.at, ...extra });
    return { port, advance: (seconds: number) => void (clock.at = new Date(clock.at.getTime() + seconds * 1000)) };
  }

  it('accepts a request as pending and issues it after the validation delay', async () => {
    const { port, advance } = authority({ issueSeconds: 60 });
    const placed = await port.issue(await order('order-1:a'));
    expect(placed).toMatchObject({ ok: true, status: 'pending' });
    if (!placed.ok) throw new Error('not placed');
    expect(await port.status(placed.providerRef)).toEqual({ ok: true, status: 'pending' });
    advance(59);
    expect(await port.status(placed.providerRef)).toEqual({ ok: true, status: 'pending' });
    advance(1);
    const issued = await port.status(placed.providerRef);
    expect(issued).toMatchObject({ ok: true, status: 'issued' });
    // Asked again: the same certificate, not a new one.
    expect(await port.status(placed.providerRef)).toEqual(issued);
  });

  it('issues a real certificate for the names, one year, that openssl accepts under the test root', async () => {
    const { port } = authority();
    const request = await order('order-2:a');
    const placed = await port.issue(request);
    if (!placed.ok) throw new Error('not placed');
    const answer = await port.status(placed.providerRef);
    if (!answer.ok || answer.status !== 'issued') throw new Error(`not issued: ${JSON.stringify(answer)}`);
    const certificate = new X509Certificate(answer.certificatePem!);
    const intermediate = new X509Certificate(answer.chainPem!);
    const root = new X509Certificate(await port.rootCertificatePem());
    expect(certificate.subject).toBe('CN=example.nl');
    expect(certificate.subjectAltName).toBe('DNS:example.nl, DNS:www.example.nl, DNS:*.example.nl');
    expect(certificate.checkHost('shop.example.nl')).toBe('*.example.nl');
    expect(certificate.checkHost('a.b.example.nl')).toBeUndefined();
    expect(certificate.ca).toBe(false);
    expect(certificate.checkIssued(intermediate) && intermediate.checkIssued(root)).toBe(true);
    expect(certificate.verify(intermediate.publicKey)).toBe(true);
    expect(certificate.serialNumber).toMatch(/^[0-9A-F]{32}$/);
    const days = (Date.parse(certificate.validTo) - Date.parse(certificate.validFrom)) / 86_400_000;
    expect(Math.round(days)).toBe(365);
    expect(new Date(answer.notAfter!).getTime()).toBe(Date.parse(certificate.validTo));
    // The certificate is for the key the shop made and kept.
    const privateKey = createPrivateKey(requests.get('example.nl www.example.nl,*.example.nl')!.privateKeyPem);
    expect(certificate.checkPrivateKey(privateKey)).toBe(true);
    if (openssl) expect(await opensslVerify(root.toString(), intermediate.toString(), certificate.toString())).toMatch(/: OK$/);
    else console.warn('openssl is missing: the chain check with openssl verify was skipped');
  });

  it('gives every certificate its own serial, under the same chain', async () => {
    const { port } = authority();
    const first = await port.issue(await order('order-3:a'));
    const second = await port.issue(await order('order-3:b'));
    if (!first.ok || !second.ok) throw new Error('not placed');
    const [a, b] = await Promise.all([port.status(first.providerRef), port.status(second.providerRef)]);
    if (!a.ok || !b.ok) throw new Error('no status');
    expect(new X509Certificate(a.certificatePem!).serialNumber).not.toBe(new X509Certificate(b.certificatePem!).serialNumber);
    expect(a.chainPem).toBe(b.chainPem);
  });

  it('shares the authority with a second instance (another process, a restart)', async () => {
    const name = randomUUID();
    const first = createSimulatedCertificates({ db: database.db, authority: name, issueSeconds: 0 });
    const placed = await first.issue(await order('order-4:a'));
    if (!placed.ok) throw new Error('not placed');
    const second = createSimulatedCertificates({ db: database.db, authority: name, issueSeconds: 0 });
    expect(await second.issue(await order('order-4:a'))).toEqual(placed);
    const answer = await second.status(placed.providerRef);
    expect(answer).toMatchObject({ ok: true, status: 'issued' });
    expect(await second.rootCertificatePem()).toBe(await first.rootCertificatePem());
  });

  it('answers a repeated request with the first order, also when sent at once from several processes', async () => {
    const name = randomUUID();
    const ports = [1, 2, 3].map(() => createSimulatedCertificates({ db: database.db, authority: name, issueSeconds: 60 }));
    const request = await order('order-5:a');
    const answers = await Promise.all(ports.map((port) => port.issue(request)));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(new Set(answers.map((answer) => answer.ok && answer.providerRef)).size).toBe(1);
    expect(await ports[0]!.issue(request)).toEqual(answers[0]);
  });

  it('answers an injected failure, and a retry with the same reference orders once', async () => {
    let failNext = true;
    const { port } = authority({
      inject: (call) => {
        if (call !== 'issue' || !failNext) return null;
        failNext = false;
        return { ok: false, reason: 'unreachable', detail: 'injected' };
      },
    });
    expect(await port.issue(await order('order-6:a'))).toEqual({ ok: false, reason: 'unreachable', detail: 'injected' });
    const retried = await port.issue(await order('order-6:a'));
    expect(retried).toMatchObject({ ok: true, status: 'pending' });
    if (!retried.ok) throw new Error('not placed');
    expect(await port.status(retried.providerRef)).toMatchObject({ ok: true, status: 'issued' });
  });

  it('fails every issue at failure rate 1 and none at 0', async () => {
    expect(await authority({ failureRate: 1 }).port.issue(await order('order-7:a'))).toMatchObject({ ok: false, reason: 'unreachable' });
    expect(await authority({ failureRate: 0 }).port.issue(await order('order-7:a'))).toMatchObject({ ok: true });
    expect(() => authority({ failureRate: 2 })).toThrow(RangeError);
  });

  it('fails validation of a .invalid name or an injected one, after the delay', async () => {
    const { port } = authority({ inject: (call, request) => (call === 'issue' && typeof request !== 'string' && request.clientRef === 'order-8:b' ? { validationFails: 'no answer at _pki-validation' } : null) });
    const invalid = await port.issue(await order('order-8:a', { commonName: 'nergens.invalid', altNames: [] }));
    const injected = await port.issue(await order('order-8:b'));
    if (!invalid.ok || !injected.ok) throw new Error('not placed');
    expect(await port.status(invalid.providerRef)).toEqual({ ok: true, status: 'failed', detail: 'domain validation of nergens.invalid failed' });
    expect(await port.status(injected.providerRef)).toEqual({ ok: true, status: 'failed', detail: 'no answer at _pki-validation' });
    expect(await port.revoke(injected.providerRef)).toMatchObject({ ok: false, reason: 'refused' });
  });

  it('refuses orders a CA would refuse', async () => {
    const { port } = authority();
    expect(await port.issue(await order('order-9:a', { altNames: ['foo..example.nl'] }))).toMatchObject({ ok: false, reason: 'refused' });
    expect(await port.issue(await order('order-9:b', { validation: 'OV' }))).toMatchObject({ ok: false, reason: 'refused', detail: 'OV needs the organisation' });
    expect(await port.issue(await order('order-9:c', { validation: 'EV', organisation: 'Bakkerij BV' }))).toMatchObject({ ok: false, detail: '*.example.nl cannot be certified (no wildcards in EV)' });
    expect(await port.issue(await order('order-9:d', { csrPem: 'not a request' }))).toMatchObject({ ok: false, reason: 'refused' });
    const other = await createCertificateRequest({ commonName: 'ander.nl', altNames: [] });
    expect(await port.issue(await order('order-9:e', { csrPem: other.csrPem }))).toMatchObject({ ok: false, reason: 'refused', detail: expect.stringContaining('ander.nl') });
  });

  it('puts the organisation of an OV order in the subject', async () => {
    const { port } = authority();
    const placed = await port.issue(await order('order-10:a', { productCode: 'SSL_OV', validation: 'OV', organisation: 'Bakkerij De Korst BV' }));
    if (!placed.ok) throw new Error(`not placed: ${JSON.stringify(placed)}`);
    const answer = await port.status(placed.providerRef);
    if (!answer.ok) throw new Error('no status');
    expect(new X509Certificate(answer.certificatePem!).subject).toBe('O=Bakkerij De Korst BV\nC=NL\nCN=example.nl');
  });

  it('revokes an issued certificate and cancels a pending order; a repeat answers ok, an unknown reference unknown', async () => {
    const { port } = authority();
    const placed = await port.issue(await order('order-11:a'));
    if (!placed.ok) throw new Error('not placed');
    expect(await port.status(placed.providerRef)).toMatchObject({ status: 'issued' });
    expect(await port.revoke(placed.providerRef)).toEqual({ ok: true });
    expect(await port.revoke(placed.providerRef)).toEqual({ ok: true });
    expect(await port.status(placed.providerRef)).toMatchObject({ ok: true, status: 'revoked', certificatePem: expect.stringContaining('BEGIN CERTIFICATE') });

    const slow = authority({ issueSeconds: 60 });
    const pending = await slow.port.issue(await order('order-11:b'));
    if (!pending.ok) throw new Error('not placed');
    expect(await slow.port.revoke(pending.providerRef)).toEqual({ ok: true });
    slow.advance(120);
    expect(await slow.port.status(pending.providerRef)).toEqual({ ok: true, status: 'revoked' });

    expect(await port.revoke('simcert-999999')).toMatchObject({ ok: false, reason: 'unknown' });
    expect(await port.status('nonsense')).toMatchObject({ ok: false, reason: 'unknown' });
    // Another authority's order is unknown here.
    expect(await slow.port.status(placed.providerRef)).toMatchObject({ ok: false, reason: 'unknown' });
  });
});

describe('isCertifiableName', () => {
  it('takes host names and a leading wildcard only', () => {
    expect(isCertifiableName('example.nl', true)).toBe(true);
    expect(isCertifiableName('*.example.nl', true)).toBe(true);
    expect(isCertifiableName('*.example.nl', false)).toBe(false);
    expect(isCertifiableName('*.nl', true)).toBe(false);
    expect(isCertifiableName('www.*.example.nl', true)).toBe(false);
    expect(isCertifiableName('localhost', true)).toBe(false);
    expect(isCertifiableName('-a.example.nl', true)).toBe(false);
    expect(isCertifiableName('xn--bcker-gra.nl', true)).toBe(true);
  });
});
