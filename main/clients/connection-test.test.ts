import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { freePort } from '../playground/testing';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../../gateway/index';
import { profilesFile, type PathContext } from '../../platform/credentials/config-paths';
import { clearCredentials, storeCredentials } from '../../platform/credentials/credentials';
import { embeddedCaFile } from '../../platform/credentials/default-profile';
import { osKeychain } from '../../platform/credentials/keychain';
import { ProfileStore } from '../../platform/credentials/profiles';
import { CLIENT_IDS, clientSpec } from './catalog';
import { NotConfiguredError, testClient, testLaunch } from './connection-test';
import { installClient } from './install';
import { buildLaunch, currentRuntime, type LaunchRuntime } from './launch';
import { filesBelow, tempHome } from './test-support';

// Real everything: the built CLI as the command, the reference gateway over HTTPS, credentials in the OS keychain.
const keychain = osKeychain();
const suffix = `${process.pid}-${randomBytes(3).toString('hex')}`;
const REMOTE = `clients-test-${suffix}`;
const EMBEDDED = `clients-embedded-${suffix}`;
const NO_CREDENTIALS = `clients-nocreds-${suffix}`;

let home: Awaited<ReturnType<typeof tempHome>>;
let paths: PathContext;
let gatewayDir: string;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let runtime: LaunchRuntime;

beforeAll(async () => {
  home = await tempHome();
  paths = home.paths;
  // The gateway's data (its own copy of the account) lives outside the home, so every file in the home is ours or the bridge's.
  gatewayDir = await mkdtemp(path.join(tmpdir(), 'clients-gateway-'));
  gateway = await startGateway({ dataDir: gatewayDir, host: '127.0.0.1', port: 0 });
  runtime = currentRuntime(paths.env);
  const store = new ProfileStore(profilesFile(paths));
  await store.save({ name: REMOTE, kind: 'remote', url: gateway.url, caFile: gateway.caCertPath });
  await store.save({ name: NO_CREDENTIALS, kind: 'remote', url: gateway.url, caFile: gateway.caCertPath });
  await store.save({ name: EMBEDDED, kind: 'embedded', url: `https://127.0.0.1:${await freePort()}/mcp`, caFile: embeddedCaFile(paths) });
  await storeCredentials(REMOTE, { accessId: gateway.accessId, secretKey: gateway.secretKey }, keychain);
});

afterAll(async () => {
  for (const name of [REMOTE, EMBEDDED, NO_CREDENTIALS]) await clearCredentials(name, keychain).catch(() => false);
  await gateway?.close();
  await rm(gatewayDir, { recursive: true, force: true });
  await home?.cleanup();
});

describe('test connection against the reference gateway, credentials in the OS keychain', () => {
  it('the runtime of a source checkout is this Node with the built CLI', () => {
    expect(runtime).toEqual({ kind: 'source', node: process.execPath, cli: path.resolve(import.meta.dirname, '../../out/main/cli.js') });
  });

  for (const id of CLIENT_IDS) {
    it(`${clientSpec(id).name}: the installed entry starts, initializes and lists the 13 tools`, async () => {
      await installClient(id, { paths, runtime, profile: REMOTE });
      const result = await testClient(id, { paths, env: paths.env });
      expect(result.error).toBeUndefined();
      expect(result).toMatchObject({ ok: true, toolCount: 13 });
      expect(result.tools).toContain('validate_address');
      expect(result.tools).toContain('check_token_security');
      expect(result.latencyMs).toBeGreaterThan(0);
      expect(result.server?.name).toBeTruthy();
    });
  }

  it('no file written in the home holds the access id or the secret key', async () => {
    const files = await filesBelow(home.home);
    // The nine configs, their install record and the bridge's logs at least.
    expect(files.filter((f) => CLIENT_IDS.some((id) => clientSpec(id).configFile(paths) === f))).toHaveLength(CLIENT_IDS.length);
    expect(files.some((f) => f.endsWith('assistants.json'))).toBe(true);
    for (const file of files) {
      const text = await readFile(file, 'latin1');
      expect(text.includes(gateway.secretKey), `${file} holds the secret key`).toBe(false);
      expect(text.includes(gateway.accessId), `${file} holds the access id`).toBe(false);
    }
  });

  it('a CLI path with a space runs through the env loader, as on hosts that split arguments', async () => {
    const spaced = path.join(home.home, 'Gateway Companion');
    await mkdir(spaced, { recursive: true });
    await symlink(path.resolve(import.meta.dirname, '../../out'), path.join(spaced, 'out'));
    const launch = buildLaunch({ kind: 'source', node: process.execPath, cli: path.join(spaced, 'out', 'main', 'cli.js') }, REMOTE, {
      splitsSpacedArgs: true,
    });
    expect(launch.args.some((a) => a.includes(' '))).toBe(false);
    const result = await testLaunch(launch, { paths, env: paths.env });
    expect(result).toMatchObject({ ok: true, toolCount: 13 });
  });

  it('an embedded profile: the bridge starts the reference gateway itself', async () => {
    const launch = buildLaunch(runtime, EMBEDDED, { splitsSpacedArgs: false });
    const result = await testLaunch(launch, { paths, env: paths.env, timeoutMs: 60_000 });
    expect(result.error).toBeUndefined();
    expect(result).toMatchObject({ ok: true, toolCount: 13 });
  });
});

