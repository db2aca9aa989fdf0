// Sessions bound to the credential pair: strangers can neither use, close nor push out someone's session.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../start';
import { MCP_HEADERS, initializeBody, rawRequest, startTestGateway, type RawResponse } from '../testing/fixture';

interface Pair {
  readonly accessId: string;
  readonly secretKey: string;
}

const headersOf = (pair: Partial<Pair>, sessionId?: string): Record<string, string> => ({
  ...MCP_HEADERS,
  ...(pair.accessId !== undefined ? { 'X-SVC-CREDENTIAL': pair.accessId } : {}),
  ...(pair.secretKey !== undefined ? { 'X-SVC-SECRET-KEY': pair.secretKey } : {}),
  ...(sessionId ? { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' } : {}),
});

async function open(gateway: RunningGateway, pair: Pair): Promise<string> {
  const answer = await rawRequest(gateway, { headers: headersOf(pair), body: initializeBody() });
  expect(answer.status, answer.text).toBe(200);
  return answer.headers['mcp-session-id'] as string;
}

const LIST = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
const list = (gateway: RunningGateway, pair: Partial<Pair>, sessionId: string) =>
  rawRequest(gateway, { headers: headersOf(pair, sessionId), body: LIST });
const alive = async (gateway: RunningGateway, pair: Pair, sessionId: string) => (await list(gateway, pair, sessionId)).status === 200;

/** What a client can observe of an answer, without the parts that change per request. */
function observable(answer: RawResponse) {
  const { date: _date, ...headers } = answer.headers;
  return { status: answer.status, headers, text: answer.text };
}

/** Sends `count` requests, at most 16 at a time (the fixture's keep-alive sockets). */
async function flood(count: number, send: (i: number) => Promise<RawResponse>): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < count) {
        const { status } = await send(next++);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return statuses;
}

describe('with the embedded upstream (credentials checked against its accounts)', () => {
  let gateway: RunningGateway;
  let dispose: () => Promise<void>;
  let demo: Pair;
  let other: Pair;

  beforeAll(async () => {
    ({ gateway, dispose } = await startTestGateway({ maxSessions: 8, maxSessionsPerCredential: 3 }));
    demo = { accessId: gateway.accessId, secretKey: gateway.secretKey };
    other = (await gateway.upstream?.addAccount('other')) as Pair;
  });
  afterAll(async () => {
    await gateway.expireSessions();
    await dispose();
  });

  it('1,001 junk initialize calls (no, wrong or unknown credentials) open nothing and evict no real session', async () => {
    const real = await open(gateway, demo);
    const junk: Partial<Pair>[] = [
      {},
      { accessId: demo.accessId, secretKey: 'wrong-secret' },
      { accessId: `stranger-${randomUUID()}`, secretKey: 'anything' },
    ];
    const statuses = await flood(1001, (i) =>
      rawRequest(gateway, { headers: headersOf(junk[i % junk.length] as Partial<Pair>), body: initializeBody() }),
    );
    expect(Object.fromEntries(statuses)).toEqual({ 401: 1001 });
    expect(await alive(gateway, demo, real)).toBe(true);
    await gateway.expireSessions();
  }, 60_000);

  it('answers a wrong secret exactly as an unknown session, so it can neither use nor DELETE the session', async () => {
    const real = await open(gateway, demo);
    const wrong = { accessId: demo.accessId, secretKey: 'not-the-secret' };
    const unknownSession = observable(await list(gateway, demo, randomUUID()));
    expect(unknownSession.status).toBe(404);
    expect(observable(await list(gateway, wrong, real))).toEqual(unknownSession);
    expect(observable(await list(gateway, other, real))).toEqual(unknownSession);

    const remove = (pair: Partial<Pair>, id: string) => rawRequest(gateway, { method: 'DELETE', headers: headersOf(pair, id) });
    const unknownDelete = observable(await remove(demo, randomUUID()));
    expect(unknownDelete.status).toBe(404);
    expect(observable(await remove(wrong, real))).toEqual(unknownDelete);
    expect(await alive(gateway, demo, real)).toBe(true);
    // The owner can close it.
    expect((await remove(demo, real)).status).toBe(200);
    expect(await alive(gateway, demo, real)).toBe(false);
  });

  it("evicts only the same credential's least recently used session at its cap", async () => {
    const theirs = await open(gateway, other);
    const [a1, a2, a3] = [await open(gateway, demo), await open(gateway, demo), await open(gateway, demo)] as [string, string, string];
    await new Promise((r) => setTimeout(r, 5));
    expect(await alive(gateway, demo, a1)).toBe(true); // a2 is now the least recently used
    const a4 = await open(gateway, demo);
    expect(await alive(gateway, demo, a2)).toBe(false);
    for (const id of [a1, a3, a4]) expect(await alive(gateway, demo, id)).toBe(true);
    expect(await alive(gateway, other, theirs)).toBe(true);
    await gateway.expireSessions();
  });

  it('refuses a new session with a 503 JSON-RPC error when full, never evicting another credential', async () => {
    const theirs = await Promise.all([open(gateway, other), open(gateway, other), open(gateway, other)]);
    const more = await rawRequest(gateway, { headers: headersOf(other), body: initializeBody() }); // evicts its own oldest
    expect(more.status).toBe(200);
    const mine = await Promise.all([open(gateway, demo), open(gateway, demo), open(gateway, demo)]);
    const third = (await gateway.upstream?.addAccount('third')) as Pair;
    await open(gateway, third);
    await open(gateway, third); // 8: full
    const refused = await rawRequest(gateway, { headers: headersOf(third), body: initializeBody(5) });
    expect(refused).toMatchObject({
      status: 503,
      headers: { 'retry-after': '60' },
      json: { jsonrpc: '2.0', id: 5, error: { code: -32000, message: expect.stringContaining('maximum of 8 sessions') } },
    });
    expect(refused.headers['mcp-session-id']).toBeUndefined();
    for (const id of mine) expect(await alive(gateway, demo, id)).toBe(true);
    expect((await Promise.all(theirs.map((id) => alive(gateway, other, id)))).filter(Boolean)).toHaveLength(2);
    // A credential at its own cap still makes room by evicting its own least recently used session.
    expect((await rawRequest(gateway, { headers: headersOf(demo), body: initializeBody() })).status).toBe(200);
    await gateway.expireSessions();
  });
});

describe('with an external upstream (every well-formed pair may open sessions)', () => {
  let backend: RunningGateway;
  let front: RunningGateway;
  const disposers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const started = await startTestGateway();
    backend = started.gateway;
    disposers.push(started.dispose);
    const fronted = await startTestGateway({ upstream: backend.upstream?.url, maxSessions: 50 });
    front = fronted.gateway;
    disposers.unshift(fronted.dispose);
  });
  afterAll(async () => {
    for (const dispose of disposers) await dispose();
  });

  it('1,001 initialize calls from strangers fill the gateway but never evict a real session', async () => {
    const demo = { accessId: front.accessId, secretKey: front.secretKey };
    const real = await open(front, demo);
    const statuses = await flood(1001, () =>
      rawRequest(front, { headers: headersOf({ accessId: `junk-${randomUUID()}`, secretKey: randomUUID() }), body: initializeBody() }),
    );
    expect(Object.fromEntries(statuses)).toEqual({ 200: 49, 503: 952 });
    expect(await alive(front, demo, real)).toBe(true);
  }, 60_000);
});
