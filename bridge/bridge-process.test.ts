// The built bridge (`node out/main/cli.js bridge`) as a child process, driven like an assistant drives it,
// against the real reference gateway over HTTPS, with credentials in the real OS keychain.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../gateway/index';
import {
  auditLogFile,
  bridgeLogFile,
  configDir,
  currentPathContext,
  profilesFile,
  type PathContext,
} from '../platform/credentials/config-paths';
import { storeCredentials } from '../platform/credentials/credentials';
import { osKeychain } from '../platform/credentials/keychain';
import { ProfileStore, type Profile } from '../platform/credentials/profiles';
import { readAuditLog } from './audit-log';
import { startFaultProxy, type FaultProxy } from './testing/fault-proxy';
import { TestHost, type Message } from './testing/host';

const CLI = path.resolve('out/main/cli.js');
const keychain = osKeychain();

let home: string;
let env: NodeJS.ProcessEnv;
let paths: PathContext;
let gateway: RunningGateway;
let profile: string;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build first (npx electron-vite build; npm test does it)`);
});

beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'bridge-e2e-'));
  // What a host passes a server: little more than a home, PATH and (on Linux) the session bus.
  env = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, 'config'),
    ...(process.env.DBUS_SESSION_BUS_ADDRESS ? { DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS } : {}),
  };
  paths = currentPathContext(env);
  gateway = await startGateway({ dataDir: path.join(home, 'gateway'), testHooks: true });
  profile = `e2e-${randomUUID().slice(0, 8)}`;
  await saveProfile({ name: profile, kind: 'remote', url: gateway.url, caFile: gateway.caCertPath });
  await storeCredentials(profile, { accessId: gateway.accessId, secretKey: gateway.secretKey }, keychain);
});

afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
  await gateway.close();
  await keychain.delete(profile).catch(() => false);
  await rm(home, { recursive: true, force: true });
});

const saveProfile = (p: Profile) => new ProfileStore(profilesFile(paths)).save(p);

interface BridgeClient {
  client: Client;
  pid: number;
  stderr(): string;
  /** Every JSON-RPC response the host received after initialize, by id. */
  responses: Map<unknown, JSONRPCMessage[]>;
  cmdline: string;
  environ: string;
}

async function connect(args: string[] = []): Promise<BridgeClient> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'bridge', '--profile', profile, ...args],
    env: env as Record<string, string>,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const client = new Client({ name: 'e2e-host', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
  cleanups.push(() => client.close());
  await client.connect(transport);
  const responses = new Map<unknown, JSONRPCMessage[]>();
  const forward = transport.onmessage;
  transport.onmessage = (message) => {
    if ('id' in message && !('method' in message)) responses.set(message.id, [...(responses.get(message.id) ?? []), message]);
    forward?.(message);
  };
  const pid = transport.pid as number;
  const [cmdline, environ] = await Promise.all([
    readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => ''),
    readFile(`/proc/${pid}/environ`, 'utf8').catch(() => ''),
  ]);
  return { client, pid, stderr: () => stderr, responses, cmdline, environ };
}

/** The bridge with raw stdio, for what an SDK client would never send. */
function spawnRaw(args: string[] = []): {
  host: TestHost;
  child: ChildProcessWithoutNullStreams;
  stderr(): string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, [CLI, 'bridge', '--profile', profile, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const host = new TestHost();
  host.input.pipe(child.stdin);
  child.stdout.pipe(host.output);
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    child.kill('SIGKILL');
    await exited;
  });
  return { host, child, stderr: () => stderr, exited };
}

/** Points the profile at a fault-injecting HTTPS proxy in front of the gateway (same CA, same certificate). */
async function viaProxy(): Promise<FaultProxy> {
  const tls = path.join(home, 'gateway', 'tls');
  const [cert, key] = await Promise.all([
    readFile(path.join(tls, 'server-cert.pem'), 'utf8'),
    readFile(path.join(tls, 'server-key.pem'), 'utf8'),
  ]);
  const proxy = await startFaultProxy({ target: gateway.url, ca: gateway.caCertPem, cert, key });
  cleanups.push(() => proxy.close());
  await saveProfile({ name: profile, kind: 'remote', url: proxy.url, caFile: gateway.caCertPath });
  // A secret is bound to the address it was entered for: enter it for the proxy's.
  await storeCredentials(profile, { accessId: gateway.accessId, secretKey: gateway.secretKey, origin: proxy.url }, keychain);
  return proxy;
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as Array<{ text: string }>)[0]?.text ?? '';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

function occurrences(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

describe('an assistant using the bridge', () => {
  it('initializes, lists 13 tools and calls several, with the secret only in the keychain', async () => {
    const bridge = await connect();
    expect(bridge.client.getServerVersion()?.name).toBe('gateway-companion-reference-gateway');
    const { tools } = await bridge.client.listTools();
    expect(tools).toHaveLength(13);

    const validate = await bridge.client.callTool({
      name: 'validate_address',
      arguments: { address: '0x52908400098527886E0F7030069857D2E4169EE7', asset_id: 'c60' },
    });
    expect(validate.isError).toBeFalsy();
    expect((JSON.parse(textOf(validate)) as { status: string }).status).toBe('ok');
    const categories = await bridge.client.callTool({ name: 'get_listing_categories', arguments: {} });
    expect(categories.isError).toBeFalsy();
    const search = await bridge.client.callTool({ name: 'search_assets', arguments: { query: 'USDC' } });
    expect((JSON.parse(textOf(search)) as { docs: unknown[] }).docs.length).toBeGreaterThan(0);
    const prices = await bridge.client.callTool({ name: 'get_token_prices', arguments: { assets: ['c60', 'c0'] } });
    expect(prices.isError).toBeFalsy();
    const bad = await bridge.client.callTool({ name: 'validate_address', arguments: { address: 'nope', asset_id: 'c60' } });
    expect(bad.isError).toBe(true);
    // Host → gateway notifications pass through (the gateway accepts them with 202).
    await bridge.client.sendRootsListChanged();
    expect(await bridge.client.ping()).toEqual({});
    for (const [, replies] of bridge.responses) expect(replies).toHaveLength(1);
    expect(bridge.responses.size).toBe(7);

    await bridge.client.close();
    const audit = await readAuditLog(auditLogFile(paths));
    expect(audit.map((r) => r.tool).reverse()).toEqual([
      'validate_address',
      'get_listing_categories',
      'search_assets',
      'get_token_prices',
      'validate_address',
    ]);
    expect(audit[0]).toMatchObject({ profile, ok: false, errorCode: expect.any(String) as unknown });
    expect(audit[1]).toMatchObject({ tool: 'get_token_prices', ok: true, arguments: { assets: ['c60', 'c0'] } });

    // The secret never left the keychain: not in any file, log, stderr, argv or environment.
    const secret = gateway.secretKey;
    const files = [
      ...(await filesUnder(home)).filter((f) => !f.startsWith(path.join(home, 'gateway'))),
      bridgeLogFile(paths),
      auditLogFile(paths),
    ];
    expect(files).toContain(bridgeLogFile(paths));
    expect(files).toContain(profilesFile(paths));
    for (const file of new Set(files))
      expect({ file, count: occurrences(await readFile(file, 'utf8'), secret) }).toEqual({ file, count: 0 });
    expect(files.every((f) => f.startsWith(home))).toBe(true);
    expect(configDir(paths).startsWith(home)).toBe(true);
    expect(bridge.stderr()).toMatch(/forwarding to https:\/\/127\.0\.0\.1:\d+\/mcp/);
    for (const [what, text] of [
      ['stderr', bridge.stderr()],
      ['command line', bridge.cmdline],
      ['environment', bridge.environ],
    ])
      expect({ what, count: occurrences(text as string, secret) }).toEqual({ what, count: 0 });
    expect(bridge.cmdline).toContain('bridge');
    expect(bridge.environ).toContain('HOME=');
  });

  it('forwards cancellation and keeps serving', async () => {
    const bridge = await connect();
    const controller = new AbortController();
    const slow = bridge.client.callTool({ name: 'search_assets', arguments: { query: 'slow:20000' } }, undefined, {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort('the user pressed stop'), 200);
    await expect(slow).rejects.toThrow(/stop|abort/i);
    const after = await bridge.client.callTool({
      name: 'validate_address',
      arguments: { address: '0x52908400098527886E0F7030069857D2E4169EE7', asset_id: 'c60' },
    });
    expect(after.isError).toBeFalsy();
    await expect.poll(() => bridge.stderr()).toMatch(/the host cancelled tools\/call "search_assets"/);
    for (const [, replies] of bridge.responses) expect(replies).toHaveLength(1);
  });

  it('prints help that documents every flag and shows Claude Desktop and Cursor entries', async () => {
    const child = spawn(process.execPath, [CLI, 'bridge', '--help'], { env });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    await new Promise((r) => child.once('exit', r));
    for (const flag of [
      '--profile',
      '--timeout',
      '--max-message-bytes',
      '--debug',
      'GATEWAY_COMPANION_PROFILE',
      'Claude Desktop',
      'claude_desktop_config.json',
      'Cursor',
      '.cursor/mcp.json',
      '"mcpServers"',
      '--mcp-bridge',
    ])
      expect(out).toContain(flag);
  });
});

describe('faults, each request answered exactly once', () => {
  const call = (client: Client, i: number) =>
    client
      .callTool({ name: 'validate_address', arguments: { address: '0x52908400098527886E0F7030069857D2E4169EE7', asset_id: 'c60' } })
      .then((r) => ({ i, r }));

  it('re-initialises when the session expires on every third request', async () => {
    const bridge = await connect();
    for (let i = 1; i <= 9; i++) {
      if (i % 3 === 0) expect(await gateway.expireSessions()).toBe(1);
      const { r } = await call(bridge.client, i);
      expect(r.isError).toBeFalsy();
    }
    expect(occurrences(bridge.stderr(), 'session expired (HTTP 404)')).toBe(3);
    expect(occurrences(bridge.stderr(), 're-initialised')).toBe(3);
    for (const [, replies] of bridge.responses) expect(replies).toHaveLength(1);
    expect(bridge.responses.size).toBe(9);
  });

  it('survives the gateway being killed mid-call and works again once it restarts', async () => {
    const bridge = await connect();
    // Settled into a value at once, so the rejection that the kill causes is never unhandled.
    const inFlight = bridge.client.callTool({ name: 'search_assets', arguments: { query: 'slow:20000' } }).then(
      () => new Error('the call was answered'),
      (error: Error) => error,
    );
    await new Promise((r) => setTimeout(r, 300));
    const port = gateway.port;
    await gateway.close();
    expect((await inFlight).message).toMatch(/was cut before it answered tools\/call "search_assets"|Cannot reach the gateway/);
    await expect(call(bridge.client, 1)).rejects.toThrow(
      /Cannot reach the gateway at https:\/\/127\.0\.0\.1:\d+\/mcp: .*ECONNREFUSED.*reconnects on the next request/,
    );
    gateway = await startGateway({ dataDir: path.join(home, 'gateway'), port, testHooks: true });
    const { r } = await call(bridge.client, 2);
    expect(r.isError).toBeFalsy();
    for (const [, replies] of bridge.responses) expect(replies).toHaveLength(1);
    expect(bridge.responses.size).toBe(3);
  });

  it('answers a connection reset with one error and recovers', async () => {
    const proxy = await viaProxy();
    const bridge = await connect();
    proxy.fault('tools/call', { kind: 'reset' }, { times: 2 });
    await expect(call(bridge.client, 1)).rejects.toThrow(
      /connection to the gateway .* was cut before it answered tools\/call "validate_address"/,
    );
    proxy.clearFaults();
    expect((await call(bridge.client, 2)).r.isError).toBeFalsy();
    for (const [, replies] of bridge.responses) expect(replies).toHaveLength(1);
    expect(bridge.responses.size).toBe(2);
  });

  it('times out a slow upstream with one error naming the timeout', async () => {
    // The limit covers every request, the handshake included, so it leaves room for a busy machine.
    const bridge = await connect(['--timeout', '5']);
    await expect(bridge.client.callTool({ name: 'search_assets', arguments: { query: 'slow:60000' } })).rejects.toThrow(
      /did not answer tools\/call "search_assets" within 5 s/,
    );
    expect((await call(bridge.client, 2)).r.isError).toBeFalsy();
    for (const [, replies] of bridge.responses) expect(replies).toHaveLength(1);
    expect(bridge.responses.size).toBe(2);
  });

  it('answers a 500 with an HTML body with one error quoting the page', async () => {
    const proxy = await viaProxy();
    const bridge = await connect();
    proxy.fault(
      'tools/call',
      {
        kind: 'respond',
        status: 500,
        contentType: 'text/html',
        body: '<html><body><h1>500 Internal Server Error</h1><p>The upstream exploded.</p></body></html>',
      },
      { times: 1 },
    );
    await expect(call(bridge.client, 1)).rejects.toThrow(
      /HTTP 500 Internal Server Error: 500 Internal Server Error The upstream exploded\./,
    );
    expect((await call(bridge.client, 2)).r.isError).toBeFalsy();
    expect([...bridge.responses.values()].map((r) => r.length)).toEqual([1, 1]);
  });

  it('answers 401 and 403 with one error saying how to fix the credentials', async () => {
    gateway.injectHttpFault({ status: 401, body: '{"error":"unknown access id"}', contentType: 'application/json' });
    await expect(connect()).rejects.toThrow(
      /refused the credentials of profile "e2e-[0-9a-f]+" \(HTTP 401 Unauthorized: unknown access id\)\. Open Gateway Companion → Settings, or run `companion login --profile e2e-/,
    );

    const proxy = await viaProxy();
    const bridge = await connect();
    proxy.fault(
      'tools/call',
      { kind: 'respond', status: 403, body: '{"error":"forbidden"}', contentType: 'application/json' },
      { times: 1 },
    );
    await expect(call(bridge.client, 1)).rejects.toThrow(/HTTP 403 Forbidden: forbidden/);
    expect((await call(bridge.client, 2)).r.isError).toBeFalsy();
    expect([...bridge.responses.values()].map((r) => r.length)).toEqual([1, 1]);
  });

  it('answers malformed lines, batches and oversized messages, and every request exactly once', async () => {
    const { host } = spawnRaw(['--max-message-bytes', '4096']);
    const init = await host.initialize(0);
    expect(init.result).toBeDefined();
    host.send('{"jsonrpc":"2.0","id":1,"method":"tools/list"');
    host.send('\u0000\u00ff garbage');
    host.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    host.send([
      { jsonrpc: '2.0', id: 3, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/roots/list_changed' },
    ]);
    host.send({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'search_assets', arguments: { query: 'x'.repeat(8000) } }, id: 4 });
    host.send({
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: { name: 'validate_address', arguments: { address: '0x52908400098527886E0F7030069857D2E4169EE7', asset_id: 'c60' } },
    });
    host.send({ id: 6, method: 'ping' });
    await host.waitFor((m) => m.id === 5);
    await host.waitFor((m) => m.id === 6);
    await expect.poll(() => host.received.filter((m) => (m as Message).error?.code === -32700).length).toBe(2);
    const batch = host.received.find(Array.isArray) as Message[];
    expect(batch.map((m) => [m.id, m.error?.data?.cause])).toEqual([
      [3, 'batch_unsupported'],
      [null, 'batch_unsupported'],
    ]);
    expect((host.received as Message[]).find((m) => m.id === 4)?.error?.data?.cause).toBe('too_large');
    expect((host.received as Message[]).find((m) => m.id === 6)?.error?.data?.cause).toBe('invalid_request');
    for (const id of [0, 2, 4, 5, 6]) expect(host.responsesFor(id)).toBe(1);
    expect(host.responsesFor(1)).toBe(0); // its line was not JSON: answered with id null above
  });
});

