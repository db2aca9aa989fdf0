import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:https';
import { connect } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateNames, ensureTlsMaterial } from './certificates';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gw-tls-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Completes a TLS handshake with verification on, trusting only `ca`; resolves the authorization error if any. */
async function handshake(
  tls: { certPem: string; keyPem: string },
  ca: string,
  servername: string,
  host = '127.0.0.1',
): Promise<string | null> {
  const server = createServer({ cert: tls.certPem, key: tls.keyPem }, (_req, res) => res.end('ok'));
  await new Promise<void>((r) => server.listen(0, host, r));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<string | null>((resolve) => {
      const socket = connect(
        { host, port, ca, servername: servername === '127.0.0.1' ? undefined : servername, rejectUnauthorized: false },
        () => {
          resolve(socket.authorized ? null : String(socket.authorizationError));
          socket.end();
        },
      );
      socket.on('error', (e: Error) => resolve(e.message));
    });
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

describe('ensureTlsMaterial', () => {
  it('creates a CA and a server certificate that verify for localhost and 127.0.0.1', async () => {
    const tls = await ensureTlsMaterial(dir, certificateNames('127.0.0.1'));
    expect(tls.caCertPem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(tls.caCertPath).toBe(join(dir, 'ca-cert.pem'));
    expect((await stat(join(dir, 'ca-key.pem'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'server-key.pem'))).mode & 0o777).toBe(0o600);
    expect(await handshake(tls, tls.caCertPem, '127.0.0.1')).toBeNull();
    expect(await handshake(tls, tls.caCertPem, 'localhost')).toBeNull();
  });

  it('is rejected by a client that does not trust the CA, and for other names', async () => {
    const tls = await ensureTlsMaterial(dir, certificateNames('127.0.0.1'));
    const otherDir = await mkdtemp(join(tmpdir(), 'gw-tls-other-'));
    try {
      const other = await ensureTlsMaterial(otherDir, certificateNames('127.0.0.1'));
      expect(await handshake(tls, other.caCertPem, 'localhost')).toMatch(/UNABLE_TO_VERIFY|self.signed|unable to verify/i);
    } finally {
      await rm(otherDir, { recursive: true, force: true });
    }
    // A TLS handshake does not check names; checkServerIdentity does, as every HTTPS client runs it.
    const { checkServerIdentity } = await import('node:tls');
    const { X509Certificate } = await import('node:crypto');
    const leaf = new X509Certificate(tls.certPem);
    expect(
      checkServerIdentity('example.com', { subject: { CN: 'localhost' }, subjectaltname: leaf.subjectAltName } as never),
    ).toBeInstanceOf(Error);
    expect(
      checkServerIdentity('localhost', { subject: { CN: 'localhost' }, subjectaltname: leaf.subjectAltName } as never),
    ).toBeUndefined();
  });

  it('reuses the stored CA and certificate, and re-issues only the server certificate for a new host', async () => {
    const first = await ensureTlsMaterial(dir, certificateNames('127.0.0.1'));
    const again = await ensureTlsMaterial(dir, certificateNames('localhost'));
    expect(again).toEqual(first);
    const wider = await ensureTlsMaterial(dir, certificateNames('gateway.test'));
    expect(wider.caCertPem).toBe(first.caCertPem);
    expect(wider.certPem).not.toBe(first.certPem);
    expect(await handshake(wider, wider.caCertPem, 'gateway.test')).toBeNull();
  });

  it('re-issues a stored server certificate that another CA signed, keeping its own CA', async () => {
    const mine = await mkdtemp(join(tmpdir(), 'gw-tls-mine-'));
    const other = await mkdtemp(join(tmpdir(), 'gw-tls-theirs-'));
    try {
      const first = await ensureTlsMaterial(mine, certificateNames('127.0.0.1'));
      const theirs = await ensureTlsMaterial(other, certificateNames('127.0.0.1'));
      await writeFile(join(mine, 'server-cert.pem'), theirs.certPem);
      await writeFile(join(mine, 'server-key.pem'), theirs.keyPem);
      const again = await ensureTlsMaterial(mine, certificateNames('127.0.0.1'));
      expect(again.caCertPem).toBe(first.caCertPem);
      expect(again.certPem).not.toBe(theirs.certPem);
      expect(await handshake(again, again.caCertPem, 'localhost')).toBeNull();
    } finally {
      await rm(mine, { recursive: true, force: true });
      await rm(other, { recursive: true, force: true });
    }
  });

  it('replaces unreadable files instead of failing', async () => {
    const broken = await mkdtemp(join(tmpdir(), 'gw-tls-broken-'));
    try {
      await writeFile(join(broken, 'ca-cert.pem'), 'not a certificate');
      await writeFile(join(broken, 'ca-key.pem'), 'not a key');
      const tls = await ensureTlsMaterial(broken, certificateNames('127.0.0.1'));
      expect(await handshake(tls, tls.caCertPem, 'localhost')).toBeNull();
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });
});
