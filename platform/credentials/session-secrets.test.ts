// The app's session store for secrets where the OS keychain cannot be reached: memory only, bound like keychain items.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KeychainError, type Credentials, type Keychain } from './keychain';
import { sessionOnlyNotice, SessionSecrets, withSessionFallback } from './session-secrets';

const unreachableKeychain = (failure: 'no-session-bus' | 'corrupt' = 'no-session-bus'): Keychain => {
  const fail = async (): Promise<never> => {
    throw new KeychainError(
      failure,
      'The OS keychain is unreachable: there is no D-Bus session bus (Platform failure: DBus error)',
      'Run…',
    );
  };
  return { get: fail, set: fail, delete: fail, diagnose: async () => new KeychainError(failure, 'no bus', 'Run…') };
};

function workingKeychain(): Keychain & { items: Map<string, Credentials> } {
  const items = new Map<string, Credentials>();
  return {
    items,
    get: async (a) => items.get(a),
    set: async (a, c) => void items.set(a, c),
    delete: async (a) => items.delete(a),
  };
}

/** Every file under `root` whose bytes contain `needle`. */
function filesContaining(root: string, needle: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat?.isDirectory()) walk(path);
      else if (stat?.isFile() && readFileSync(path).includes(needle)) found.push(path);
    }
  };
  walk(root);
  return found;
}

describe('secrets for this session when the OS keychain cannot be reached', () => {
  const GITHUB = 'http://127.0.0.1:9/api/v3';
  const origin = new URL(GITHUB).origin;

  it('keeps the secret in memory, bound to its origin, says so, and forgets it on sign-out', async () => {
    const secrets = new SessionSecrets();
    const keychain = withSessionFallback(unreachableKeychain(), secrets, 'svc');
    expect(await keychain.get(origin)).toBeUndefined();
    expect(keychain.fallback.unreachable()?.failure).toBe('no-session-bus');
    const item = { accessId: 'octo', secretKey: 'ghp_session0000secret', origin };
    await keychain.set(origin, item);
    expect(await keychain.get(origin)).toEqual(item);
    expect(keychain.fallback.inSession(origin)).toBe(true);
    // Another service (the gateway's) or another account (origin) does not see it.
    expect(await withSessionFallback(unreachableKeychain(), secrets, 'other').get(origin)).toBeUndefined();
    expect(await keychain.get('http://elsewhere.example')).toBeUndefined();
    // "Nothing stored" is not a failure here: the app says where a new secret would go instead.
    expect(await keychain.diagnose?.()).toBeUndefined();
    expect(await keychain.delete(origin)).toBe(true);
    expect(await keychain.get(origin)).toBeUndefined();
    expect(secrets.size).toBe(0);
  });

  it('is gone in a new process: a new session store starts empty', async () => {
    const first = withSessionFallback(unreachableKeychain(), new SessionSecrets(), 'svc');
    await first.set(origin, { accessId: 'octo', secretKey: 'ghp_x', origin });
    const restarted = withSessionFallback(unreachableKeychain(), new SessionSecrets(), 'svc');
    expect(await restarted.get(origin)).toBeUndefined();
  });

  it('uses the keychain whenever it works, and never falls back for a corrupt item', async () => {
    const os = workingKeychain();
    const secrets = new SessionSecrets();
    const keychain = withSessionFallback(os, secrets, 'svc');
    await keychain.set(origin, { accessId: 'a', secretKey: 's', origin });
    expect(os.items.size).toBe(1);
    expect(secrets.size).toBe(0);
    expect(keychain.fallback.unreachable()).toBeUndefined();
    const corrupt = withSessionFallback(unreachableKeychain('corrupt'), secrets, 'svc');
    await expect(corrupt.set(origin, { accessId: 'a', secretKey: 's' })).rejects.toThrow(KeychainError);
    expect(secrets.size).toBe(0);
  });

  it('never writes the secret to disk: HOME and the config folder hold none of its bytes (the e2e journey scans the temp folder too)', async () => {
    const home = mkdtempSync(join(tmpdir(), 'session-secrets-'));
    const before = { HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME };
    process.env.HOME = home;
    process.env.XDG_CONFIG_HOME = join(home, '.config');
    try {
      const secret = `ghp_${'7'.repeat(20)}NeverOnDisk`;
      const keychain = withSessionFallback(unreachableKeychain(), new SessionSecrets(), 'svc');
      await keychain.set(origin, { accessId: 'octo', secretKey: secret, origin });
      expect(await keychain.get(origin)).toMatchObject({ secretKey: secret });
      expect(filesContaining(home, secret)).toEqual([]);
    } finally {
      Object.assign(process.env, before);
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('says in one sentence what happens and how to get a keychain', () => {
    expect(sessionOnlyNotice('linux')).toBe(
      'This computer’s keychain cannot be reached, so the app keeps this sign-in in memory only while it runs (never on disk) and forgets it when it quits; to keep it, install and unlock GNOME Keyring or KWallet (a desktop session provides one), then restart the app.',
    );
    expect(sessionOnlyNotice('linux', 'these credentials')).toContain(
      'keeps these credentials in memory only while it runs (never on disk) and forgets them',
    );
  });
});
