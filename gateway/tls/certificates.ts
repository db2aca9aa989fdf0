// @peculiar/x509 resolves its services through tsyringe, which needs the Reflect metadata API loaded first.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { isIP } from 'node:net';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';
import { writeFileAtomic } from '../../platform/files/atomic-write';
import { readBoundedFileIfExists } from '../../platform/files/bounded-read';
import { withFileLock } from '../../platform/files/lock';

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
// Renew before expiry so a long-running app never serves an expired certificate.
const RENEW_BEFORE = 30 * DAY;

export interface TlsMaterial {
  readonly caCertPath: string;
  readonly caCertPem: string;
  readonly certPem: string;
  readonly keyPem: string;
}

/** Names every local certificate covers, plus the bind host when it is a specific name or address. */
export function certificateNames(host: string): string[] {
  const names = ['localhost', '127.0.0.1', '::1'];
  if (host !== '' && host !== '0.0.0.0' && host !== '::' && !names.includes(host)) names.push(host);
  return names;
}

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

async function createCa(): Promise<{ cert: x509.X509Certificate; keyPem: string }> {
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
  return { cert, keyPem: await exportKey(keys.privateKey) };
}

async function createServerCert(
  ca: x509.X509Certificate,
  caKey: CryptoKey,
  names: readonly string[],
): Promise<{ certPem: string; keyPem: string }> {
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

const freshUntil = (cert: x509.X509Certificate) => cert.notAfter.getTime() - RENEW_BEFORE > Date.now();

async function usableServerCert(pem: string | undefined, ca: x509.X509Certificate, names: readonly string[]): Promise<boolean> {
  if (pem === undefined) return false;
  try {
    const cert = new x509.X509Certificate(pem);
    if (!freshUntil(cert) || !(await cert.verify({ publicKey: ca.publicKey, signatureOnly: true }))) return false;
    const san = cert.getExtension(x509.SubjectAlternativeNameExtension);
    const covered = new Set(san?.names.items.map((n) => (n.type === 'ip' ? normaliseIp(n.value) : n.value)) ?? []);
    return names.every((n) => covered.has(isIP(n) ? normaliseIp(n) : n));
  } catch {
    return false;
  }
}

// x509 renders IPv6 SANs in full form; compare through Node's canonical form.
function normaliseIp(ip: string): string {
  return isIP(ip) === 6 ? new URL(`http://[${ip}]/`).hostname.slice(1, -1) : ip;
}

/**
 * The local CA and a server certificate for `names`, created in `dir` on first use and reused
 * afterwards. The CA stays stable across runs (clients trust it once); the server certificate is
 * re-issued from it when it nears expiry or a new host name is needed.
 */
export async function ensureTlsMaterial(dir: string, names: readonly string[]): Promise<TlsMaterial> {
  const paths = {
    caCert: join(dir, 'ca-cert.pem'),
    caKey: join(dir, 'ca-key.pem'),
    cert: join(dir, 'server-cert.pem'),
    key: join(dir, 'server-key.pem'),
  };
  const pem = async (file: string) => (await readBoundedFileIfExists(file, { limit: 'tlsPem' }))?.toString('utf8');
  const write = (file: string, text: string, mode: number) => writeFileAtomic(file, text, { mode, createDir: true });
  return withFileLock(
    join(dir, '.lock'),
    async () => {
      let caCertPem = await pem(paths.caCert);
      let caKeyPem = await pem(paths.caKey);
      let ca: x509.X509Certificate | undefined;
      try {
        ca = caCertPem && caKeyPem ? new x509.X509Certificate(caCertPem) : undefined;
      } catch {
        ca = undefined; // Unreadable: replace it below.
      }
      if (!ca || !caKeyPem || !freshUntil(ca)) {
        const created = await createCa();
        ca = created.cert;
        caCertPem = ca.toString('pem');
        caKeyPem = created.keyPem;
        await write(paths.caKey, caKeyPem, 0o600);
        await write(paths.caCert, caCertPem, 0o644);
      }
      let certPem = await pem(paths.cert);
      let keyPem = await pem(paths.key);
      if (!keyPem || !(await usableServerCert(certPem, ca, names))) {
        const issued = await createServerCert(ca, await importKey(caKeyPem), names);
        certPem = issued.certPem;
        keyPem = issued.keyPem;
        await write(paths.key, keyPem, 0o600);
        await write(paths.cert, certPem, 0o644);
      }
      return { caCertPath: paths.caCert, caCertPem: caCertPem as string, certPem: certPem as string, keyPem };
    },
    { timeoutMs: 60_000 },
  );
}