describe('credentials and lifecycle', () => {
  it('tells the user how to fix missing credentials when the host initializes', async () => {
    await keychain.delete(profile);
    const { host } = spawnRaw();
    const reply = await host.request(0, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'h', version: '1' },
    });
    expect(reply.error?.data?.cause).toBe('credentials_missing');
    expect(reply.error?.message).toContain(
      `No gateway credentials are stored for profile "${profile}". Open Gateway Companion → Settings, or run \`companion login --profile ${profile}\``,
    );
    // Storing them while the bridge runs is enough: the next initialize works.
    await storeCredentials(profile, { accessId: gateway.accessId, secretKey: gateway.secretKey }, keychain);
    expect((await host.initialize(1)).result).toBeDefined();
  });

  it('does no network I/O before the first message, and a spawn-and-kill costs nothing', async () => {
    const proxy = await viaProxy();
    const bridge = spawnRaw(['--debug']);
    await expect.poll(() => bridge.stderr(), { timeout: 15_000 }).toMatch(/ready: nothing is read or sent until the host speaks/);
    await new Promise((r) => setTimeout(r, 300));
    bridge.child.kill('SIGTERM');
    expect(await bridge.exited).toBe(0);
    expect(proxy.seen).toEqual([]);
  });

  it('ends the session with DELETE and exits on end of input and on SIGTERM', async () => {
    const proxy = await viaProxy();
    for (const stop of ['eof', 'sigterm'] as const) {
      const bridge = spawnRaw();
      await bridge.host.initialize(0);
      expect((await bridge.host.request(1, 'ping')).result).toEqual({});
      const session = proxy.seen.find((r) => r.method === 'ping')?.headers['mcp-session-id'];
      expect(session).toEqual(expect.any(String));
      if (stop === 'eof') bridge.child.stdin.end();
      else bridge.child.kill('SIGTERM');
      expect(await bridge.exited).toBe(0);
      expect(proxy.seen.filter((r) => r.httpMethod === 'DELETE' && r.headers['mcp-session-id'] === session)).toHaveLength(1);
      proxy.seen.length = 0;
    }
  });
});