describe.skipIf(process.platform !== 'linux' || !process.env.DBUS_SESSION_BUS_ADDRESS)('a host’s own environment rules', () => {
  it('Codex passes only its allow-list: the entry’s env_vars carry the session bus and this home’s XDG_CONFIG_HOME, so the keychain and the profiles are reached', async () => {
    const file = (await installClient('codex', { paths, runtime, profile: REMOTE })).file;
    expect(await readFile(file, 'utf8')).toContain('env_vars = [ "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "XDG_CONFIG_HOME" ]');
    const result = await testClient('codex', { paths, env: paths.env });
    expect(result.error).toBeUndefined();
    expect(result.toolCount).toBe(13);
  });

  it.skipIf(existsSync(`/run/user/${process.getuid?.() ?? 0}/bus`))(
    'without env_vars Codex would start the bridge with no session bus, and the fix names the setting',
    async () => {
      const file = (await installClient('codex', { paths, runtime, profile: REMOTE })).file;
      await writeFile(file, (await readFile(file, 'utf8')).replace(/^env_vars = .*$/m, ''));
      const result = await testClient('codex', { paths, env: paths.env });
      expect(result.ok).toBe(false);
      expect(result.error).toContain('D-Bus');
      expect(result.fix).toContain('env_vars = ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"]');
    },
  );
});

describe('test connection failures say what to do', () => {
  it('missing credentials: the bridge explains, and the fix is companion login for that profile', async () => {
    const result = await testLaunch(buildLaunch(runtime, NO_CREDENTIALS, { splitsSpacedArgs: false }), { paths, env: paths.env });
    expect(result.ok).toBe(false);
    expect(result.error).toContain(`No gateway credentials are stored for profile "${NO_CREDENTIALS}"`);
    expect(result.fix).toBe(
      `Store the gateway credentials for profile "${NO_CREDENTIALS}": run \`companion login --profile ${NO_CREDENTIALS}\`.`,
    );
  });

  it('a command that no longer exists', async () => {
    const result = await testLaunch({ command: path.join(home.home, 'gone', 'node'), args: ['x'] }, { paths, env: paths.env });
    expect(result).toMatchObject({
      ok: false,
      error: `The command ${path.join(home.home, 'gone', 'node')} does not exist.`,
      fix: 'Install the entry again so that it points at this copy of Gateway Companion.',
    });
  });

  it('a command that exits at once: its stderr is shown', async () => {
    const result = await testLaunch(
      { command: process.execPath, args: ['-e', 'console.error("boom: no such profile");process.exit(3)'] },
      { paths, env: paths.env },
    );
    expect(result).toMatchObject({ ok: false, error: 'The bridge exited before it answered.' });
    expect(result.stderr).toContain('boom: no such profile');
    expect(result.fix).toContain('Run the command in a terminal to see why');
  });

  it('a client without our entry cannot be tested, and says how to install', async () => {
    const other = await tempHome();
    try {
      await expect(testClient('zed', { paths: other.paths, env: other.paths.env })).rejects.toThrow(NotConfiguredError);
      await expect(testClient('zed', { paths: other.paths, env: other.paths.env })).rejects.toThrow(
        'install it first (companion clients install zed)',
      );
    } finally {
      await other.cleanup();
    }
  });
});
