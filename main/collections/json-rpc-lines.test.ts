// JSON-RPC over a line stream pair, against a scripted other side: answers in any order, every kind of
// bad answer, the stream closing, deadlines and cancels, and requests from the other side.
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_CLOSED, JsonRpcLines, REQUEST_TIMEOUT, RpcError, type JsonRpcLinesOptions } from './json-rpc-lines';

function pair(options: Partial<JsonRpcLinesOptions> = {}) {
  const fromBridge = new PassThrough();
  const toBridge = new PassThrough();
  const sent: Record<string, unknown>[] = [];
  toBridge.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) sent.push(JSON.parse(line) as Record<string, unknown>);
  });
  const rpc = new JsonRpcLines(fromBridge, toBridge, { maxMessageBytes: 1024, answerRequests: true, ...options });
  const answer = (message: unknown) => fromBridge.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
  return { rpc, sent, answer, fromBridge, toBridge };
}

const long = { timeoutMs: 60_000 };
/** Lets the stream pair deliver what was written. */
const settle = () => new Promise((resolve) => setImmediate(resolve));
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('it should fail'),
    (error: unknown) => error as RpcError,
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('JsonRpcLines', () => {
  it('matches answers to requests by id, in any order, and ignores answers nobody waits for', async () => {
    const { rpc, sent, answer } = pair();
    const first = rpc.request('tools/list', undefined, long);
    const second = rpc.request('tools/call', { name: 't' }, long);
    await settle();
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: 0, method: 'tools/list' },
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 't' } },
    ]);
    answer({ jsonrpc: '2.0', id: '1', result: { wrong: 'a string id is another id' } });
    answer({ jsonrpc: '2.0', id: 7, result: {} });
    answer({ jsonrpc: '2.0', id: 1, result: { content: [] } });
    answer({ jsonrpc: '2.0', id: 0, result: { tools: [] } });
    answer({ jsonrpc: '2.0', id: 0, result: { late: 'a second answer is ignored' } });
    expect(await second).toEqual({ content: [] });
    expect(await first).toEqual({ tools: [] });
  });

  it('rejects with the JSON-RPC error it got, and words answers that are neither', async () => {
    const { rpc, answer } = pair();
    const errored = failure(rpc.request('a', undefined, long));
    const odd = failure(rpc.request('b', undefined, long));
    const neither = failure(rpc.request('c', undefined, long));
    const both = failure(rpc.request('d', undefined, long));
    answer({ jsonrpc: '2.0', id: 0, error: { code: -32602, message: 'Unknown tool', data: { tool: 'x' } } });
    answer({ jsonrpc: '2.0', id: 1, error: { code: 'E', message: 5 } });
    answer({ jsonrpc: '2.0', id: 2 });
    answer({ jsonrpc: '2.0', id: 3, result: {}, error: { code: 1, message: 'x' } });
    expect(await errored).toMatchObject({ code: -32602, message: 'Unknown tool', data: { tool: 'x' } });
    expect(await odd).toMatchObject({ code: -32603, message: 'b failed without a message' });
    expect(await neither).toMatchObject({ code: -32603, message: expect.stringContaining('not JSON-RPC') });
    expect(await both).toMatchObject({ code: -32603, message: expect.stringContaining('neither a result nor an error') });
  });

  it('ends what waits when a line is not JSON, or too long to keep and cannot be told apart', async () => {
    const { rpc, answer } = pair();
    const garbled = failure(rpc.request('a', undefined, long));
    answer('{"jsonrpc":"2.0","id":0,"result":');
    expect(await garbled).toMatchObject({ code: -32603, message: expect.stringContaining('not JSON') });

    const waiting = failure(rpc.request('b', undefined, long));
    answer({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'x'.repeat(2000) } });
    expect(await waiting).toMatchObject({
      code: -32603,
      message: expect.stringMatching(/^The bridge sent a message of \d+ bytes, over the limit of 1024/),
    });
  });

  it('fails only the request an oversized answer names', async () => {
    const { rpc, answer } = pair();
    const big = failure(rpc.request('a', undefined, long));
    const other = rpc.request('b', undefined, long);
    answer({ jsonrpc: '2.0', id: 0, result: { text: 'x'.repeat(2000) } });
    expect((await big).message).toMatch(/over the limit of 1024 bytes; it was dropped/);
    answer({ jsonrpc: '2.0', id: 1, result: { fine: true } });
    expect(await other).toEqual({ fine: true });
  });

  it('rejects what is in flight, and anything later, once the other side closes', async () => {
    const { rpc, fromBridge } = pair();
    const pending = failure(rpc.request('a', undefined, long));
    fromBridge.end();
    expect(await pending).toMatchObject({ code: CONNECTION_CLOSED, message: 'The bridge closed the connection.' });
    expect(await failure(rpc.request('b', undefined, long))).toMatchObject({ code: CONNECTION_CLOSED });
  });

  it('closing our side ends the output and rejects what waits', async () => {
    const { rpc, toBridge } = pair();
    const pending = failure(rpc.request('a', undefined, long));
    rpc.close();
    expect(await pending).toMatchObject({ code: CONNECTION_CLOSED });
    expect(toBridge.writableEnded).toBe(true);
  });

  it('gives up at the deadline and tells the other side', async () => {
    vi.useFakeTimers();
    const { rpc, sent } = pair();
    const pending = failure(rpc.request('tools/call', undefined, { timeoutMs: 5000 }));
    await vi.advanceTimersByTimeAsync(5000);
    expect(await pending).toMatchObject({ code: REQUEST_TIMEOUT, message: 'No answer to tools/call within 5 s.' });
    expect(sent.at(-1)).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 0, reason: 'No answer to tools/call within 5 s.' },
    });
    // initialize is the one request MCP does not let a client cancel.
    const handshake = failure(rpc.request('initialize', {}, { timeoutMs: 5000 }));
    await vi.advanceTimersByTimeAsync(5000);
    expect(await handshake).toMatchObject({ code: REQUEST_TIMEOUT });
    expect(sent.map((m) => m.method)).toEqual(['tools/call', 'notifications/cancelled', 'initialize']);
  });

  it('cancels on abort, and sends nothing when already aborted', async () => {
    const { rpc, sent } = pair();
    const controller = new AbortController();
    const pending = failure(rpc.request('tools/call', undefined, { ...long, signal: controller.signal }));
    controller.abort('Cancelled with Ctrl-C');
    expect(await pending).toMatchObject({ message: 'Cancelled with Ctrl-C' });
    await settle();
    expect(sent.map((m) => m.method)).toEqual(['tools/call', 'notifications/cancelled']);
    expect(await failure(rpc.request('tools/call', undefined, { ...long, signal: controller.signal }))).toBeInstanceOf(RpcError);
    await settle();
    expect(sent).toHaveLength(2);
  });

  it('answers ping and refuses other requests from the other side, or drops them all', async () => {
    const legacy = pair();
    legacy.answer({ jsonrpc: '2.0', id: 'p', method: 'ping' });
    legacy.answer({ jsonrpc: '2.0', id: 9, method: 'sampling/createMessage', params: {} });
    legacy.answer({ jsonrpc: '2.0', method: 'notifications/progress', params: {} });
    await settle();
    await settle();
    expect(legacy.sent).toEqual([
      { jsonrpc: '2.0', id: 'p', result: {} },
      { jsonrpc: '2.0', id: 9, error: { code: -32601, message: 'Method not found: sampling/createMessage' } },
    ]);
    const modern = pair({ answerRequests: false });
    modern.answer({ jsonrpc: '2.0', id: 'p', method: 'ping' });
    await settle();
    expect(modern.sent).toEqual([]);
  });

  it("adds the era's envelope to every message's _meta, under the caller's own keys", async () => {
    const { rpc, sent } = pair({ meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', shared: 'envelope' } });
    void rpc.request('tools/call', { name: 't', _meta: { shared: 'own' } }, long).catch(() => undefined);
    rpc.notify('notifications/cancelled', { requestId: 0 });
    await settle();
    expect(sent.map((m) => m.params)).toEqual([
      { name: 't', _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', shared: 'own' } },
      { requestId: 0, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', shared: 'envelope' } },
    ]);
    rpc.close();
  });

  it('keeps a bounded number of requests in flight', async () => {
    const { rpc } = pair({ maxPending: 2 });
    const held = [rpc.request('a', undefined, long), rpc.request('b', undefined, long)].map((p) => p.catch(() => undefined));
    expect((await failure(rpc.request('c', undefined, long))).message).toBe('More than 2 requests in flight.');
    rpc.close();
    await Promise.all(held);
  });
});
