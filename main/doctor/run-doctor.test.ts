// The connection doctor against real peers: the reference gateway, plain servers holding the port, HTTPS
// servers with made-up certificates and canned answers, and assistants' config files in a private home.
// Each failure must stop the run at its own hop with a cause and a fix.
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { toNodeHandler, type NodeIncomingMessageLike } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startLegacyUpstream } from '../../bridge/testing/era-upstreams';
import { doctorExitCode, failedHop, reportText, type DoctorReport, type HopId } from '../../domain/doctor-report';
import { startGateway, type RunningGateway } from '../../gateway/index';
import { currentPathContext, profilesFile, type PathContext } from '../../platform/credentials/config-paths';
import { findSessionBus } from '../../platform/credentials/session-bus';
import { KeychainError, type Credentials, type Keychain } from '../../platform/credentials/keychain';
import { ProfileStore, type Profile } from '../../platform/credentials/profiles';
import type { ClientId } from '../clients/catalog';
import { runDoctor } from './run-doctor';
import { testCa, testLeaf, type TestCa } from './testing/certs';

/** The keychain, in memory: these tests are about the hops, not the Secret Service. */
function memoryKeychain(): Keychain & { items: Map<string, Credentials> } {
  const items = new Map<string, Credentials>();
  return {
    items,
    get: (a) => Promise.resolve(items.get(a)),
    set: (a, c) => Promise.resolve(void items.set(a, c)),
    delete: (a) => Promise.resolve(items.delete(a)),
  };
}

let gateway: RunningGateway;
let gatewayHome: string;
let ca: TestCa;
let home: string;
let paths: PathContext;
let keychain: ReturnType<typeof memoryKeychain>;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  gatewayHome = await mkdtemp(path.join(tmpdir(), 'doctor-gw-'));
  gateway = await startGateway({ dataDir: gatewayHome });
  ca = await testCa();
});
afterAll(async () => {
  await gateway.close();
  await rm(gatewayHome, { recursive: true, force: true });
});
beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'doctor-home-'));
  paths = currentPathContext({ HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') });
  keychain = memoryKeychain();
});
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await rm(home, { recursive: true, force: true });
});

const env = () => ({ HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), PATH: process.env.PATH ?? '' });

async function profile(
  p: Partial<Profile> & { url: string },
  secret: Credentials | 'none' = { accessId: gateway.accessId, secretKey: gateway.secretKey },
) {
  await new ProfileStore(profilesFile(paths)).save({ name: 'p', kind: 'remote', ...p });
  if (secret !== 'none') keychain.items.set('p', { ...secret, origin: secret.origin ?? new URL(p.url).origin });
}

