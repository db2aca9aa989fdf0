/**
 * Which reference gateway on loopback is this config folder's own, and where it listens. Every user (and
 * every config folder) has the same preferred port, so the port alone proves nothing: a gateway is ours
 * only if it completes a TLS handshake verified against the CA in our own config folder, whose key no
 * other user can read (another config folder's gateway has a CA of its own). When another one holds the
 * preferred port, ours listens on a free port, recorded in a small state file in the gateway's data dir
 * (written atomically) so the app and every bridge of this config folder find it.
 */
import { connect as tlsConnect } from 'node:tls';
import path from 'node:path';
import { writeFileAtomic } from '../../platform/files/atomic-write';
import { readBoundedFileIfExists } from '../../platform/files/bounded-read';

/** What listens on a loopback port: our gateway, nothing, or something that cannot prove it is ours. */
export type PortHolder = 'ours' | 'free' | 'other';

const HANDSHAKE_TIMEOUT_MS = 5_000;

/**
 * Asks whoever listens on host:port to prove it is our gateway: a TLS handshake that verifies against our
 * CA and names the host. No request is sent, so no secret leaves before the proof.
 */
export function portHolder(host: string, port: number, ourCa: string | undefined): Promise<PortHolder> {
  return new Promise((resolve) => {
    const socket = tlsConnect({ host, port, ca: ourCa ?? [], rejectUnauthorized: true, ALPNProtocols: ['http/1.1'] });
    let settled = false;
    const done = (holder: PortHolder) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(holder);
    };
    socket.once('secureConnect', () => done(ourCa !== undefined && socket.authorized ? 'ours' : 'other'));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED' ? 'free' : 'other'));
    socket.setTimeout(HANDSHAKE_TIMEOUT_MS, () => done('other'));
  });
}

/** The state file that records where this config folder's gateway listens when not on its preferred port. */
export function portStateFile(dataDir: string): string {
  return path.join(dataDir, 'embedded-port.json');
}

/** The recorded port, or undefined when there is none or it cannot be read as one (it is only a hint). */
export async function readRecordedPort(dataDir: string): Promise<number | undefined> {
  try {
    const bytes = await readBoundedFileIfExists(portStateFile(dataDir), { limit: 4096, noFollow: true });
    if (!bytes) return undefined;
    const port = (JSON.parse(bytes.toString('utf8')) as { port?: unknown }).port;
    return typeof port === 'number' && Number.isInteger(port) && port > 0 && port < 65_536 ? port : undefined;
  } catch {
    return undefined;
  }
}

export async function recordPort(dataDir: string, port: number): Promise<void> {
  await writeFileAtomic(portStateFile(dataDir), `${JSON.stringify({ port })}\n`, { mode: 0o600 });
}
