// Runs against the real Secret Service (gnome-keyring under dbus-run-session, as `npm test` provides it).
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clearCredentials,
  credentialStatus,
  ENV_ACCESS_ID,
  ENV_OPT_IN,
  ENV_SECRET_KEY,
  resolveCredentials,
  storeCredentials,
} from './credentials';
import { explainKeychainError, KEYCHAIN_SERVICE, osKeychain } from './keychain';

const run = promisify(execFile);
const account = `test-${randomUUID()}`;
const keychain = osKeychain();

afterAll(async () => {
  await keychain.delete(account).catch(() => false);
});

describe('OS keychain (Secret Service)', () => {
  it('stores one item per profile under service gateway-companion, reads it back and deletes it', async () => {
    expect(await keychain.get(account)).toBeUndefined();
    await storeCredentials(account, { accessId: 'AKID-123', secretKey: 's3cr3t-value-xyz' }, keychain);
    expect(await keychain.get(account)).toEqual({ accessId: 'AKID-123', secretKey: 's3cr3t-value-xyz' });
    // The item is visible to the platform tools under the documented attributes.
    const { stdout } = await run('secret-tool', ['lookup', 'service', KEYCHAIN_SERVICE, 'username', account]);
    expect(JSON.parse(stdout)).toEqual({ accessId: 'AKID-123', secretKey: 's3cr3t-value-xyz' });
    expect(await credentialStatus(account, { env: {}, keychain })).toEqual({ source: 'keychain', stored: true, environmentIgnored: false });
    expect(await clearCredentials(account, keychain)).toBe(true);
    expect(await clearCredentials(account, keychain)).toBe(false);
    expect(await credentialStatus(account, { env: {}, keychain })).toMatchObject({ source: 'none', stored: false });
  });

  it('refuses credentials that cannot travel as header values', async () => {
    await expect(storeCredentials(account, { accessId: 'id', secretKey: 'has space' }, keychain)).rejects.toThrow(
      /secret key contains spaces/,
    );
    await expect(storeCredentials(account, { accessId: '', secretKey: 'x' }, keychain)).rejects.toThrow(/access id is empty/);
    expect(await keychain.get(account)).toBeUndefined();
  });
});

describe('environment opt-in', () => {
  const env = { [ENV_ACCESS_ID]: 'env-id', [ENV_SECRET_KEY]: 'env-secret' };

  it('is used only with GATEWAY_COMPANION_CREDENTIALS=env, and status says so', async () => {
    expect(await resolveCredentials(account, { env, keychain })).toBeUndefined();
    expect(await credentialStatus(account, { env, keychain })).toMatchObject({ source: 'none', environmentIgnored: true });
    const optedIn = { ...env, [ENV_OPT_IN]: 'env' };
    expect(await resolveCredentials(account, { env: optedIn, keychain })).toEqual({
      source: 'environment',
      credentials: { accessId: 'env-id', secretKey: 'env-secret' },
    });
    expect(await credentialStatus(account, { env: optedIn, keychain })).toEqual({
      source: 'environment',
      stored: true,
      environmentIgnored: false,
    });
    await expect(resolveCredentials(account, { env: { [ENV_OPT_IN]: 'env', [ENV_ACCESS_ID]: 'x' }, keychain })).rejects.toThrow(
      /GATEWAY_COMPANION_SECRET_KEY is empty/,
    );
  });
});

// Each failure is produced for real in a child process running our resolveCredentials.
describe('keychain failures', () => {
  async function failure(command: string, args: string[], env: NodeJS.ProcessEnv, dir: string) {
    const script = path.join(dir, 'probe.mts');
    await writeFile(
      script,
      `import { resolveCredentials } from ${JSON.stringify(path.resolve('platform/credentials/credentials.ts'))};
try { console.log(JSON.stringify({ ok: (await resolveCredentials('probe-${randomUUID()}', { env: {} })) ?? null })); }
catch (e) { console.log(JSON.stringify({ failure: e.failure, message: e.message })); }`,
    );
    const { stdout } = await run(command, [...args, process.execPath, '--import', 'tsx', script], {
      env,
      cwd: process.cwd(),
      timeout: 30_000,
    });
    return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { failure?: string; message?: string; ok?: unknown };
  }

  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'keychain-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('names "no session bus" and its remedy', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, XDG_RUNTIME_DIR: '/nonexistent' };
    delete env.DBUS_SESSION_BUS_ADDRESS;
    const result = await failure('env', [], env, dir);
    expect(result.failure).toBe('no-session-bus');
    expect(result.message).toMatch(/no D-Bus session bus .*dbus-run-session/);
  });

  it('names "no Secret Service installed" and its remedy', async () => {
    const config = path.join(dir, 'session.conf');
    await writeFile(
      config,
      `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:tmpdir=${dir}</listen><servicedir>${dir}</servicedir>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy></busconfig>`,
    );
    const result = await failure('dbus-run-session', [`--config-file=${config}`, '--'], process.env, dir);
    expect(result.failure).toBe('not-installed');
    expect(result.message).toMatch(/No Secret Service keychain is installed.*apt-get install gnome-keyring/);
  });

  it('names a locked keyring (which reads as empty) and its remedy', async () => {
    // A login keyring created unlocked in one session, then used from a new session where nobody unlocks it.
    const env = { ...process.env, HOME: dir, XDG_DATA_HOME: path.join(dir, 'data'), DISPLAY: '' };
    // Wait until the unlocking daemon owns the Secret Service name: asking earlier would have D-Bus start
    // a second, locked daemon.
    const owned =
      'dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets | grep -q "boolean true"';
    const setup = `printf pw | gnome-keyring-daemon --unlock >/dev/null; for i in $(seq 1 100); do ${owned} && break; sleep 0.05; done; printf x | secret-tool store --label=x service probe username probe`;
    await run('dbus-run-session', ['--', 'sh', '-c', setup], { env, timeout: 20_000 });
    const result = await failure('dbus-run-session', ['--'], env, dir);
    expect(result).toMatchObject({ failure: 'locked' });
    expect(result.message).toMatch(/locked or has no default keyring.*Unlock your login keyring/);
  });

  it('maps the messages quoted for other platforms', () => {
    expect(explainKeychainError(new Error("Couldn't access platform storage: AccessDenied")).failure).toBe('no-session-bus');
    expect(explainKeychainError(new Error("Couldn't access platform storage: Secret Service: no result found")).failure).toBe('locked');
    expect(explainKeychainError(new Error('User interaction is not allowed.')).failure).toBe('locked');
    expect(explainKeychainError(new Error('something odd')).failure).toBe('unavailable');
  });
});