function doctor(extra: { client?: ClientId; timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<DoctorReport> {
  return runDoctor({
    profile: extra.client ? undefined : 'p',
    env: extra.env ?? env(),
    paths,
    keychain,
    timeoutMs: extra.timeoutMs ?? 5_000,
    ...extra,
  });
}

/** Asserts the run stopped at `hop` with `cause`, every hop before it passed or skipped, none after it ran. */
function expectBrokenAt(report: DoctorReport, hop: HopId, cause: string): void {
  const failed = failedHop(report);
  expect({ hop: failed?.id, cause: failed?.cause }, reportText(report)).toEqual({ hop, cause });
  expect(failed?.fix).toMatch(/\w{3,}/);
  const at = report.hops.findIndex((h) => h.id === hop);
  expect(report.hops.slice(0, at).every((h) => h.status === 'ok' || h.status === 'skipped')).toBe(true);
  expect(report.hops.slice(at + 1).every((h) => h.status === 'not-reached' || h.status === 'skipped')).toBe(true);
  expect(doctorExitCode(report)).toBe(1);
}

async function listen(server: Server | ReturnType<typeof createHttpServer>): Promise<number> {
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (socket: import('node:net').Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return (server.address() as { port: number }).port;
}

/** An HTTPS server with a certificate from the test CA (for 127.0.0.1 unless told otherwise). */
async function httpsServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  names: readonly string[] = ['127.0.0.1'],
  validity?: { notBefore?: Date; notAfter?: Date },
): Promise<string> {
  const leaf = await testLeaf(ca, names, validity);
  const port = await listen(createHttpsServer({ cert: leaf.cert, key: leaf.key }, handler));
  return `https://127.0.0.1:${port}/mcp`;
}

async function caFile(): Promise<string> {
  const file = path.join(home, 'ca.pem');
  await writeFile(file, ca.pem);
  return file;
}

const answer =
  (status: number, type: string, body: string, headers: Record<string, string> = {}) =>
  (_: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': type, ...headers }).end(body);
  };

describe('companion doctor: a healthy connection', () => {
  it('passes every hop against the reference gateway, with times, and a report that hides the secret', async () => {
    await profile({ url: gateway.url, caFile: gateway.caCertPath });
    const report = await doctor();
    expect(report.verdict, reportText(report)).toBe('healthy');
    expect(doctorExitCode(report)).toBe(0);
    const status = Object.fromEntries(report.hops.map((h) => [h.id, h.status]));
    expect(status).toEqual({
      config: 'skipped',
      environment: 'skipped',
      keychain: 'ok',
      profile: 'ok',
      dns: 'ok',
      tcp: 'ok',
      tls: 'ok',
      http: 'ok',
      era: 'ok',
      credentials: 'ok',
      tools: 'ok',
      call: 'ok',
      upstream: 'ok',
    });
    expect(report.hops.find((h) => h.id === 'tools')?.detail).toMatch(/^13 tools: .*validate_address/);
    const text = reportText(report);
    expect(text).toMatch(/Verdict: healthy/);
    expect(text).not.toContain(gateway.secretKey);
    expect(JSON.stringify(report)).not.toContain(gateway.secretKey);
  });
});

describe("companion doctor: the profile's header names and rate", () => {
  it('a gateway that reads X-TW-* is healthy with a profile naming them, paced to its tier, and refuses the spec’s names', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'doctor-tw-'));
    const tw = await startGateway({ dataDir, credentialHeaders: { credential: 'X-TW-CREDENTIAL', secret: 'X-TW-SECRET-KEY' }, rate: 2 });
    closers.push(async () => {
      await tw.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    const secret = { accessId: tw.accessId, secretKey: tw.secretKey };
    await profile(
      { url: tw.url, caFile: tw.caCertPath, credentialHeader: 'X-TW-CREDENTIAL', secretHeader: 'X-TW-SECRET-KEY', rate: 2 },
      secret,
    );
    const report = await doctor();
    expect(report.verdict, reportText(report)).toBe('healthy');
    expect(report.hops.find((h) => h.id === 'profile')?.detail).toMatch(/headers X-TW-CREDENTIAL \/ X-TW-SECRET-KEY, 2 request\(s\)\/s/);
    await profile({ url: tw.url, caFile: tw.caCertPath }, secret);
    const refused = await doctor();
    expectBrokenAt(refused, 'credentials', 'auth_rejected');
    expect(failedHop(refused)?.detail).toMatch(/X-TW-CREDENTIAL/);
    expect(failedHop(refused)?.fix).toMatch(/header names/);
  });
});

describe('companion doctor: the profile and its secret', () => {
  it('no secret stored', async () => {
    await profile({ url: gateway.url, caFile: gateway.caCertPath }, 'none');
    expectBrokenAt(await doctor(), 'profile', 'no_secret');
  });

  it('a wrong secret is refused (401) at the credentials hop', async () => {
    await profile({ url: gateway.url, caFile: gateway.caCertPath }, { accessId: gateway.accessId, secretKey: 'wrong-secret' });
    const report = await doctor();
    expectBrokenAt(report, 'credentials', 'auth_rejected');
    expect(failedHop(report)?.detail).toMatch(/HTTP 401/);
  });

  it('the profile moved since the secret was entered', async () => {
    await profile({ url: gateway.url, caFile: gateway.caCertPath }, { accessId: 'a', secretKey: 'b', origin: 'https://old.example.com' });
    const report = await doctor();
    expectBrokenAt(report, 'profile', 'origin_changed');
    expect(failedHop(report)?.fix).toMatch(/companion login --profile p/);
  });

  it('plain http to a remote host', async () => {
    await mkdir(path.dirname(profilesFile(paths)), { recursive: true });
    await writeFile(
      profilesFile(paths),
      JSON.stringify({ version: 1, profiles: { p: { kind: 'remote', url: 'http://gateway.example.com/mcp' } } }),
    );
    keychain.items.set('p', { accessId: 'a', secretKey: 'b', origin: 'http://gateway.example.com' });
    expectBrokenAt(await doctor(), 'profile', 'profile_invalid');
  });
});

describe('companion doctor: the network', () => {
  it('a name that does not resolve', async () => {
    await profile({ url: 'https://gateway.doctor-test.invalid/mcp' });
    expectBrokenAt(await doctor(), 'dns', 'dns_not_found');
  });

  it('a refused port', async () => {
    const port = await listen(createTcpServer());
    await closers.pop()!();
    await profile({ url: `https://127.0.0.1:${port}/mcp` });
    const report = await doctor();
    expectBrokenAt(report, 'tcp', 'connection_refused');
    expect(failedHop(report)?.fix).toMatch(new RegExp(`companion gateway --port ${port}`));
  });

  it('the port held by another program that does not speak TLS', async () => {
    const port = await listen(createTcpServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n')));
    await profile({ url: `https://127.0.0.1:${port}/mcp` });
    expectBrokenAt(await doctor(), 'tls', 'tls_failed');
  });

  it('the port held by a web server that is not a gateway (plain http on loopback)', async () => {
    const port = await listen(createHttpServer(answer(200, 'text/plain', 'hello')));
    await profile({ url: `http://127.0.0.1:${port}/mcp` });
    expectBrokenAt(await doctor(), 'http', 'not_mcp');
  });

  it('an unknown CA', async () => {
    await profile({ url: gateway.url });
    const report = await doctor();
    expectBrokenAt(report, 'tls', 'unknown_ca');
    expect(failedHop(report)?.fix).toMatch(/--ca-file/);
  });

  it('a certificate for another host name', async () => {
    const url = await httpsServer(answer(200, 'application/json', '{}'), ['gateway.example.com']);
    await profile({ url, caFile: await caFile() });
    const report = await doctor();
    expectBrokenAt(report, 'tls', 'host_mismatch');
    expect(failedHop(report)?.detail).toMatch(/gateway\.example\.com/);
  });

  it('an expired certificate', async () => {
    const url = await httpsServer(answer(200, 'application/json', '{}'), ['127.0.0.1'], {
      notBefore: new Date(Date.now() - 10 * 86_400_000),
      notAfter: new Date(Date.now() - 86_400_000),
    });
    await profile({ url, caFile: await caFile() });
    expectBrokenAt(await doctor(), 'tls', 'cert_expired');
  });
});

describe('companion doctor: the HTTP answer and above', () => {
  const jsonError = (message: string) => JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32001, message } });

  it.each([
    [401, 'application/json', jsonError('Unauthorized'), {}, 'credentials', 'auth_rejected'],
    [403, 'application/json', jsonError('Forbidden: plan'), {}, 'credentials', 'forbidden'],
    [404, 'application/json', jsonError('Not found'), {}, 'http', 'not_found'],
    [502, 'text/html', '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>', {}, 'http', 'html_page'],
    [429, 'application/json', jsonError('Too many requests'), { 'retry-after': '7' }, 'http', 'rate_limited'],
  ] as const)('HTTP %i (%s) stops at its hop', async (status, type, body, headers, hop, cause) => {
    const url = await httpsServer(answer(status, type, body, headers));
    await profile({ url, caFile: await caFile() });
    const report = await doctor();
    expectBrokenAt(report, hop, cause);
    if (status === 429) expect(failedHop(report)?.detail).toMatch(/retry after 7 s/);
    if (status === 502) expect(failedHop(report)?.detail).toMatch(/"502 Bad Gateway"/);
  });

  it('a gateway that takes the request and never answers', async () => {
    const url = await httpsServer(() => undefined);
    await profile({ url, caFile: await caFile() });
    expectBrokenAt(await doctor({ timeoutMs: 300 }), 'http', 'timeout');
  });

  it('the wrong path on the reference gateway', async () => {
    await profile({ url: gateway.url.replace(/\/mcp$/, '/nope'), caFile: gateway.caCertPath });
    expectBrokenAt(await doctor(), 'http', 'not_found');
  });
});

