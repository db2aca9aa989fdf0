import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { writeFileAtomic } from '../../platform/files/atomic-write';
import { readBoundedFileIfExists } from '../../platform/files/bounded-read';
import { withFileLock } from '../../platform/files/lock';

const DAY = 86_400_000;
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

const freshUntil = (cert: X509Certificate) => Date.parse(cert.validTo) - RENEW_BEFORE > Date.now();

/** The stored CA when it parses, is a CA and is not near its end; undefined otherwise (it is replaced). */
function usableCa(pem: string | undefined): X509Certificate | undefined {
  if (pem === undefined) return undefined;
  try {
    const ca = new X509Certificate(pem);
    return ca.ca && freshUntil(ca) ? ca : undefined;
  } catch {
    return undefined; // Unreadable: replace it.
  }
}

/** Whether the stored server certificate was issued by `ca`, is not near its end and names every one of `names` (SANs only). */
function usableServerCert(pem: string | undefined, ca: X509Certificate, names: readonly string[]): boolean {
  if (pem === undefined) return false;
  try {
    const cert = new X509Certificate(pem);
    if (!freshUntil(cert) || !cert.checkIssued(ca) || !cert.verify(ca.publicKey)) return false;
    return names.every((n) => (isIP(n) ? cert.checkIP(n) : cert.checkHost(n, { subject: 'never', wildcards: false })) !== undefined);
  } catch {
    return false;
  }
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
      let ca = caKeyPem ? usableCa(caCertPem) : undefined;
      if (!ca || !caKeyPem || !caCertPem) {
        const created = await (await import('./issue-certificates')).createCa();
        caCertPem = created.certPem;
        caKeyPem = created.keyPem;
        ca = new X509Certificate(caCertPem);
        await write(paths.caKey, caKeyPem, 0o600);
        await write(paths.caCert, caCertPem, 0o644);
      }
      let certPem = await pem(paths.cert);
      let keyPem = await pem(paths.key);
      if (!keyPem || !usableServerCert(certPem, ca, names)) {
        const issued = await (await import('./issue-certificates')).createServerCert(caCertPem, caKeyPem, names);
        certPem = issued.certPem;
        keyPem = issued.keyPem;
        await write(paths.key, keyPem, 0o600);
        await write(paths.cert, certPem, 0o644);
      }
      return { caCertPath: paths.caCert, caCertPem, certPem: certPem as string, keyPem };
    },
    { timeoutMs: 60_000 },
  );
}
