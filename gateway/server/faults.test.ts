import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../start';
import { certificateNames, ensureTlsMaterial } from '../tls/certificates';
import { connectClient, credentialHeaders } from '../testing/client';
import { MCP_HEADERS, initializeBody, rawRequest, startTestGateway } from '../testing/fixture';

const errorOf = (r: CallToolResult) =>
  r.isError ? (JSON.parse((r.content[0] as { text: string }).text) as { code: string; message: string }) : undefined;
const connect = (g: RunningGateway, headers = credentialHeaders(g)) => connectClient({ url: g.url, caCertPem: g.caCertPem, headers });

let gateway: RunningGateway;
let dataDir: string;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ gateway, dataDir, dispose } = await startTestGateway({ testHooks: true }));
});
afterAll(async () => dispose());

describe('upstream faults', () => {
  it('turns an upstream killed mid-call into "upstream unavailable", and recovers when it restarts', async () => {
    const { client, close } = await connect(gateway);
    try {
      const slow = client.callTool({ name: 'search_assets', arguments: { query: 'slow:60000' } });
      // The upstream holds the call; kill it while the call is in flight.
      await new Promise((r) => setTimeout(r, 100));
      await gateway.upstream?.stop();
      expect(errorOf((await slow) as CallToolResult)).toMatchObject({
        code: 'upstream_unavailable',
        message: expect.stringContaining('Try again'),
      });
      expect(errorOf((await client.callTool({ name: 'get_swap_providers', arguments: {} })) as CallToolResult)).toMatchObject({
        code: 'upstream_unavailable',
      });
      await gateway.upstream?.start();
      expect(((await client.callTool({ name: 'get_swap_providers', arguments: {} })) as CallToolResult).isError).toBeFalsy();
    } finally {
      await close();
    }
  });

  it('cancels a slow call when the client gives up, and keeps serving', async () => {
    const { client, close } = await connect(gateway);
    try {
      const controller = new AbortController();
      const slow = client.callTool({ name: 'search_assets', arguments: { query: 'slow:60000' } }, undefined, { signal: controller.signal });
      setTimeout(() => controller.abort(), 100);
      await expect(slow).rejects.toThrow(/abort/i);
      expect(((await client.callTool({ name: 'search_assets', arguments: { query: 'BTC' } })) as CallToolResult).isError).toBeFalsy();
    } finally {
      await close();
    }
  });

  it('refuses swap routing to an account without access, while search works', async () => {
    const limited = await gateway.upstream?.addAccount('no swaps', []);
    const { client, close } = await connect(gateway, {
      'X-SVC-CREDENTIAL': limited?.accessId ?? '',
      'X-SVC-SECRET-KEY': limited?.secretKey ?? '',
    });
    try {
      expect(((await client.callTool({ name: 'search_assets', arguments: { query: 'eth' } })) as CallToolResult).isError).toBeFalsy();
      expect(errorOf((await client.callTool({ name: 'get_swap_route_step', arguments: { stepId: 'x' } })) as CallToolResult)).toMatchObject(
        { code: 'access_denied' },
      );
    } finally {
      await close();
    }
  });
});

describe('test hooks and sessions', () => {
  it('injects HTTP faults for the next requests only', async () => {
    gateway.injectHttpFault({ status: 500, body: '<html><body>Internal Server Error</body></html>', times: 2 });
    const headers = { ...MCP_HEADERS, ...credentialHeaders(gateway) };
    for (let i = 0; i < 2; i++)
      expect(await rawRequest(gateway, { headers, body: initializeBody() })).toMatchObject({
        status: 500,
        headers: { 'content-type': 'text/html' },
      });
    expect((await rawRequest(gateway, { headers, body: initializeBody() })).status).toBe(200);
  });

  it('expires sessions on demand: the SDK client then gets 404', async () => {
    const { client, close } = await connect(gateway);
    try {
      await client.listTools();
      expect(await gateway.expireSessions()).toBeGreaterThanOrEqual(1);
      const failure = await client.listTools().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(StreamableHTTPError);
      expect((failure as StreamableHTTPError).code).toBe(404);
    } finally {
      await close();
    }
  });

  it('has no fault injection without test hooks', async () => {
    const plain = await startGateway({ dataDir });
    try {
      expect(() => plain.injectHttpFault({ status: 500 })).toThrow(/testHooks/);
      // And "slow:" is an ordinary query there: it answers at once with no results.
      const { client, close } = await connect(plain);
      const result = (await client.callTool({ name: 'search_assets', arguments: { query: 'slow:60000' } })) as CallToolResult;
      expect(result.structuredContent).toMatchObject({ total: 0 });
      await close();
    } finally {
      await plain.close();
    }
  });
});

