/**
 * The X.509 work of the certificate port, on node-forge (pure JavaScript; its RSA key generation
 * uses Node's own crypto): the shop's key pair and signing request, and the simulated authority's
 * root, intermediate and leaf certificates.
 */
import { randomBytes } from 'node:crypto';
import forge from 'node-forge';

const { pki } = forge;

const KEY_BITS = 2048;
const DAY_MS = 86_400_000;

export interface KeyPairPem {
  privateKeyPem: string;
  publicKeyPem: string;
}

/** A fresh RSA key pair (Node's native generator, off the main thread). */
function generateKeyPair(): Promise<forge.pki.rsa.KeyPair> {
  return new Promise((resolve, reject) => {
    pki.rsa.generateKeyPair({ bits: KEY_BITS, workers: -1 }, (error, keys) => (error ? reject(error) : resolve(keys)));
  });
}

const dnsNames = (names: string[]) => names.map((value) => ({ type: 2, value }));

/** What a certificate is for: its common name, every DNS name, and (OV, EV) the organisation. */
export interface CertificateSubject {
  commonName: string;
  altNames: string[];
  organisation?: string;
}

/**
 * The shop's side of an order, as with any real CA: a fresh key pair per certificate and a
 * PKCS#10 request naming the common name and every DNS name. The private key stays with the shop.
 */
export async function createCertificateRequest(subject: CertificateSubject): Promise<{ csrPem: string; privateKeyPem: string }> {
  const keys = await generateKeyPair();
  const csr = pki.createCertificationRequest();
  csr.publicKey = keys.publicKey;
  csr.setSubject([{ name: 'commonName', value: subject.commonName }, ...(subject.organisation ? [{ name: 'organizationName', value: subject.organisation }] : [])]);
  const names = [...new Set([subject.commonName, ...subject.altNames])];
  csr.setAttributes([{ name: 'extensionRequest', extensions: [{ name: 'subjectAltName', altNames: dnsNames(names) }] }]);
  csr.sign(keys.privateKey, forge.md.sha256.create());
  return { csrPem: pki.certificationRequestToPem(csr), privateKeyPem: pki.privateKeyToPem(keys.privateKey) };
}

/** The public key and common name of a request whose signature holds, or why it cannot be used. */
export function readCertificateRequest(csrPem: string): { ok: true; publicKey: forge.pki.PublicKey; commonName: string | null } | { ok: false; detail: string } {
  try {
    const csr = pki.certificationRequestFromPem(csrPem);
    if (!csr.verify()) return { ok: false, detail: 'the signing request is not signed by its own key' };
    if (!csr.publicKey) return { ok: false, detail: 'the signing request holds no public key' };
    const commonName = csr.subject.getField('CN') as { value: string } | null;
    return { ok: true, publicKey: csr.publicKey, commonName: commonName?.value ?? null };
  } catch (error) {
    return { ok: false, detail: `unreadable signing request: ${(error as Error).message}` };
  }
}

/** A positive serial of 128 random bits, as hex (CA/Browser Forum: at least 64 random bits). */
function randomSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return bytes.toString('hex');
}

export interface TestAuthorityPem {
  rootKeyPem: string;
  rootCertificatePem: string;
  intermediateKeyPem: string;
  intermediateCertificatePem: string;
}

const caExtensions = (pathLength: number) => [
  { name: 'basicConstraints', cA: true, pathLenConstraint: pathLength, critical: true },
  { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  { name: 'subjectKeyIdentifier' },
];

const authorityKeyIdentifier = (issuer: forge.pki.Certificate) => ({
  name: 'authorityKeyIdentifier',
  keyIdentifier: issuer.generateSubjectKeyIdentifier().getBytes(),
});

/** A root (20 years) and an intermediate (10 years) under it, named after the authority. */
export async function createTestAuthority(name: string, now: Date): Promise<TestAuthorityPem> {
  const [rootKeys, intermediateKeys] = await Promise.all([generateKeyPair(), generateKeyPair()]);
  const subject = (commonName: string) => [
    { name: 'countryName', value: 'NL' },
    { name: 'organizationName', value: 'Kavel simulated CA (not trusted)' },
    { name: 'commonName', value: commonName },
  ];

  const root = pki.createCertificate();
  root.publicKey = rootKeys.publicKey;
  root.serialNumber = randomSerial();
  root.validity.notBefore = new Date(now.getTime() - DAY_MS);
  root.validity.notAfter = new Date(now.getTime() + 20 * 365 * DAY_MS);
  root.setSubject(subject(`Kavel Simulated Root ${name}`));
  root.setIssuer(root.subject.attributes);
  root.setExtensions(caExtensions(1));
  root.sign(rootKeys.privateKey, forge.md.sha256.create());

  const intermediate = pki.createCertificate();
  intermediate.publicKey = intermediateKeys.publicKey;
  intermediate.serialNumber = randomSerial();
  intermediate.validity.notBefore = new Date(now.getTime() - DAY_MS);
  intermediate.validity.notAfter = new Date(now.getTime() + 10 * 365 * DAY_MS);
  intermediate.setSubject(subject(`Kavel Simulated TLS Issuing CA ${name}`));
  intermediate.setIssuer(root.subject.attributes);
  intermediate.setExtensions([...caExtensions(0), authorityKeyIdentifier(root)]);
  intermediate.sign(rootKeys.privateKey, forge.md.sha256.create());

  return {
    rootKeyPem: pki.privateKeyToPem(rootKeys.privateKey),
    rootCertificatePem: pki.certificateToPem(root),
    intermediateKeyPem: pki.privateKeyToPem(intermediateKeys.privateKey),
    intermediateCertificatePem: pki.certificateToPem(intermediate),
  };
}

export interface LeafOrder {
  commonName: string;
  /** Every DNS name, the common name among them. */
  dnsNames: string[];
  validation: 'DV' | 'OV' | 'EV';
  organisation: string | null;
  publicKey: forge.pki.PublicKey;
}

/** A TLS server certificate for the order, valid one year, signed by the intermediate. */
export function signLeaf(authority: Pick<TestAuthorityPem, 'intermediateKeyPem' | 'intermediateCertificatePem'>, order: LeafOrder, now: Date) {
  const issuer = pki.certificateFromPem(authority.intermediateCertificatePem);
  const leaf = pki.createCertificate();
  leaf.publicKey = order.publicKey;
  leaf.serialNumber = randomSerial();
  // Certificates hold whole seconds; so does the stored end of validity.
  now = new Date(Math.floor(now.getTime() / 1000) * 1000);
  // A little backdated, as real CAs do, so clocks that lag behind accept it at once.
  leaf.validity.notBefore = new Date(now.getTime() - 3_600_000);
  leaf.validity.notAfter = new Date(now.getTime() + 365 * DAY_MS);
  const organisation = order.validation !== 'DV' && order.organisation ? [{ name: 'organizationName', value: order.organisation }, { name: 'countryName', value: 'NL' }] : [];
  leaf.setSubject([...organisation, { name: 'commonName', value: order.commonName }]);
  leaf.setIssuer(issuer.subject.attributes);
  leaf.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true, clientAuth: true },
    { name: 'subjectAltName', altNames: dnsNames(order.dnsNames) },
    { name: 'subjectKeyIdentifier' },
    authorityKeyIdentifier(issuer),
  ]);
  leaf.sign(pki.privateKeyFromPem(authority.intermediateKeyPem), forge.md.sha256.create());
  return { certificatePem: pki.certificateToPem(leaf), serial: leaf.serialNumber, notAfter: leaf.validity.notAfter };
}
