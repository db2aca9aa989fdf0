// A resumable server built with the official SDK (its Streamable HTTP transport with an event store) behind
// the bridge. The test cuts the reply stream of a tools/call mid-response; the bridge must resume it with
// Last-Event-ID after the server's `retry:` delay, and the host must see every message exactly once.
import http from 'node:http';
import type { Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { InMemoryEventStore } from '@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js';
import { afterEach, expect, it } from 'vitest';
import { STREAM_RECONNECT_CAP_MS, STREAM_RECONNECT_FLOOR_MS } from './backoff';
import { runBridgeCore } from './core';
import { createHttpClient } from './http-client';
import { createLogger } from './logger';
import { TestHost, type Message } from './testing/host';
import { MAX_RESUMES, Upstream } from './upstream';
import { UpstreamFailure } from './upstream-failure';

const RETRY_MS = 400;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Resumable {
  url: string;
  /** GETs that carried Last-Event-ID, with when they came. */
  readonly resumes: Array<{ lastEventId: string; at: number }>;
  /** When the reply stream was cut. */
  cutAt: number;
}

/** The SDK's resumable server with one tool that sends progress, has its stream cut, sends more, and answers. */
async function startResumable(): Promise<Resumable> {
  const state: Resumable = { url: '', resumes: [], cutAt: 0 };
  let callSocket: Socket | undefined;
  let resumed: () => void = () => undefined;
  const resumedOnce = new Promise<void>((resolve) => (resumed = resolve));
  const server = new McpServer({ name: 'resumable', version: '1.0.0' });
  server.registerTool('count', { description: 'progress, a cut, more progress, then the answer' }, async (extra) => {
    const progressToken = extra._meta?.progressToken ?? 'none';
    const progress = (n: number) =>
      extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: n, total: 3 } });
    await progress(1);
    await sleep(100); // written and read before the cut
    state.cutAt = Date.now();
    callSocket?.destroy();
    await progress(2); // stored while nobody listens: the resume replays it
    await resumedOnce;
    await progress(3); // sent live on the resumed stream
    return { content: [{ type: 'text', text: 'counted to 3' }] };
  });
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    eventStore: new InMemoryEventStore(),
    retryInterval: RETRY_MS,
  });
  await server.connect(transport);
  const httpServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { method?: string }) : undefined;
      if (body?.method === 'tools/call') callSocket = req.socket;
      const lastEventId = req.headers['last-event-id'];
      if (req.method === 'GET' && typeof lastEventId === 'string') {
        state.resumes.push({ lastEventId, at: Date.now() });
        setTimeout(resumed, 50);
      }
      void transport.handleRequest(req, res, body);
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(httpServer.address() as { port: number }).port}/mcp`;
  cleanups.push(async () => {
    httpServer.closeAllConnections();
    await new Promise((resolve) => httpServer.close(resolve));
    await server.close();
  });
  return state;
}

function startBridge(url: string): TestHost {
  const host = new TestHost();
  const stop = new AbortController();
  const log = createLogger({ debug: false, tag: 'test' });
  const done = runBridgeCore({
    input: host.input,
    output: host.output,
    log,
    maxMessageBytes: 1024 * 1024,
    defaultTimeoutMs: 30_000,
    userAgent: 'test',
    signal: stop.signal,
    drainMs: 0,
    connect: async () => {
      const target = new URL(url);
      const client = await createHttpClient({ url: target, proxy: false, env: {} });
      return {
        profile: 'test',
        url: target,
        http: client,
        credentials: { accessId: 'a', secretKey: 's' },
        timeoutMs: 30_000,
        close: () => client.close(),
      };
    },
  }).finally(() => log.close());
  cleanups.push(async () => {
    stop.abort();
    await done;
  });
  return host;
}

it('resumes a reply stream cut mid-response with Last-Event-ID after the retry delay, losing and repeating nothing', async () => {
  const server = await startResumable();
  const host = startBridge(server.url);
  await host.request(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'host', version: '1' } });
  host.send({ jsonrpc: '2.0', method: 'notifications/initialized' });

  const answer = await host.request(2, 'tools/call', { name: 'count', arguments: {}, _meta: { progressToken: 'p' } });
  expect(answer).toMatchObject({ id: 2, result: { content: [{ type: 'text', text: 'counted to 3' }] } });

  const progress = host.received
    .filter((m): m is Message => (m as Message).method === 'notifications/progress')
    .map((m) => (m.params as { progress: number }).progress);
  expect(progress).toEqual([1, 2, 3]);
  expect(host.responsesFor(2)).toBe(1);
  // One resume, from the event the bridge had seen last, no sooner than the server's retry: asked (here
  // under the floor, so the floor).
  expect(server.resumes).toHaveLength(1);
  expect(server.resumes[0]?.lastEventId).toMatch(/\S/);
  expect(server.resumes[0]!.at - server.cutAt).toBeGreaterThanOrEqual(Math.max(RETRY_MS, STREAM_RECONNECT_FLOOR_MS) - 20);
});

it('floors the wait before each resume whatever retry: says, backs off, and gives up after MAX_RESUMES without progress', async () => {
  // A gateway that opens every stream with a priming event, says retry: 0 and ends it at once, never answering.
  let posts = 0;
  const resumedFrom: string[] = [];
  const httpServer = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST') posts++;
      else resumedFrom.push(String(req.headers['last-event-id']));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('id: prime\nretry: 0\ndata: \n\n');
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    httpServer.closeAllConnections();
    await new Promise((resolve) => httpServer.close(resolve));
  });
  const url = new URL(`http://127.0.0.1:${(httpServer.address() as { port: number }).port}/mcp`);
  const client = await createHttpClient({ url, proxy: false, env: {} });
  cleanups.push(() => client.close());
  // The waits are recorded, not waited out: the test counts requests and reads the delays asked for.
  const pauses: number[] = [];
  const upstream = new Upstream({
    url,
    http: client,
    credentials: { accessId: 'a', secretKey: 's' },
    maxMessageBytes: 1024 * 1024,
    userAgent: 'test',
    pause: async (ms) => void pauses.push(ms),
  });
  const failure: unknown = await upstream
    .postRequest(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), {
      signal: new AbortController().signal,
      onMessage: () => undefined,
      answered: () => false,
    })
    .then(
      () => undefined,
      (error: unknown) => error,
    );
  expect(failure).toBeInstanceOf(UpstreamFailure);
  expect((failure as UpstreamFailure).kind).toBe('reset');
  expect(posts).toBe(1);
  expect(resumedFrom).toEqual(Array(MAX_RESUMES).fill('prime'));
  // One wait before each resume: never under the floor, and the nth at least half of floor·2^n (jitter).
  expect(pauses).toHaveLength(MAX_RESUMES);
  pauses.forEach((ms, n) => {
    expect(ms).toBeGreaterThanOrEqual(STREAM_RECONNECT_FLOOR_MS);
    expect(ms).toBeGreaterThanOrEqual((STREAM_RECONNECT_FLOOR_MS * 2 ** n) / 2);
    expect(ms).toBeLessThanOrEqual(STREAM_RECONNECT_CAP_MS);
  });
});