describe('the embedded reference gateway', () => {
  it('is started in-process when nothing listens, shared when something does, restarted when it goes away', async () => {
    // A free port for this test's embedded profile (the real default is 127.0.0.1:47311).
    const probe = await startGateway({ dataDir: path.join(home, 'probe'), port: 0 });
    const port = probe.port;
    await probe.close();
    await keychain.delete(profile);
    await saveProfile({ name: profile, kind: 'embedded', url: `https://127.0.0.1:${port}/mcp` });

    const first = await connect();
    expect((await first.client.listTools()).tools).toHaveLength(13);
    expect(first.stderr()).toMatch(/started the reference gateway in-process at https:\/\/127\.0\.0\.1:\d+\/mcp/);
    // The demo account is now in the keychain, like any other credentials.
    const stored = await keychain.get(profile);
    expect(stored?.accessId).toEqual(expect.any(String));
    expect((await stat(path.join(configDir(paths), 'reference-gateway', 'tls', 'ca-cert.pem'))).isFile()).toBe(true);

    const second = await connect();
    expect(second.stderr()).not.toMatch(/started the reference gateway/);
    expect((await second.client.listTools()).tools).toHaveLength(13);

    await first.client.close();
    // The first bridge took its gateway with it; the second brings one back and carries on.
    const after = await second.client.callTool({ name: 'get_listing_categories', arguments: {} });
    expect(after.isError).toBeFalsy();
    expect(second.stderr()).toMatch(/started the reference gateway in-process/);
    expect(occurrences(second.stderr(), stored?.secretKey ?? '-')).toBe(0);
  });
});