describe('lifecycle', () => {
  it('frees its port on close, so a new gateway can start on it; a busy port is EADDRINUSE', async () => {
    const first = await startGateway({ dataDir });
    const { client, close } = await connect(first);
    await client.listTools();
    const busy = await startGateway({ dataDir, port: first.port }).then(
      () => undefined,
      (e: NodeJS.ErrnoException) => e,
    );
    expect(busy?.code).toBe('EADDRINUSE');
    await first.close(); // with the client's connection still open
    await close();
    const second = await startGateway({ dataDir, port: first.port });
    try {
      expect(second.url).toBe(first.url);
      expect(second.accessId).toBe(first.accessId);
      expect(second.caCertPem).toBe(first.caCertPem);
      const again = await connect(second);
      expect((await again.client.listTools()).tools).toHaveLength(13);
      await again.close();
    } finally {
      await second.close();
    }
  });

  it('rate limits in free-tier mode with "retry after"', async () => {
    const free = await startGateway({ dataDir, rateLimit: { perSecond: 1 } });
    const { client, close } = await connect(free);
    try {
      const results = (await Promise.all(
        [1, 2, 3].map(() => client.callTool({ name: 'get_listing_categories', arguments: {} })),
      )) as CallToolResult[];
      const limited = results.map(errorOf).filter((e) => e?.code === 'rate_limited');
      expect(limited.length).toBeGreaterThanOrEqual(1);
      expect(limited[0]).toMatchObject({ message: 'Rate limited: retry after 1 s.', retryAfter: 1 });
    } finally {
      await close();
      await free.close();
    }
  });

  it('answers POSTs with one JSON body by default, or with an SSE stream in sse mode', async () => {
    const headers = { ...MCP_HEADERS, ...credentialHeaders(gateway) };
    expect((await rawRequest(gateway, { headers, body: initializeBody() })).headers['content-type']).toMatch(/^application\/json/);
    const sse = await startGateway({ dataDir, responseMode: 'sse' });
    try {
      const init = await rawRequest(sse, { headers, body: initializeBody() });
      expect(init.headers['content-type']).toBe('text/event-stream');
      expect(init.text).toMatch(/^(id: .*\n)?event: message\ndata: \{"result":\{"protocolVersion"/m);
      const { client, close } = await connect(sse);
      const result = (await client.callTool({ name: 'get_listing_categories', arguments: {} })) as CallToolResult;
      expect(result.structuredContent).toMatchObject({ docs: expect.arrayContaining([{ id: 'memes', name: 'Memes' }]) });
      await close();
    } finally {
      await sse.close();
    }
  });

  it('serves a certificate of your own with tlsCert and tlsKey', async () => {
    const otherDir = await mkdtemp(join(tmpdir(), 'gw-own-cert-'));
    try {
      const own = await ensureTlsMaterial(otherDir, certificateNames('127.0.0.1'));
      const g = await startGateway({ dataDir, tlsCert: join(otherDir, 'server-cert.pem'), tlsKey: join(otherDir, 'server-key.pem') });
      try {
        expect(g.caCertPath).toBe(join(otherDir, 'server-cert.pem'));
        const { client, close } = await connectClient({ url: g.url, caCertPem: own.caCertPem, headers: credentialHeaders(g) });
        expect((await client.listTools()).tools).toHaveLength(13);
        await close();
        // The data dir's own CA does not vouch for it.
        await expect(connectClient({ url: g.url, caCertPem: gateway.caCertPem, headers: credentialHeaders(g) })).rejects.toThrow();
      } finally {
        await g.close();
      }
    } finally {
      await rm(otherDir, { recursive: true, force: true });
    }
  });
});

describe('--upstream', () => {
  let client: Client | undefined;
  it('fronts another REST API of the same shape', async () => {
    const front = await startGateway({ dataDir, upstream: gateway.upstream?.url });
    try {
      expect(front.upstream).toBeUndefined();
      expect(front.upstreamUrl).toBe(`${gateway.upstream?.url}/`);
      const c = await connect(front);
      client = c.client;
      const result = (await client.callTool({ name: 'get_token_prices', arguments: { assets: ['c0'] } })) as CallToolResult;
      expect(result.structuredContent).toMatchObject({ tickers: [{ id: 'c0' }] });
      await c.close();
    } finally {
      await front.close();
    }
  });

  it('maps an unreachable upstream, an HTML 502 and a non-JSON 200 to clear tool errors', async () => {
    let answer = { status: 502, type: 'text/html', body: '<html><h1>502 Bad Gateway</h1></html>' };
    const fake = createServer((_req, res) => res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body));
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const port = (fake.address() as AddressInfo).port;
    const front = await startGateway({ dataDir, upstream: `http://127.0.0.1:${port}/api` });
    const { client: c, close } = await connect(front);
    try {
      const call = async () => errorOf((await c.callTool({ name: 'get_swap_providers', arguments: {} })) as CallToolResult);
      expect(await call()).toMatchObject({ code: 'upstream_error', message: expect.stringContaining('HTTP 502 with a text/html body') });
      answer = { status: 200, type: 'text/html', body: '<html>ok</html>' };
      expect(await call()).toMatchObject({ code: 'upstream_bad_response' });
      answer = { status: 200, type: 'application/json', body: '{"dex":"not a list","bridge":[]}' };
      expect(await call()).toMatchObject({ code: 'upstream_bad_response', message: expect.stringContaining('documented shape') });
      answer = { status: 403, type: 'application/json', body: '{"message":"bad signature"}' };
      expect(await call()).toMatchObject({ code: 'invalid_credentials', message: expect.stringContaining('bad signature') });
      fake.closeAllConnections();
      await new Promise((r) => fake.close(r));
      expect(await call()).toMatchObject({ code: 'upstream_unavailable', message: expect.stringContaining('ECONNREFUSED') });
    } finally {
      await close();
      await front.close();
      if (fake.listening) fake.close();
    }
  });
});
