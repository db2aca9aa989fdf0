// login, logout and status against the real OS keychain (Secret Service) and a local MCP server.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGateway, TEST_CREDENTIALS, type FakeGateway } from '../../../bridge/testing/fake-gateway';
import { currentPathContext, profilesFile } from '../../../platform/credentials/config-paths';
import { osKeychain } from '../../../platform/credentials/keychain';
import { UsageError, type CliIo } from '../command';
import { captureIo } from '../test-io';
import { loginCommand } from './login';
import { logoutCommand } from './logout';
import { statusCommand } from './status';

const keychain = osKeychain();
let home: string;
let profile: string;
let gateway: FakeGateway;

beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'login-'));
  profile = `test-${randomUUID().slice(0, 8)}`;
  gateway = await startFakeGateway();
});

afterEach(async () => {
  await keychain.delete(profile).catch(() => false);
  await gateway.close();
  await rm(home, { recursive: true, force: true });
});

/** A captured CliIo with this test's home and the given stdin. */
function io(stdin: NodeJS.ReadableStream & { isTTY?: boolean } = Readable.from([])): CliIo & { out(): string; err(): string } {
  const captured = captureIo();
  return { ...captured.io, stdin, env: { HOME: home, XDG_CONFIG_HOME: path.join(home, 'config') }, out: captured.out, err: captured.err };
}

const lines = (...values: string[]) => Readable.from([values.map((v) => `${v}\n`).join('')]);

describe('companion login', () => {
  it('reads the secrets from stdin lines, stores them in the keychain and only the URL in the profiles file', async () => {
    const cli = io(lines(TEST_CREDENTIALS.accessId, TEST_CREDENTIALS.secretKey));
    expect(await loginCommand.run(['--profile', profile, '--url', gateway.url, '--timeout', '20'], cli)).toBe(0);
    expect(cli.out()).toContain(
      `Stored the credentials of profile "${profile}" in the OS keychain (service "gateway-companion", account "${profile}")`,
    );
    expect(await keychain.get(profile)).toEqual({ ...TEST_CREDENTIALS, origin: new URL(gateway.url).origin });
    const file = await readFile(profilesFile(currentPathContext(cli.env)), 'utf8');
    expect((JSON.parse(file) as { profiles: Record<string, unknown> }).profiles[profile]).toEqual({
      kind: 'remote',
      url: gateway.url,
      timeoutSeconds: 20,
    });
    expect(file).not.toContain(TEST_CREDENTIALS.secretKey);
  });

  it('prompts without echo on a terminal', async () => {
    const tty = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => tty });
    const cli = io(tty);
    // Both answers in one chunk, as a paste delivers them; a typo corrected with backspace.
    tty.write(`${TEST_CREDENTIALS.accessId}\r\nx\u007f${TEST_CREDENTIALS.secretKey}\r`);
    expect(await loginCommand.run(['--profile', profile, '--url', gateway.url], cli)).toBe(0);
    expect(await keychain.get(profile)).toEqual({ ...TEST_CREDENTIALS, origin: new URL(gateway.url).origin });
    expect(cli.err()).toContain('Access id (input hidden): ');
    expect(cli.err()).not.toContain(TEST_CREDENTIALS.accessId);
    expect(cli.err() + cli.out()).not.toContain(TEST_CREDENTIALS.secretKey);
  });

  it('saves a preset’s URL, header names and rate, flags winning, and keeps them on the next login', async () => {
    const cli = io(lines(TEST_CREDENTIALS.accessId, TEST_CREDENTIALS.secretKey));
    expect(await loginCommand.run(['--profile', profile, '--preset', 'public', '--rate', '0.5'], cli)).toBe(0);
    expect(cli.out()).toContain('Credentials for this gateway come from https://portal.trustwallet.com');
    const read = async () =>
      (JSON.parse(await readFile(profilesFile(currentPathContext(cli.env)), 'utf8')) as { profiles: Record<string, unknown> }).profiles[
        profile
      ];
    expect(await read()).toEqual({
      kind: 'remote',
      url: 'https://mcp.trustwallet.com/tws',
      credentialHeader: 'X-TW-CREDENTIAL',
      secretHeader: 'X-TW-SECRET-KEY',
      rate: 0.5,
    });
    expect(await keychain.get(profile)).toMatchObject({ origin: 'https://mcp.trustwallet.com' });
    // A later login that changes only the timeout keeps the gateway's settings.
    expect(await loginCommand.run(['--profile', profile, '--timeout', '30'], io(lines('a', 'b')))).toBe(0);
    expect(await read()).toMatchObject({ credentialHeader: 'X-TW-CREDENTIAL', rate: 0.5, timeoutSeconds: 30 });
    // Own names on a custom gateway.
    expect(
      await loginCommand.run(
        ['--profile', profile, '--url', gateway.url, '--preset', 'custom', '--secret-header', 'X-Key'],
        io(lines('a', 'b')),
      ),
    ).toBe(0);
    expect(await read()).toEqual({ kind: 'remote', url: gateway.url, secretHeader: 'X-Key', timeoutSeconds: 30 });
  });

  it('refuses a bad preset, header name or rate before reading any secret', async () => {
    const run = (...args: string[]) => loginCommand.run(['--profile', profile, '--url', gateway.url, ...args], io(lines('a', 'b')));
    await expect(run('--preset', 'twin')).rejects.toThrow(/--preset must be one of reference, custom, public/);
    await expect(run('--credential-header', 'X Bad')).rejects.toThrow(/the credential header "X Bad" is not an HTTP header name/);
    await expect(run('--rate', '0')).rejects.toThrow(/--rate: the rate must be/);
    await expect(run('--rate', 'fast')).rejects.toThrow(/--rate: the rate must be/);
    await expect(run('--preset', 'reference')).rejects.toThrow(/--preset reference is the built-in "default" profile/);
    expect(await keychain.get(profile)).toBeUndefined();
  });

  it('refuses bad usage before reading any secret', async () => {
    await expect(loginCommand.run(['--profile', profile], io(lines('a', 'b')))).rejects.toThrow(
      /does not exist yet: give its gateway URL with --url/,
    );
    await expect(loginCommand.run(['--profile', profile, '--url', 'http://gateway.example.com/mcp'], io(lines('a', 'b')))).rejects.toThrow(
      /refusing plain http/,
    );
    await expect(loginCommand.run(['--profile', profile, '--url', gateway.url], io(lines('only-one')))).rejects.toThrow(UsageError);
    await expect(
      loginCommand.run(['--profile', profile, '--url', gateway.url, '--ca-file', '/nonexistent.pem'], io(lines('a', 'b'))),
    ).rejects.toThrow(/cannot read --ca-file/);
    await expect(loginCommand.run(['--profile', 'bad/name', '--url', gateway.url], io(lines('a', 'b')))).rejects.toThrow(
      /invalid profile name/,
    );
    expect(await keychain.get(profile)).toBeUndefined();
  });
});

