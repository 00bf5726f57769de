import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of the certificates' private keys (AES-256-GCM) with a key from the
 * environment (`ACME_KEY_ENCRYPTION_KEY`, 32 bytes in base64). Without it keys are stored as
 * plain PEM. A sealed key reads `sealed:v1:<iv>:<tag>:<ciphertext>` (base64url); a plain PEM
 * stored before the key was set is still read, and sealed when its certificate is renewed.
 */
export interface KeySealing {
  seal(keyPem: string): string;
  /** Throws when a sealed key cannot be opened (another encryption key, or tampered). */
  open(stored: string): string;
}

const PREFIX = 'sealed:v1:';

export function createKeySealing(encryptionKey: Buffer | null): KeySealing {
  if (encryptionKey !== null && encryptionKey.length !== 32) throw new Error('the key encryption key must be 32 bytes');
  return {
    seal(keyPem) {
      if (!encryptionKey) return keyPem;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const sealed = Buffer.concat([cipher.update(keyPem, 'utf8'), cipher.final()]);
      return `${PREFIX}${[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join(':')}`;
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      if (!encryptionKey) throw new Error('a sealed certificate key, but no ACME_KEY_ENCRYPTION_KEY');
      const [iv, tag, sealed] = stored.slice(PREFIX.length).split(':').map((part) => Buffer.from(part, 'base64url')) as [Buffer, Buffer, Buffer];
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
    },
  };
}
