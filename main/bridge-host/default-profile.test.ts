import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentPathContext, profilesFile, referenceGatewayDir, type PathContext } from '../../platform/credentials/config-paths';
import { DEFAULT_PROFILE, EMBEDDED_URL, embeddedCaFile, ensureDefaultProfile } from '../../platform/credentials/default-profile';
import type { Credentials, Keychain } from '../../platform/credentials/keychain';
import { ProfileStore } from '../../platform/credentials/profiles';
import { learnDemoAccount } from './demo-account';

// The account is always "default", which the developer's own keychain may hold: an in-memory keychain
// stands in here (the real one is exercised by keychain.test.ts and the bridge's end-to-end tests).
function memoryKeychain(): Keychain & { items: Map<string, Credentials> } {
  const items = new Map<string, Credentials>();
  return {
    items,
    get: async (account) => items.get(account),
    set: async (account, credentials) => void items.set(account, credentials),
    delete: async (account) => items.delete(account),
  };
}

let home: string;
let paths: PathContext;

beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'default-profile-'));
  paths = currentPathContext({ HOME: home, XDG_CONFIG_HOME: path.join(home, 'config') });
});
afterEach(() => rm(home, { recursive: true, force: true }));

describe('ensureDefaultProfile', () => {
  it('creates the embedded profile and stores the reference gateway demo account, once', async () => {
    const keychain = memoryKeychain();
    const profile = await ensureDefaultProfile({ paths, env: {}, keychain, learnDemoAccount });
    expect(profile).toEqual({ name: DEFAULT_PROFILE, kind: 'embedded', url: EMBEDDED_URL, caFile: embeddedCaFile(paths) });
    expect(embeddedCaFile(paths)).toBe(path.join(referenceGatewayDir(paths), 'tls', 'ca-cert.pem'));
    // The demo account came from the reference gateway's data dir, which now holds its CA too.
    const stored = keychain.items.get(DEFAULT_PROFILE);
    expect(stored?.accessId).toMatch(/\S{8,}/);
    expect(await readFile(embeddedCaFile(paths), 'utf8')).toContain('-----BEGIN CERTIFICATE-----');

    // Idempotent, and a profile the user changed is left alone.
    await new ProfileStore(profilesFile(paths)).save({ ...profile, url: 'https://127.0.0.1:48000/mcp' });
    const again = await ensureDefaultProfile({ paths, env: {}, keychain, learnDemoAccount });
    expect(again.url).toBe('https://127.0.0.1:48000/mcp');
    expect(keychain.items.get(DEFAULT_PROFILE)).toEqual(stored);
  });

  it('stores nothing without a demo-account reader or under the environment opt-in', async () => {
    const keychain = memoryKeychain();
    await ensureDefaultProfile({ paths, env: {}, keychain });
    await ensureDefaultProfile({ paths, env: { GATEWAY_COMPANION_CREDENTIALS: 'env' }, keychain, learnDemoAccount });
    expect(keychain.items.size).toBe(0);
    expect((await new ProfileStore(profilesFile(paths)).get(DEFAULT_PROFILE))?.kind).toBe('embedded');
  });
});