describe('companion doctor: tools/list', () => {
  /** A 2025-era gateway that lists `tools`, answers any call, and records the methods it was sent. */
  async function listing(tools: unknown[]): Promise<string[]> {
    const seen: string[] = [];
    const url = await httpsServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as { id?: number; method?: string } | null;
        seen.push(body?.method ?? String(req.method));
        if (body?.id === undefined) return void res.writeHead(202).end();
        const result =
          body.method === 'initialize'
            ? { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'lister', version: '1' } }
            : body.method === 'tools/list'
              ? { tools }
              : { content: [{ type: 'text', text: '{"valid":true}' }] };
        res
          .writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'session-1' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }));
      });
    });
    await profile({ url, caFile: await caFile() });
    return seen;
  }
  const tool = (name: string, inputSchema: unknown) => ({ name, inputSchema });

  it('a tool whose schema does not compile breaks the tools hop, and the call is not reported', async () => {
    const seen = await listing([
      tool('validate_address', { type: 'object', properties: { address: { type: 'string' } } }),
      tool('broken', { type: 'object', properties: { a: { type: 'strin' } } }),
    ]);
    const report = await doctor();
    expectBrokenAt(report, 'tools', 'tools_invalid');
    expect(failedHop(report)?.detail).toMatch(/2 tools, but 1 with a broken schema: broken/);
    // The harmless call may already have travelled while the schemas compiled: at most once, and never reported.
    expect(seen.filter((m) => m === 'tools/call').length).toBeLessThanOrEqual(1);
    expect(report.hops.find((h) => h.id === 'call')?.status).toBe('not-reached');
  });

  it('no tools: the tools hop fails and no call is sent', async () => {
    const seen = await listing([]);
    expectBrokenAt(await doctor(), 'tools', 'no_tools');
    expect(seen).not.toContain('tools/call');
  });

  it('a healthy list: the call that travelled while the schemas compiled is the one reported', async () => {
    const seen = await listing([tool('validate_address', { type: 'object', properties: { address: { type: 'string' } } })]);
    const report = await doctor();
    expect(report.verdict, reportText(report)).toBe('healthy');
    expect(seen.filter((m) => m === 'tools/call')).toEqual(['tools/call']);
  });
});