describe('companion status', () => {
  it('reports the profile, keychain storage and a live connection test', async () => {
    await loginCommand.run(['--profile', profile, '--url', gateway.url], io(lines(TEST_CREDENTIALS.accessId, TEST_CREDENTIALS.secretKey)));
    const cli = io();
    expect(await statusCommand.run(['--profile', profile, '--json'], cli)).toBe(0);
    const report = JSON.parse(cli.out()) as { profile: unknown; credentials: unknown; connection: { latencyMs: number } };
    expect(report.profile).toMatchObject({ name: profile, kind: 'remote', url: gateway.url });
    expect(report.credentials).toMatchObject({ source: 'keychain', stored: true, service: 'gateway-companion', account: profile });
    expect(report.connection).toMatchObject({
      ok: true,
      serverName: 'fake-gateway',
      serverVersion: '1.0.0',
      protocolVersion: '2025-11-25',
    });
    expect(report.connection.latencyMs).toBeGreaterThan(0);
    expect(cli.out()).not.toContain(TEST_CREDENTIALS.secretKey);
    // The test ended its session.
    expect(gateway.seen.some((r) => r.method === 'DELETE')).toBe(true);

    const text = io();
    expect(await statusCommand.run(['--profile', profile], text)).toBe(0);
    expect(text.out()).toMatch(/Credentials: {2}stored in the OS keychain/);
    expect(text.out()).toMatch(/Connection: {3}ok, ping \d+\.\d ms/);
    expect(text.out()).toMatch(/Server: {7}fake-gateway 1\.0\.0, protocol 2025-11-25/);
  });

  it('says when credentials are missing, rejected, or come from the environment opt-in', async () => {
    await loginCommand.run(['--profile', profile, '--url', gateway.url], io(lines('wrong-id', 'wrong-secret')));
    const rejected = io();
    expect(await statusCommand.run(['--profile', profile], rejected)).toBe(1);
    expect(rejected.out()).toMatch(/Connection: {3}FAILED: The gateway refused the credentials .*HTTP 401/);

    const optIn = io();
    optIn.env.GATEWAY_COMPANION_CREDENTIALS = 'env';
    optIn.env.GATEWAY_COMPANION_ACCESS_ID = TEST_CREDENTIALS.accessId;
    optIn.env.GATEWAY_COMPANION_SECRET_KEY = TEST_CREDENTIALS.secretKey;
    expect(await statusCommand.run(['--profile', profile], optIn)).toBe(0);
    expect(optIn.out()).toContain('from the environment (GATEWAY_COMPANION_CREDENTIALS=env opt-in; the keychain is not used)');

    const ignored = io();
    ignored.env.GATEWAY_COMPANION_SECRET_KEY = 'ignored-secret';
    await statusCommand.run(['--profile', profile, '--offline'], ignored);
    expect(ignored.out()).toContain('GATEWAY_COMPANION_SECRET_KEY is set but ignored');

    expect(await logoutCommand.run(['--profile', profile], io())).toBe(0);
    const missing = io();
    expect(await statusCommand.run(['--profile', profile], missing)).toBe(1);
    expect(missing.out()).toContain(`not stored; run: companion login --profile ${profile}`);
    await expect(statusCommand.run(['--profile', 'nope'], io())).rejects.toThrow(/there is no profile named "nope"/);
  });
});

describe('companion logout', () => {
  it('removes the credentials, says when there were none, and --forget drops the profile', async () => {
    await loginCommand.run(['--profile', profile, '--url', gateway.url], io(lines('id-1', 'secret-1')));
    const first = io();
    expect(await logoutCommand.run(['--profile', profile], first)).toBe(0);
    expect(first.out()).toContain(`Removed the credentials of profile "${profile}"`);
    expect(await keychain.get(profile)).toBeUndefined();
    const second = io();
    await logoutCommand.run(['--profile', profile, '--forget'], second);
    expect(second.out()).toContain(`No credentials were stored for profile "${profile}"`);
    expect(second.out()).toContain(`Removed profile "${profile}"`);
    expect((JSON.parse(await readFile(profilesFile(currentPathContext(second.env)), 'utf8')) as { profiles: unknown }).profiles).toEqual(
      {},
    );
  });
});
