import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog, readAuditLog } from './audit-log';
import { runBridgeCore, type UpstreamTarget } from './core';
import { createHttpClient } from './http-client';
import { BridgeError, ErrorCode } from './jsonrpc';
import { createLogger } from './logger';
import { startFakeGateway, TEST_CREDENTIALS, type FakeGateway } from './testing/fake-gateway';
import { TestHost, type Message } from './testing/host';

let dir: string;
let gateway: FakeGateway;
const running: Array<{ stop(): void; done: Promise<void> }> = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bridge-core-'));
  gateway = await startFakeGateway();
});

afterEach(async () => {
  for (const b of running.splice(0)) {
    b.stop();
    await b.done;
  }
  await gateway.close();
  await rm(dir, { recursive: true, force: true });
});

interface StartOptions {
  timeoutMs?: number;
  credentials?: typeof TEST_CREDENTIALS;
  refreshCredentials?: () => Promise<typeof TEST_CREDENTIALS | undefined>;
  connect?: () => Promise<UpstreamTarget>;
  maxMessageBytes?: number;
  recover?: () => Promise<boolean>;
  drainMs?: number;
}

function start(options: StartOptions = {}) {
  const host = new TestHost();
  const stop = new AbortController();
  let connects = 0;
  const log = createLogger({ debug: true, tag: 'test', file: path.join(dir, 'bridge.log') });
  const audit = new AuditLog(path.join(dir, 'audit.jsonl'));
  const done = runBridgeCore({
    input: host.input,
    output: host.output,
    log,
    audit,
    maxMessageBytes: options.maxMessageBytes ?? 64 * 1024,
    defaultTimeoutMs: options.timeoutMs ?? 10_000,
    userAgent: 'test',
    signal: stop.signal,
    drainMs: options.drainMs ?? 0,
    ...(options.refreshCredentials ? { refreshCredentials: options.refreshCredentials } : {}),
    connect:
      options.connect ??
      (async () => {
        connects++;
        const url = new URL(gateway.url);
        const httpClient = await createHttpClient({ url, proxy: false, env: {} });
        return {
          profile: 'test',
          url,
          http: httpClient,
          credentials: options.credentials ?? TEST_CREDENTIALS,
          timeoutMs: options.timeoutMs ?? 10_000,
          close: () => httpClient.close(),
          ...(options.recover ? { recover: options.recover } : {}),
        };
      }),
  }).finally(() => log.close());
  const handle = { host, done, stop: () => stop.abort(), connects: () => connects };
  running.push(handle);
  return handle;
}

function call(host: TestHost, id: unknown, name: string, args: object = {}, meta?: object): Promise<Message> {
  return host.request(id, 'tools/call', { name, arguments: args, ...(meta ? { _meta: meta } : {}) });
}

function text(m: Message): string | undefined {
  if (!m.result) throw new Error(`expected a result, got ${JSON.stringify(m)}`);
  return (m.result as { content: Array<{ text: string }> }).content[0]?.text;
}