/**
 * A gateway that speaks only 2026-07-28 (the v2 SDK's stateless handler with its 2025 half switched off),
 * with the doctor's harmless tool; it records each POST's JSON-RPC method and its Mcp-Method header.
 */
async function modernOnlyGateway(): Promise<{ url: string; seen: string[] }> {
  const handler = createMcpHandler(
    () => {
      const server = new McpServer({ name: 'modern-only', version: '3.0.0' }, { capabilities: { tools: {} } });
      server.registerTool(
        'validate_address',
        { description: 'Checks an address', inputSchema: z.object({ address: z.string(), asset_id: z.string() }) },
        ({ address }) => ({
          content: [{ type: 'text', text: JSON.stringify({ valid: true, address }) }],
        }),
      );
      return server;
    },
    { legacy: 'reject' },
  );
  const node = toNodeHandler(handler);
  const seen: string[] = [];
  const port = await listen(
    createHttpServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as { method?: string } | null;
        seen.push(`${body?.method ?? '?'} ${String(req.headers['mcp-method'] ?? '-')}`);
        void node(req as NodeIncomingMessageLike, res, body);
      });
    }),
  );
  closers.push(() => handler.close());
  return { url: `http://127.0.0.1:${port}/mcp`, seen };
}

describe('companion doctor: the protocol era', () => {
  it('a gateway that speaks only 2026-07-28: initialize is refused, server/discover answers, and every hop passes in that era', async () => {
    const modern = await modernOnlyGateway();
    await profile({ url: modern.url }, { accessId: 'any', secretKey: 'any-secret' });
    const report = await doctor();
    expect(report.verdict, reportText(report)).toBe('healthy');
    const era = report.hops.find((h) => h.id === 'era');
    expect(era?.detail).toMatch(
      /^protocol 2026-07-28 only \(it refused initialize with HTTP 400 and answered server\/discover\), modern-only 3\.0\.0$/,
    );
    expect(report.hops.find((h) => h.id === 'tools')?.detail).toContain('validate_address');
    expect(report.hops.find((h) => h.id === 'upstream')?.status).toBe('ok');
    // The 2025 handshake first, then the 2026 era's requests with their Mcp-Method headers.
    expect(modern.seen).toEqual(['initialize -', 'server/discover server/discover', 'tools/list tools/list', 'tools/call tools/call']);
  });

  it('a gateway that speaks only the 2025 era is not asked server/discover', async () => {
    const legacy = await startLegacyUpstream();
    closers.push(() => legacy.close());
    await profile({ url: legacy.url }, { accessId: 'any', secretKey: 'any-secret' });
    const report = await doctor();
    expect(report.hops.find((h) => h.id === 'era')?.detail, reportText(report)).toBe('protocol 2025-11-25, legacy-upstream 1.0.0');
    expect(report.hops.find((h) => h.id === 'tools')?.status).toBe('ok');
    expect(legacy.methods).not.toContain('server/discover');
  });

  it('a JSON answer to initialize that neither era explains fails the era hop', async () => {
    const port = await listen(
      createHttpServer(
        answer(400, 'application/json', JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'nope' } })),
      ),
    );
    await profile({ url: `http://127.0.0.1:${port}/mcp` });
    const report = await doctor();
    expectBrokenAt(report, 'era', 'era_unknown');
    expect(failedHop(report)?.detail).toBe('the gateway answered neither initialize (nope) nor server/discover');
  });
});

