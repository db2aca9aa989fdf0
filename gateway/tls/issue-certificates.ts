/**
 * Makes the local CA and server certificates (ECDSA P-256) with @peculiar/x509. Loaded only when a
 * certificate must be made: the library and its ASN.1 stack take about half a second to load, which a
 * gateway that finds its certificates on disk (every start after the first) does not pay.
 */
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { isIP } from 'node:net';
import * as x509 from '@peculiar/x509';

// @peculiar/x509 takes a WebCrypto implementation; Node's is standard but typed separately from the DOM one, and
// the library's `Crypto` parameter means the DOM type or nothing depending on the program's libs: cast past both.
x509.cryptoProvider.set(webcrypto as never);

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY = 86_400_000;
const CA_LIFETIME = 5 * 365 * DAY;
// Clients reject leaf certificates valid for more than 398 days.
const SERVER_LIFETIME = 397 * DAY;

async function newKeys(): Promise<CryptoKeyPair> {
  return await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
}

async function exportKey(key: CryptoKey): Promise<string> {
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', key);
  return x509.PemConverter.encode(pkcs8, 'PRIVATE KEY');
}

async function importKey(pem: string): Promise<CryptoKey> {
  const der = x509.PemConverter.decodeFirst(pem);
  return await webcrypto.subtle.importKey('pkcs8', der, ALGORITHM, true, ['sign']);
}

function serial(): string {
  // Positive 16-byte serial: clear the top bit.
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return Buffer.from(bytes).toString('hex');
}

/** A new local CA: its certificate and private key, as PEM. */
export async function createCa(): Promise<{ certPem: string; keyPem: string }> {
  const keys = await newKeys();
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: 'CN=Gateway Companion Local CA, O=Gateway Companion',
    notBefore: new Date(now - DAY),
    notAfter: new Date(now + CA_LIFETIME),
    keys,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certPem: cert.toString('pem'), keyPem: await exportKey(keys.privateKey) };
}

/** A new server certificate for `names`, issued by the CA given as PEM. */
export async function createServerCert(
  caCertPem: string,
  caKeyPem: string,
  names: readonly string[],
): Promise<{ certPem: string; keyPem: string }> {
  const ca = new x509.X509Certificate(caCertPem);
  const caKey = await importKey(caKeyPem);
  const keys = await newKeys();
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: 'CN=localhost, O=Gateway Companion',
    issuer: ca.subject,
    notBefore: new Date(now - DAY),
    notAfter: new Date(now + SERVER_LIFETIME),
    publicKey: keys.publicKey,
    signingKey: caKey,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(names.map((value) => ({ type: isIP(value) ? 'ip' : 'dns', value }) as const)),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(ca.publicKey),
    ],
  });
  return { certPem: cert.toString('pem'), keyPem: await exportKey(keys.privateKey) };
}