describe('forwarding', () => {
  it('forwards requests raw with ids preserved, and sends session id, protocol version and credentials', async () => {
    const { host } = start();
    const init = await host.initialize('init-1');
    expect((init.result as { protocolVersion: string }).protocolVersion).toBe('2025-11-25');
    const list = await host.request(7, 'tools/list');
    expect((list.result as { tools: Array<{ name: string }> }).tools.map((t) => t.name)).toContain('echo');
    expect(text(await call(host, 'abc', 'echo', { text: 'hi' }))).toBe('hi');
    expect(text(await call(host, -42, 'echo', { text: 'negative id' }))).toBe('negative id');

    const posts = gateway.seen.filter((r) => r.method !== 'GET' && r.method !== 'DELETE');
    const initPost = posts.find((r) => r.method === 'initialize');
    expect(initPost?.headers['mcp-protocol-version']).toBeUndefined();
    expect(initPost?.headers['mcp-session-id']).toBeUndefined();
    for (const r of posts.filter((p) => p.method !== 'initialize')) {
      expect(r.headers['mcp-protocol-version']).toBe('2025-11-25');
      expect(r.headers['mcp-session-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    for (const r of gateway.seen) {
      expect(r.headers['x-svc-credential']).toBe(TEST_CREDENTIALS.accessId);
      expect(r.headers['x-svc-secret-key']).toBe(TEST_CREDENTIALS.secretKey);
    }
    // The body reached the gateway byte for byte as the host wrote it.
    expect(posts.find((r) => r.body.includes('"abc"'))?.body).toBe(
      JSON.stringify({ jsonrpc: '2.0', id: 'abc', method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } }),
    );
    for (const id of ['init-1', 7, 'abc', -42]) expect(host.responsesFor(id)).toBe(1);
  });

  it('passes notifications both ways, progress, ping, and server-initiated messages on the GET stream', async () => {
    const { host } = start();
    await host.initialize(1);
    const logged = await call(host, 2, 'log');
    expect(text(logged)).toBe('logged');
    expect(host.received.some((m) => (m as Message).method === 'notifications/message')).toBe(true);

    const slow = await call(host, 3, 'slow', { steps: 3, ms: 10 }, { progressToken: 'p-1' });
    expect(text(slow)).toBe('done after 3');
    const progress = host.received.filter((m) => (m as Message).method === 'notifications/progress');
    expect(progress.map((m) => (m as { params: { progress: number } }).params.progress)).toEqual([1, 2, 3]);

    expect((await host.request(4, 'ping')).result).toEqual({});

    // Wait until the GET stream is open, then have the gateway announce on it.
    await expect.poll(() => gateway.seen.some((r) => r.method === 'GET')).toBe(true);
    await gateway.announce();
    await host.waitFor((m) => m.method === 'notifications/tools/list_changed');
  });

  it('reads the event streams of a resumable gateway, whose priming events (an id, empty data) carry no message', async () => {
    await gateway.close();
    gateway = await startFakeGateway({ resumable: true });
    const { host } = start();
    await host.initialize(1);
    expect(text(await call(host, 2, 'log'))).toBe('logged');
    const slow = await call(host, 3, 'slow', { steps: 2, ms: 10 }, { progressToken: 'p-1' });
    expect(text(slow)).toBe('done after 2');
    expect(host.received.filter((m) => (m as Message).method === 'notifications/progress')).toHaveLength(2);
    expect(host.received.filter((m) => (m as Message).error !== undefined)).toEqual([]);
    await expect.poll(() => gateway.seen.some((r) => r.method === 'GET')).toBe(true);
    await gateway.announce();
    await host.waitFor((m) => m.method === 'notifications/tools/list_changed');
  });

  it("relays a server→client request and the host's reply", async () => {
    const { host } = start();
    await host.initialize(1);
    host.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'roots', arguments: {} } });
    const ask = await host.waitFor((m) => m.method === 'roots/list');
    expect(ask.id).toBeDefined();
    host.send({ jsonrpc: '2.0', id: ask.id, result: { roots: [{ uri: 'file:///home/project', name: 'project' }] } });
    const answer = await host.waitFor((m) => m.id === 2 && m.method === undefined);
    expect(text(answer)).toBe('file:///home/project');
    expect(host.responsesFor(2)).toBe(1);
  });

  it('forwards cancellation, sends no response for the cancelled request and keeps working', async () => {
    const { host } = start();
    await host.initialize(1);
    host.send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'slow', arguments: { steps: 200, ms: 20 }, _meta: { progressToken: 9 } },
    });
    await host.waitFor((m) => m.method === 'notifications/progress');
    host.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'user pressed stop' } });
    await expect.poll(() => gateway.seen.some((r) => r.method === 'notifications/cancelled')).toBe(true);
    expect((await host.request(3, 'ping')).result).toEqual({});
    expect(text(await call(host, 4, 'echo', { text: 'still here' }))).toBe('still here');
    expect(host.responsesFor(2)).toBe(0);
  });

  it('holds requests written with initialize, before its answer, and answers them after it in order', async () => {
    const { host } = start();
    const init = {
      jsonrpc: '2.0',
      id: 'i',
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test-host', version: '1.0.0' } },
    };
    // One chunk: the ping and the list arrive before the initialize has even connected.
    host.input.write(
      [init, { jsonrpc: '2.0', id: 'p', method: 'ping' }, { jsonrpc: '2.0', id: 'l', method: 'tools/list' }]
        .map((m) => `${JSON.stringify(m)}\n`)
        .join(''),
    );
    const list = await host.waitFor((m) => m.id === 'l' && m.method === undefined);
    const ping = await host.waitFor((m) => m.id === 'p' && m.method === undefined);
    expect(ping).toEqual({ jsonrpc: '2.0', id: 'p', result: {} });
    expect((list.result as { tools: unknown[] }).tools.length).toBeGreaterThan(0);
    const order = host.received.map((m) => (m as { id?: unknown }).id).filter((id) => id === 'i' || id === 'p' || id === 'l');
    expect(order[0]).toBe('i');
    for (const id of ['i', 'p', 'l']) expect(host.responsesFor(id)).toBe(1);
  });

  it('does no I/O before the first host message', async () => {
    const bridge = start();
    await new Promise((r) => setImmediate(r));
    expect(bridge.connects()).toBe(0);
    bridge.host.input.end();
    await bridge.done;
    expect(bridge.connects()).toBe(0);
    expect(gateway.seen).toEqual([]);
  });
});