describe('companion doctor --client', () => {
  /** A stand-in for the bridge: answers initialize and tools/list on stdio. */
  async function fakeBridge(): Promise<string> {
    const file = path.join(home, 'fake-bridge.cjs');
    await writeFile(
      file,
      `require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
        const m = JSON.parse(line); if (m.id === undefined) return;
        const result = m.method === 'initialize' ? { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'fake', version: '1' } } : { tools: [] };
        process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result }) + '\\n');
      });`,
    );
    await chmod(file, 0o755);
    return file;
  }

  const codexConfig = async (lines: string) => {
    await mkdir(path.join(home, '.codex'), { recursive: true });
    await writeFile(path.join(home, '.codex', 'config.toml'), lines);
  };

  it('no config file', async () => {
    expectBrokenAt(await doctor({ client: 'claude-code' }), 'config', 'no_config');
  });

  it('a config file without our entry', async () => {
    await writeFile(path.join(home, '.claude.json'), '{"mcpServers": {}}');
    expectBrokenAt(await doctor({ client: 'claude-code' }), 'config', 'entry_missing');
  });

  it('an entry whose command no longer exists', async () => {
    await writeFile(
      path.join(home, '.claude.json'),
      JSON.stringify({
        mcpServers: { 'gateway-companion': { command: path.join(home, 'gone', 'companion'), args: ['bridge', '--profile', 'p'] } },
      }),
    );
    const report = await doctor({ client: 'claude-code' });
    expectBrokenAt(report, 'config', 'stale_command');
    expect(failedHop(report)?.fix).toMatch(/companion clients install claude-code/);
  });

  it.skipIf(process.platform !== 'linux' || findSessionBus({}, process.getuid?.() ?? -1) !== undefined)(
    'Codex drops the session bus unless env_vars names it',
    async () => {
      const bridge = await fakeBridge();
      await codexConfig(`[mcp_servers.gateway-companion]\ncommand = "${process.execPath}"\nargs = ["${bridge}", "--profile", "p"]\n`);
      const withBus = { ...env(), DBUS_SESSION_BUS_ADDRESS: 'unix:path=/tmp/doctor-test-bus' };
      const report = await doctor({ client: 'codex', env: withBus });
      expectBrokenAt(report, 'environment', 'no_session_bus');
      expect(failedHop(report)?.fix).toMatch(/env_vars = \["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"\]/);

      // Named in env_vars, it passes on to the profile's hops.
      await codexConfig(
        `[mcp_servers.gateway-companion]\ncommand = "${process.execPath}"\nargs = ["${bridge}", "--profile", "p"]\nenv_vars = ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"]\n`,
      );
      await profile({ url: gateway.url, caFile: gateway.caCertPath });
      const healthy = await doctor({ client: 'codex', env: withBus });
      expect(healthy.verdict, reportText(healthy)).toBe('healthy');
      expect(healthy.profile).toBe('p');
    },
  );

  it.skipIf(process.platform !== 'linux')(
    'Codex drops XDG_CONFIG_HOME unless env_vars names it: the bridge would read its profiles from another folder',
    async () => {
      const bridge = await fakeBridge();
      const custom = path.join(home, 'elsewhere');
      paths = currentPathContext({ HOME: home, XDG_CONFIG_HOME: custom });
      await profile({ url: gateway.url, caFile: gateway.caCertPath });
      const own = {
        HOME: home,
        XDG_CONFIG_HOME: custom,
        PATH: process.env.PATH ?? '',
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/tmp/doctor-test-bus',
      };
      const table = `[mcp_servers.gateway-companion]\ncommand = "${process.execPath}"\nargs = ["${bridge}", "--profile", "p"]\n`;
      await codexConfig(`${table}env_vars = ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"]\n`);
      const report = await doctor({ client: 'codex', env: own });
      expectBrokenAt(report, 'environment', 'config_dir_not_passed');
      expect(failedHop(report)?.detail).toContain(`reads its profiles from ${path.join(home, '.config', 'gateway-companion')}`);
      expect(failedHop(report)?.fix).toMatch(/add "XDG_CONFIG_HOME" to env_vars in \[mcp_servers\.gateway-companion\]/);

      // Named in env_vars, the bridge finds the profiles where this terminal does.
      await codexConfig(`${table}env_vars = ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "XDG_CONFIG_HOME"]\n`);
      const healthy = await doctor({ client: 'codex', env: own });
      expect(healthy.verdict, reportText(healthy)).toBe('healthy');
      expect(healthy.hops.find((h) => h.id === 'environment')?.detail).toContain(path.join(custom, 'gateway-companion'));
    },
  );

  it.skipIf(process.platform !== 'linux')(
    'Codex drops the proxy and the extra CA certificates this terminal uses for a remote gateway unless env_vars names them',
    async () => {
      const bridge = await fakeBridge();
      await profile({ url: 'https://gateway.doctor-proxy.invalid/mcp' }, 'none');
      const own = {
        ...env(),
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/tmp/doctor-test-bus',
        HTTPS_PROXY: 'http://ana:proxy-secret@proxy.corp:3128',
        NO_PROXY: '.corp',
        NODE_EXTRA_CA_CERTS: '/etc/corp-ca.pem',
      };
      const table = (vars: string[]) =>
        `[mcp_servers.gateway-companion]\ncommand = "${process.execPath}"\nargs = ["${bridge}", "--profile", "p"]\nenv_vars = ${JSON.stringify(['DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR', 'XDG_CONFIG_HOME', ...vars])}\n`;

      await codexConfig(table([]));
      const proxy = await doctor({ client: 'codex', env: own });
      expectBrokenAt(proxy, 'environment', 'proxy_not_passed');
      expect(failedHop(proxy)?.detail).toBe(
        'Codex starts the bridge without HTTPS_PROXY (http://proxy.corp:3128 (its credentials not shown) here) and without NO_PROXY (.corp here), so the bridge does not reach gateway.doctor-proxy.invalid the way this terminal does',
      );
      expect(failedHop(proxy)?.fix).toContain('add "HTTPS_PROXY", "NO_PROXY" to env_vars in [mcp_servers.gateway-companion]');
      expect(reportText(proxy)).not.toContain('proxy-secret');

      await codexConfig(table(['HTTPS_PROXY', 'NO_PROXY']));
      const ca = await doctor({ client: 'codex', env: own });
      expectBrokenAt(ca, 'environment', 'ca_not_passed');
      expect(failedHop(ca)?.detail).toContain('without NODE_EXTRA_CA_CERTS (/etc/corp-ca.pem here)');
      expect(failedHop(ca)?.fix).toContain('add "NODE_EXTRA_CA_CERTS" to env_vars');

      // All named: the environment passes, and the run goes on to the profile (which has no secret stored).
      await codexConfig(table(['HTTPS_PROXY', 'NO_PROXY', 'NODE_EXTRA_CA_CERTS']));
      const passed = await doctor({ client: 'codex', env: own });
      expect(passed.hops.find((h) => h.id === 'environment')?.status).toBe('ok');
      expectBrokenAt(passed, 'profile', 'no_secret');
    },
  );

  it.skipIf(process.platform !== 'linux')(
    'a proxy does not matter for a gateway on this machine, which the bridge always reaches directly',
    async () => {
      const bridge = await fakeBridge();
      await profile({ url: gateway.url, caFile: gateway.caCertPath });
      await codexConfig(
        `[mcp_servers.gateway-companion]\ncommand = "${process.execPath}"\nargs = ["${bridge}", "--profile", "p"]\nenv_vars = ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "XDG_CONFIG_HOME"]\n`,
      );
      const report = await doctor({
        client: 'codex',
        env: { ...env(), DBUS_SESSION_BUS_ADDRESS: 'unix:path=/tmp/doctor-test-bus', HTTPS_PROXY: 'http://proxy.corp:3128' },
      });
      expect(report.verdict, reportText(report)).toBe('healthy');
    },
  );
});

describe('companion doctor: no keychain on this computer', () => {
  const noBus = {
    get: () => Promise.reject(new KeychainError('no-session-bus', 'no D-Bus session bus', 'start a desktop session')),
  } as unknown as Keychain;

  it('breaks at the keychain for a profile with a stored secret, and passes it for the built-in gateway, which needs none', async () => {
    await profile({ url: gateway.url, caFile: gateway.caCertPath }, 'none');
    const remote = await runDoctor({ profile: 'p', env: env(), paths, keychain: noBus, timeoutMs: 5_000 });
    expectBrokenAt(remote, 'keychain', 'keychain_unavailable');

    await new ProfileStore(profilesFile(paths)).save({ name: 'builtin', kind: 'embedded', url: 'https://127.0.0.1:1/mcp' });
    const builtin = await runDoctor({ profile: 'builtin', env: env(), paths, keychain: noBus, timeoutMs: 5_000 });
    expect(builtin.hops.find((h) => h.id === 'keychain')?.status, reportText(builtin)).toBe('ok');
  });
});
