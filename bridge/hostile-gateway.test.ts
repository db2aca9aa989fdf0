// A gateway that tries to make the bridge misbehave: reconnect storms, endless progress, floods.
import type http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { streamReconnectDelay, STREAM_RECONNECT_CAP_MS, STREAM_RECONNECT_FLOOR_MS } from './backoff';
import { runBridgeCore } from './core';
import { MAX_IN_FLIGHT } from './pending-table';
import { MAX_SEEN_EVENT_IDS, readEvents } from './stream-reader';
import { PassThrough, Readable } from 'node:stream';
import { createHttpClient } from './http-client';
import { createLogger } from './logger';
import { TEST_CREDENTIALS } from './testing/fake-gateway';
import { TestHost } from './testing/host';
import { floodEvents, logEvent, startHostileGateway, type HostileGateway } from './testing/hostile-gateway';

type Json = Record<string, unknown>;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function startBridge(
  gateway: HostileGateway,
  options: { host?: Pick<TestHost, 'input' | 'output'>; maxCallMs?: number; timeoutMs?: number } = {},
) {
  const host = options.host ?? new TestHost();
  const stop = new AbortController();
  const log = createLogger({ debug: false, tag: 'test' });
  const done = runBridgeCore({
    input: host.input,
    output: host.output,
    log,
    maxMessageBytes: 256 * 1024,
    defaultTimeoutMs: 10_000,
    userAgent: 'test',
    signal: stop.signal,
    drainMs: 0,
    ...(options.maxCallMs !== undefined ? { maxCallMs: options.maxCallMs } : {}),
    connect: async () => {
      const url = new URL(gateway.url);
      const httpClient = await createHttpClient({ url, proxy: false, env: {} });
      return {
        profile: 'test',
        url,
        http: httpClient,
        credentials: TEST_CREDENTIALS,
        timeoutMs: options.timeoutMs ?? 10_000,
        close: () => httpClient.close(),
      };
    },
  }).finally(() => log.close());
  cleanups.push(async () => {
    stop.abort();
    await done;
  });
  return { host: host as TestHost };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await sleep(5);
}

describe('event stream reconnection', () => {
  it('waits at least the floor whatever retry: says, doubling with jitter up to the cap', () => {
    expect(streamReconnectDelay(0, 0, () => 0)).toBe(STREAM_RECONNECT_FLOOR_MS);
    expect(streamReconnectDelay(0, undefined, () => 1)).toBe(STREAM_RECONNECT_FLOOR_MS);
    expect(streamReconnectDelay(3, 0, () => 1)).toBe(8 * STREAM_RECONNECT_FLOOR_MS);
    expect(streamReconnectDelay(3, 0, () => 0)).toBe(4 * STREAM_RECONNECT_FLOOR_MS);
    expect(streamReconnectDelay(40, 5_000, () => 1)).toBe(STREAM_RECONNECT_CAP_MS);
    expect(streamReconnectDelay(0, 5_000, () => 1)).toBe(5_000);
  });

  it('does not reconnect in a loop to a gateway that says retry: 0 and closes the stream', async () => {
    const gateway = await startHostileGateway({
      get: (res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end('retry: 0\n\n');
      },
    });
    cleanups.push(() => gateway.close());
    const { host } = startBridge(gateway);
    await host.initialize('i');
    await until(() => gateway.gets() >= 1);
    // Without a floor this window sees hundreds of GETs; with it, the first reopen is a second away.
    await sleep(800);
    expect(gateway.gets()).toBeLessThanOrEqual(2);
  });
});

describe('reply stream resumption', () => {
  it('resumes a reply stream that says retry: 0 and closes no more than once per floor, however often it closes', async () => {
    let resumes = 0;
    // Each stream delivers one new progress event (so no resume counts as fruitless) and closes at once.
    const progressOnce = (res: http.ServerResponse, n: number): void => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const progress = { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', progress: n } };
      res.end(`id: e${n}\nretry: 0\ndata: ${JSON.stringify(progress)}\n\n`);
    };
    const gateway = await startHostileGateway({
      get: (res, req) => {
        if (req.headers['last-event-id'] === undefined) return void res.writeHead(405).end();
        progressOnce(res, ++resumes);
      },
      request: (message, res) =>
        message.method === 'tools/call'
          ? progressOnce(res, 0)
          : res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: {} })),
    });
    cleanups.push(() => gateway.close());
    const { host } = startBridge(gateway, { maxCallMs: 2_500 });
    await host.initialize('i');
    const reply = await host.request('c', 'tools/call', { name: 'flaky', arguments: {}, _meta: { progressToken: 't' } });
    expect(reply.error?.data).toMatchObject({ cause: 'timeout', maxCallMs: 2_500 });
    // Within the call's 2.5 s a 1 s floor allows two resumes; without it the bridge resumed hundreds of times.
    expect(resumes).toBeGreaterThanOrEqual(1);
    expect(resumes).toBeLessThanOrEqual(Math.ceil(2_500 / STREAM_RECONNECT_FLOOR_MS));
  });
});

