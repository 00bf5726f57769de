import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createKeySealing } from './key-sealing.ts';

const PEM = '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----\n';

describe('sealing the certificates’ private keys', () => {
  it('keeps plain PEM without an encryption key', () => {
    const plain = createKeySealing(null);
    expect(plain.seal(PEM)).toBe(PEM);
    expect(plain.open(PEM)).toBe(PEM);
  });

  it('seals with AES-256-GCM, opens again, and still reads a key stored plain before', () => {
    const sealing = createKeySealing(randomBytes(32));
    const sealed = sealing.seal(PEM);
    expect(sealed).toMatch(/^sealed:v1:/);
    expect(sealed).not.toContain('PRIVATE KEY');
    expect(sealing.seal(PEM)).not.toBe(sealed);
    expect(sealing.open(sealed)).toBe(PEM);
    expect(sealing.open(PEM)).toBe(PEM);
  });

  it('refuses a sealed key under another key, a tampered one, and one without any key', () => {
    const sealed = createKeySealing(randomBytes(32)).seal(PEM);
    expect(() => createKeySealing(randomBytes(32)).open(sealed)).toThrow();
    const sealing = createKeySealing(randomBytes(32));
    const [iv, tag, ciphertext] = sealing.seal(PEM).slice('sealed:v1:'.length).split(':') as [string, string, string];
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    const tampered = `sealed:v1:${iv}:${tag}:${flipped.toString('base64url')}`;
    expect(() => sealing.open(tampered)).toThrow();
    expect(() => createKeySealing(null).open(sealed)).toThrow(/ACME_KEY_ENCRYPTION_KEY/);
    expect(() => createKeySealing(randomBytes(16))).toThrow(/32 bytes/);
  });
});