describe('bad input from the host', () => {
  it('answers a non-JSON line with -32700 and id null', async () => {
    const { host } = start();
    host.send('this is not json');
    const reply = await host.waitFor((m) => m.error?.code === ErrorCode.ParseError);
    expect(reply.id).toBeNull();
    expect(reply.error?.message).toMatch(/not valid JSON/);
  });

  it('answers every element of a batch with a clear error, in one batch reply', async () => {
    const { host } = start();
    host.send([
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 'x', method: 'ping' },
    ]);
    await expect.poll(() => host.received.find(Array.isArray)).toBeDefined();
    const batch = host.received.find(Array.isArray) as Message[];
    expect(batch).toHaveLength(3);
    expect(batch.map((m) => m.id)).toEqual([1, null, 'x']);
    for (const m of batch) {
      expect(m.error?.code).toBe(ErrorCode.InvalidRequest);
      expect(m.error?.message).toMatch(/Batches are not supported/);
    }
    host.send([]);
    await host.waitFor((m) => m.error?.message === 'Invalid request: empty batch.');
    expect(gateway.seen).toEqual([]);
  });

  it('rejects invalid JSON-RPC, duplicate in-flight ids and oversized messages, naming the cause', async () => {
    const { host } = start({ maxMessageBytes: 2048 });
    host.send({ jsonrpc: '1.0', id: 5, method: 'ping' });
    expect((await host.waitFor((m) => m.id === 5)).error?.data?.cause).toBe('invalid_request');
    host.send({ jsonrpc: '2.0', id: { no: 'objects' }, method: 'ping' });
    expect((await host.waitFor((m) => m.id === null && m.error?.data?.cause === 'invalid_request')).error?.message).toMatch(/"id" member/);

    host.send({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'echo', arguments: { text: 'x'.repeat(5000) } }, id: 'big' });
    const big = await host.waitFor((m) => m.id === 'big');
    expect(big.error?.code).toBe(ErrorCode.TooLarge);
    expect(big.error?.message).toMatch(/exceeds the bridge's limit of 2048 bytes/);

    await host.initialize(1);
    host.send({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'slow', arguments: { steps: 3, ms: 30 } } });
    host.send({ jsonrpc: '2.0', id: 9, method: 'ping' });
    await expect.poll(() => host.responsesFor(9)).toBe(2);
    const replies = host.received.filter((m) => (m as Message).id === 9) as Message[];
    expect(replies.some((m) => m.error?.data?.cause === 'duplicate_id')).toBe(true);
    expect(replies.some((m) => m.result !== undefined && text(m) === 'done after 3')).toBe(true);
  });
});