describe('bounded memory', () => {
  it('remembers at most MAX_SEEN_EVENT_IDS event ids per exchange, forgetting the oldest', async () => {
    const events = Array.from(
      { length: 5_000 },
      (_, i) => `id: e${i}\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":${i}}}\n\n`,
    );
    const res = {
      status: 200,
      statusText: 'OK',
      header: () => undefined,
      body: Readable.from([Buffer.from(events.join(''))]),
      discard: () => {},
    };
    const seen = new Set<string>();
    let delivered = 0;
    await readEvents(res, 64 * 1024, () => delivered++, seen);
    expect(delivered).toBe(5_000);
    expect(seen.size).toBe(MAX_SEEN_EVENT_IDS);
    expect(seen.has('e4999')).toBe(true);
    expect(seen.has('e0')).toBe(false);
  });

  it('refuses requests past MAX_IN_FLIGHT with an error naming the limit', async () => {
    const gateway = await startHostileGateway({ request: () => {} });
    cleanups.push(() => gateway.close());
    const { host } = startBridge(gateway);
    await host.initialize('i');
    const lines: string[] = [];
    for (let i = 0; i <= MAX_IN_FLIGHT; i++) lines.push(`${JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/list' })}\n`);
    host.input.write(lines.join(''));
    const refused = await host.waitFor((m) => m.id === MAX_IN_FLIGHT && m.method === undefined);
    expect(refused.error?.data).toMatchObject({ cause: 'too_many_in_flight', limit: MAX_IN_FLIGHT });
    expect(refused.error?.message).toContain(`${MAX_IN_FLIGHT} requests in flight`);
    expect(host.responsesFor(0)).toBe(0);
  });
});

describe('a call whose stream only sends progress', () => {
  it('ends after the overall limit with one error naming it and the flag, and a cancel to the gateway', async () => {
    let progressSent = 0;
    const gateway = await startHostileGateway({
      request: (message, res) => {
        if (message.method !== 'tools/call')
          return res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: {} }));
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const timer = setInterval(() => {
          progressSent++;
          res.write(
            `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', progress: progressSent } })}\n\n`,
          );
        }, 20);
        res.on('close', () => clearInterval(timer));
      },
    });
    cleanups.push(() => gateway.close());
    // Progress every 20 ms keeps the 200 ms idle timeout from firing; only the overall limit ends the call.
    const { host } = startBridge(gateway, { timeoutMs: 200, maxCallMs: 600 });
    await host.initialize('i');
    const reply = await host.request('c', 'tools/call', { name: 'forever', arguments: {}, _meta: { progressToken: 't' } });
    expect(reply.error?.code).toBe(-32001);
    expect(reply.error?.message).toContain('--max-call-time');
    expect(reply.error?.message).toContain('0.6 s');
    expect(reply.error?.data).toMatchObject({ cause: 'timeout', maxCallMs: 600 });
    expect(progressSent).toBeGreaterThan(10);
    expect(host.responsesFor('c')).toBe(1);
    await until(() => gateway.posted.some((m) => m.method === 'notifications/cancelled' && (m.params as Json).requestId === 'c'));
  });
});

describe('backpressure', () => {
  it('stops reading the event stream while the host does not read its stdout', async () => {
    const event = logEvent(60 * 1024);
    let flood = { bytes: 0, events: 0, blocked: 0 };
    const gateway = await startHostileGateway({
      get: (res) => {
        flood = floodEvents(res, (sent) => (sent.bytes < 256 * 1024 * 1024 ? event : undefined));
      },
    });
    cleanups.push(() => gateway.close());
    // A host that writes its messages and never reads what the bridge answers.
    const host = { input: new PassThrough(), output: new PassThrough() };
    startBridge(gateway, { host });
    host.input.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 'i', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'stalled', version: '1' } } })}\n` +
        `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`,
    );
    await until(() => flood.blocked > 0);
    // Without backpressure the bridge reads on and buffers everything for the host: the gateway gets
    // through 256 MB within this window. With it, the gateway stops at socket buffers plus one chunk.
    const started = Date.now();
    while (Date.now() - started < 1_500 && flood.bytes < 32 * 1024 * 1024) await sleep(50);
    expect(flood.bytes).toBeLessThan(32 * 1024 * 1024);
    expect(host.output.readableLength).toBeLessThan(8 * 1024 * 1024);
  });
});
