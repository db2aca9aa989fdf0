// A session's single requests are answered on the direct path; everything else still gets the SDK transport's answer.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningGateway } from '../start';
import { MCP_HEADERS, initializeBody, rawRequest, startTestGateway, type RawResponse } from '../testing/fixture';
import { DirectJsonRequests } from './direct-json-requests';

let gateway: RunningGateway;
let dispose: () => Promise<void>;
let auth: Record<string, string>;

beforeAll(async () => {
  ({ gateway, dispose } = await startTestGateway({ testHooks: true }));
  auth = { 'X-SVC-CREDENTIAL': gateway.accessId, 'X-SVC-SECRET-KEY': gateway.secretKey };
});
afterAll(() => dispose());

async function openSession(): Promise<string> {
  const answer = await rawRequest(gateway, { headers: { ...MCP_HEADERS, ...auth }, body: initializeBody() });
  expect(answer.status, answer.text).toBe(200);
  return answer.headers['mcp-session-id'] as string;
}

const post = (sessionId: string, body: unknown, headers: Record<string, string> = {}) =>
  rawRequest(gateway, {
    headers: { ...MCP_HEADERS, ...auth, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18', ...headers },
    body: JSON.stringify(body),
  });

const call = (id: number | string, name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

/** Runs `send` while counting how many requests the direct path answered. */
async function counting(send: () => Promise<RawResponse>): Promise<{ answer: RawResponse; direct: number }> {
  const handle = vi.spyOn(DirectJsonRequests.prototype, 'handle');
  try {
    const answer = await send();
    const results = await Promise.all(handle.mock.results.map((r) => r.value as Promise<boolean>));
    return { answer, direct: results.filter(Boolean).length };
  } finally {
    handle.mockRestore();
  }
}

describe('the direct path for single requests', () => {
  it('answers tools/call and tools/list itself, with the JSON body and headers the SDK gives', async () => {
    const sessionId = await openSession();
    const { answer, direct } = await counting(() =>
      post(sessionId, call(7, 'validate_address', { address: '0x52908400098527886E0F7030069857D2E4169EE7', asset_id: 'c60' })),
    );
    expect(direct).toBe(1);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['mcp-session-id']).toBe(sessionId);
    expect(answer.json).toMatchObject({ jsonrpc: '2.0', id: 7, result: { structuredContent: { status: 'ok' } } });

    const listed = await counting(() => post(sessionId, { jsonrpc: '2.0', id: 'list', method: 'tools/list' }));
    expect(listed.direct).toBe(1);
    expect((listed.answer.json as { result: { tools: unknown[] } }).result.tools).toHaveLength(13);
  });

  it('gives the SDK its own errors: unknown tool -32602, bad arguments as a tool error', async () => {
    const sessionId = await openSession();
    const unknown = await counting(() => post(sessionId, call(1, 'no_such_tool', {})));
    expect(unknown.direct).toBe(1);
    expect(unknown.answer.json).toMatchObject({ id: 1, error: { code: -32602 } });
    const bad = await post(sessionId, call(2, 'get_token_prices', { assets: 'c60' }));
    expect(bad.json).toMatchObject({ id: 2, result: { isError: true } });
  });

  it('leaves to the SDK transport what it does not take, which answers as it always has', async () => {
    const sessionId = await openSession();
    const sdk = async (send: () => Promise<RawResponse>) => {
      const { answer, direct } = await counting(send);
      expect(direct).toBe(0);
      return answer;
    };
    const tool = call(3, 'validate_address', { address: 'x', asset_id: 'c60' });
    expect((await sdk(() => post(sessionId, tool, { accept: 'application/json' }))).status).toBe(406);
    const version = await sdk(() => post(sessionId, tool, { 'mcp-protocol-version': '1999-01-01' }));
    expect(version.status, version.text).toBe(400);
    expect((await sdk(() => post(sessionId, { jsonrpc: '2.0', method: 'notifications/initialized' }))).status).toBe(202);
    const batch = await sdk(() => post(sessionId, [tool, { ...tool, id: 4 }]));
    expect(batch.status).toBe(200);
    expect((batch.json as Array<{ id: number }>).map((m) => m.id)).toEqual([3, 4]);
    expect((await sdk(() => post(sessionId, JSON.parse(initializeBody(5))))).status).toBe(400);
    expect((await sdk(() => post(sessionId, { jsonrpc: '1.0', id: 6, method: 'tools/list' }))).status).toBe(400);
  });

  it('answers a request still running when its session ends with 404 Session not found', async () => {
    const sessionId = await openSession();
    const handle = vi.spyOn(DirectJsonRequests.prototype, 'handle');
    const waiting = post(sessionId, call(9, 'search_assets', { query: 'slow:30000' }));
    try {
      // The session ends once the direct path holds the call, however long the request took to arrive.
      await vi.waitFor(() => expect(handle).toHaveBeenCalled(), { timeout: 10_000 });
    } finally {
      handle.mockRestore();
    }
    expect(await gateway.expireSessions()).toBeGreaterThan(0);
    const ended = await waiting;
    expect(ended.status).toBe(404);
    expect(ended.json).toEqual({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null });
  });

  it('drops the answer for a client that went away, and the session serves the next request', async () => {
    const sessionId = await openSession();
    const url = new URL(gateway.url);
    const { request } = await import('node:https');
    await new Promise<void>((resolve) => {
      const req = request(
        {
          hostname: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          ca: gateway.caCertPem,
          servername: 'localhost',
          headers: { ...MCP_HEADERS, ...auth, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' },
        },
        () => undefined,
      );
      req.on('error', () => resolve());
      req.end(JSON.stringify(call(11, 'search_assets', { query: 'slow:300' })), () => setTimeout(() => (req.destroy(), resolve()), 50));
    });
    await new Promise((r) => setTimeout(r, 400));
    const next = await post(sessionId, { jsonrpc: '2.0', id: 12, method: 'tools/list' });
    expect(next.status).toBe(200);
    expect(next.json).toMatchObject({ id: 12 });
  });
});