describe('failures', () => {
  it('re-initialises transparently when the session expires on every third request', async () => {
    const { host } = start();
    await host.initialize('init');
    for (let i = 1; i <= 9; i++) {
      if (i % 3 === 0) gateway.fault('tools/call', { kind: 'expire' }, 1);
      expect(text(await call(host, i, 'echo', { text: `call ${i}` }))).toBe(`call ${i}`);
      expect(host.responsesFor(i)).toBe(1);
    }
    const inits = gateway.seen.filter((r) => r.method === 'initialize');
    expect(inits).toHaveLength(4);
    expect(inits.slice(1).every((r) => /"id":"gateway-companion-reinit-\d+"/.test(r.body) && r.body.includes('"test-host"'))).toBe(true);
    expect(gateway.seen.filter((r) => r.method === 'notifications/initialized')).toHaveLength(4);
    expect(host.responsesFor('init')).toBe(1);
    expect(await readFile(path.join(dir, 'bridge.log'), 'utf8')).toMatch(/session expired \(HTTP 404\): re-initialising/);
  });

  it('answers 500 with an HTML body with one error quoting the page text', async () => {
    const { host } = start();
    await host.initialize(1);
    gateway.fault('tools/call', { kind: 'html500' }, 1);
    const reply = await call(host, 2, 'echo', { text: 'x' });
    expect(reply.error?.code).toBe(ErrorCode.UpstreamError);
    expect(reply.error?.data?.cause).toBe('http_error');
    expect(reply.error?.message).toContain('HTTP 500 Internal Server Error: Oops Internal Server Error upstream exploded');
    expect(text(await call(host, 3, 'echo', { text: 'recovered' }))).toBe('recovered');
    expect([host.responsesFor(2), host.responsesFor(3)]).toEqual([1, 1]);
  });

  it('answers garbage with invalid_response', async () => {
    const { host } = start();
    await host.initialize(1);
    gateway.fault('tools/call', { kind: 'garbage' }, 1);
    const reply = await call(host, 2, 'echo', { text: 'x' });
    expect(reply.error?.data?.cause).toBe('invalid_response');
    expect(reply.error?.message).toMatch(/not JSON: "this is \{not json"/);
  });

  it('answers 401 and 403 with auth_rejected and how to fix it, and retries once with newer stored credentials', async () => {
    const { host } = start({ credentials: { accessId: TEST_CREDENTIALS.accessId, secretKey: 'stale-secret-0000' } });
    const reply = await host.request(1, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    expect(reply.error?.code).toBe(ErrorCode.AuthRejected);
    expect(reply.error?.message).toContain('HTTP 401 Unauthorized: invalid credentials');
    expect(reply.error?.message).toContain('companion login --profile test');
    expect(reply.error?.message).not.toContain('stale-secret-0000');
    expect(host.responsesFor(1)).toBe(1);
  });

  it('answers 403 on a tool call with auth_rejected', async () => {
    const { host } = start();
    await host.initialize(1);
    gateway.fault('tools/call', { kind: 'status', status: 403, body: 'forbidden for this account' }, 1);
    const forbidden = await call(host, 2, 'echo', { text: 'x' });
    expect(forbidden.error?.data).toMatchObject({ cause: 'auth_rejected', httpStatus: 403 });
    expect(forbidden.error?.message).toContain('HTTP 403 Forbidden: forbidden for this account');
    expect(host.responsesFor(2)).toBe(1);
  });

  it('uses credentials stored while it runs after a 401', async () => {
    let fresh: typeof TEST_CREDENTIALS | undefined = undefined;
    const { host } = start({ credentials: { accessId: 'old-id', secretKey: 'old-secret-1111' }, refreshCredentials: async () => fresh });
    expect(
      (await host.request(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } }))
        .error?.data?.cause,
    ).toBe('auth_rejected');
    fresh = TEST_CREDENTIALS;
    expect((await host.initialize(2)).result).toBeDefined();
  });

  it('answers a connection reset with connection_reset and recovers on the next request', async () => {
    const { host } = start();
    await host.initialize(1);
    gateway.fault('tools/call', { kind: 'reset' });
    const reply = await call(host, 2, 'echo', { text: 'x' });
    expect(reply.error?.code).toBe(ErrorCode.UpstreamUnreachable);
    expect(reply.error?.data?.cause).toBe('connection_reset');
    gateway.clearFaults();
    expect(text(await call(host, 3, 'echo', { text: 'after reset' }))).toBe('after reset');
    expect([host.responsesFor(2), host.responsesFor(3)]).toEqual([1, 1]);
  });

  it('times out a slow upstream with one error and tells the gateway to cancel', async () => {
    // The limit covers every request; the hanging one proves it, the others need room on a busy machine.
    const { host } = start({ timeoutMs: 2_000 });
    await host.initialize(1);
    gateway.fault('tools/call', { kind: 'hang' }, 1);
    const reply = await call(host, 2, 'echo', { text: 'x' });
    expect(reply.error?.code).toBe(ErrorCode.Timeout);
    expect(reply.error?.message).toMatch(/did not answer tools\/call "echo" within 2 s/);
    await expect
      .poll(() => gateway.seen.some((r) => r.method === 'notifications/cancelled' && r.body.includes('"requestId":2')))
      .toBe(true);
    expect(text(await call(host, 3, 'echo', { text: 'fine' }))).toBe('fine');
    expect(host.responsesFor(2)).toBe(1);
  });

  it('survives the gateway going down mid-call and works again once it is back, without a restart', async () => {
    const { host } = start();
    await host.initialize(1);
    host.send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'slow', arguments: { steps: 100, ms: 20 }, _meta: { progressToken: 1 } },
    });
    await host.waitFor((m) => m.method === 'notifications/progress');
    const port = gateway.port;
    await gateway.close();
    const cut = await host.waitFor((m) => m.id === 2);
    expect(cut.error?.data?.cause).toBe('connection_reset');

    const down = await call(host, 3, 'echo', { text: 'x' });
    expect(down.error?.data?.cause).toBe('upstream_unreachable');
    expect(down.error?.message).toMatch(/Cannot reach the gateway at http:\/\/127\.0\.0\.1:\d+\/mcp: .*ECONNREFUSED/);

    gateway = await startFakeGateway({ port });
    // The restarted gateway has no session: the bridge re-initialises and retries.
    expect(text(await call(host, 4, 'echo', { text: 'back' }))).toBe('back');
    for (const id of [2, 3, 4]) expect(host.responsesFor(id)).toBe(1);
  });

  it('asks the target to recover on connection refused (an embedded gateway restarts) and retries once', async () => {
    const port = gateway.port;
    let recovered = 0;
    const { host } = start({
      recover: async () => {
        recovered++;
        gateway = await startFakeGateway({ port });
        return true;
      },
    });
    await host.initialize(1);
    await gateway.close();
    expect(text(await call(host, 2, 'echo', { text: 'restarted' }))).toBe('restarted');
    expect(recovered).toBe(1);
  });

  it('answers initialize with how to fix missing credentials', async () => {
    const { host } = start({
      connect: async () => {
        throw new BridgeError(
          ErrorCode.CredentialsMissing,
          'No gateway credentials are stored for profile "default". Open Gateway Companion → Settings, or run `companion login` to store them.',
          { cause: 'credentials_missing' },
        );
      },
    });
    const reply = await host.request(0, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    expect(reply.error?.code).toBe(ErrorCode.CredentialsMissing);
    expect(reply.error?.message).toContain('open Gateway Companion → Settings, or run `companion login`'.replace('open', 'Open'));
    expect(host.responsesFor(0)).toBe(1);
  });

  it('answers a request the host sent just before its input ended, while the bridge was still connecting', async () => {
    let connected: () => void = () => undefined;
    const slowConnect = new Promise<void>((resolve) => (connected = resolve));
    const bridge = start({
      drainMs: 10_000,
      connect: async () => {
        await slowConnect; // profile and keychain still being read when the input ends
        const url = new URL(gateway.url);
        const http = await createHttpClient({ url, proxy: false, env: {} });
        return { profile: 'test', url, http, credentials: TEST_CREDENTIALS, timeoutMs: 10_000, close: () => http.close() };
      },
    });
    // As `printf '<initialize>' | companion bridge` does: one request, then the end of the input.
    void bridge.host.initialize(1);
    bridge.host.input.end();
    // The connection completes only once shutdown has begun.
    await expect.poll(() => readFile(path.join(dir, 'bridge.log'), 'utf8').catch(() => '')).toContain('stopping (end of input)');
    connected();
    await bridge.done;
    const reply = (bridge.host.received as Message[]).find((m) => m.id === 1);
    expect(reply?.result).toMatchObject({ protocolVersion: '2025-11-25' });
    expect(bridge.host.responsesFor(1)).toBe(1);
    expect(gateway.seen.some((r) => r.method === 'DELETE')).toBe(true);
  });

  it('on end of input fails what is pending, deletes the session and resolves', async () => {
    const bridge = start();
    await bridge.host.initialize(1);
    bridge.host.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'slow', arguments: { steps: 500, ms: 20 } } });
    await expect.poll(() => gateway.seen.some((r) => r.body.includes('"slow"'))).toBe(true);
    bridge.host.input.end();
    await bridge.done;
    const reply = (bridge.host.received as Message[]).find((m) => m.id === 2);
    expect(reply?.error?.data?.cause).toBe('shutting_down');
    expect(gateway.seen.some((r) => r.method === 'DELETE' && typeof r.headers['mcp-session-id'] === 'string')).toBe(true);
    expect(bridge.host.responsesFor(2)).toBe(1);
  });
});

describe('audit log', () => {
  it('records tool calls with redacted arguments, duration and outcome', async () => {
    const bridge = start();
    await bridge.host.initialize(1);
    await call(bridge.host, 2, 'echo', { text: `key ${TEST_CREDENTIALS.secretKey}`, password: 'hunter2', nested: { apiKey: 'abc' } });
    await call(bridge.host, 3, 'fail');
    bridge.host.input.end();
    await bridge.done;
    const records = await readAuditLog(path.join(dir, 'audit.jsonl'));
    expect(records.map((r) => [r.tool, r.ok, r.errorCode])).toEqual([
      ['fail', false, 'NOT_FOUND'],
      ['echo', true, undefined],
    ]);
    const echo = records[1];
    expect(echo?.profile).toBe('test');
    expect(echo?.arguments).toEqual({ text: 'key [redacted]', password: '[redacted]', nested: { apiKey: '[redacted]' } });
    expect(typeof echo?.durationMs).toBe('number');
    const raw = await readFile(path.join(dir, 'audit.jsonl'), 'utf8');
    const logText = await readFile(path.join(dir, 'bridge.log'), 'utf8');
    for (const t of [raw, logText]) expect(t).not.toContain(TEST_CREDENTIALS.secretKey);
  });
});
