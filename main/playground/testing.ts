import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PathContext } from '../credentials/config-paths';
import type { Credentials, Keychain } from '../credentials/keychain';

/** An in-memory keychain for unit tests (the e2e tests use the real Secret Service). */
export function memoryKeychain(): Keychain & { readonly items: Map<string, Credentials> } {
  const items = new Map<string, Credentials>();
  return {
    items,
    get: async (account) => items.get(account),
    set: async (account, credentials) => void items.set(account, { ...credentials }),
    delete: async (account) => items.delete(account),
    diagnose: async () => undefined,
  };
}

/** A throwaway HOME with Linux config paths inside it. */
export function tempHome(prefix = 'companion-playground-'): { home: string; env: NodeJS.ProcessEnv; paths: PathContext } {
  const home = mkdtempSync(path.join(tmpdir(), prefix));
  const env: NodeJS.ProcessEnv = { HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') };
  return { home, env, paths: { env, platform: 'linux', homedir: home } };
}

/** A loopback port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
