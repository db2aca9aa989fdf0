// A profile moved to another address does not take its secret along: the bridge (which the playground runs
// in-process too) sends nothing there until the secret is entered again for the new origin.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../gateway/index';
import { currentPathContext, profilesFile, type PathContext } from '../platform/credentials/config-paths';
import { storeCredentials } from '../platform/credentials/credentials';
import { osKeychain } from '../platform/credentials/keychain';
import { ProfileStore } from '../platform/credentials/profiles';
import { createLogger } from './logger';
import { probeProfile } from './probe';

const keychain = osKeychain();
let home: string;
let paths: PathContext;
let gateway: RunningGateway;
let profile: string;
let listener: Server;
let received = '';
let connections = 0;
const sockets = new Set<import('node:net').Socket>();

beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'origin-binding-'));
  paths = currentPathContext({ HOME: home, XDG_CONFIG_HOME: path.join(home, 'config') });
  gateway = await startGateway({ dataDir: path.join(home, 'gateway'), testHooks: true });
  profile = `origin-${randomUUID().slice(0, 8)}`;
  await new ProfileStore(profilesFile(paths)).save({ name: profile, kind: 'remote', url: gateway.url, caFile: gateway.caCertPath });
  await storeCredentials(profile, { accessId: gateway.accessId, secretKey: gateway.secretKey, origin: gateway.url }, keychain);
  received = '';
  connections = 0;
  listener = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
});

afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  await gateway.close();
  await keychain.delete(profile).catch(() => false);
  await rm(home, { recursive: true, force: true });
});

const probe = () => probeProfile({ profile, env: { HOME: home }, paths, keychain, log: createLogger({ debug: false, tag: 'test' }) });

describe('a secret bound to the origin it was entered for', () => {
  it('works where it was entered', async () => {
    expect((await probe()).ok).toBe(true);
  });

  it('is not sent to a profile’s new address, plain http on loopback included, until entered again', async () => {
    const port = (listener.address() as { port: number }).port;
    const store = new ProfileStore(profilesFile(paths));
    await store.save({ name: profile, kind: 'remote', url: `http://127.0.0.1:${port}/mcp` });
    const result = await probe();
    expect(result.ok).toBe(false);
    expect(result.error?.cause).toBe('credentials_missing');
    expect(result.error?.message).toMatch(
      /was entered for https:\/\/127\.0\.0\.1:\d+, but the profile now points at http:\/\/127\.0\.0\.1/,
    );
    expect(received).not.toContain(gateway.secretKey);
    expect(received).not.toMatch(/POST|X-SVC/i);

    // Entered again for the new address: now (and only now) it goes there.
    await storeCredentials(
      profile,
      { accessId: gateway.accessId, secretKey: gateway.secretKey, origin: `http://127.0.0.1:${port}` },
      keychain,
    );
    void probe().catch(() => undefined);
    await expect.poll(() => received, { timeout: 5_000 }).toMatch(/x-svc-secret-key/i);
    expect(connections).toBeGreaterThan(0);
  });
});
