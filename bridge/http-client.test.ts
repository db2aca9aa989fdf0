import http from 'node:http';
import https from 'node:https';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTlsMaterial, type TlsMaterial } from '../gateway/tls/certificates';
import { createHttpClient, MAX_CONNECTIONS, type HttpResponse } from './http-client';

let dir: string;
let tls: TlsMaterial;
let server: https.Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'http-client-'));
  // A certificate for a name only a proxy can resolve, plus loopback.
  tls = await ensureTlsMaterial(dir, ['127.0.0.1', 'gateway.test']);
  server = https.createServer({ cert: tls.certPem, key: tls.keyPem }, (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path: req.url, host: req.headers.host }));
  });
  server.on('secureConnection', () => connections++);
  // Node closes an idle connection after 5 s; a loaded machine can stall that long between two requests,
  // and the reuse check below is about the client, not the server's idle timer.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await rm(dir, { recursive: true, force: true });
});

async function text(res: HttpResponse): Promise<string> {
  let out = '';
  for await (const chunk of res.body) out += Buffer.from(chunk).toString('utf8');
  return out;
}

describe('direct client (node:https keep-alive pool)', () => {
  it('verifies TLS against the given CA, preconnects, and reuses one connection', async () => {
    connections = 0;
    const client = await createHttpClient({ url: new URL(`https://127.0.0.1:${port}/mcp?x=1`), ca: tls.caCertPem, proxy: true, env: {} });
    client.preconnect();
    await expect.poll(() => connections).toBe(1);
    for (let i = 0; i < 3; i++) {
      const res = await client.request({ method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(200);
      expect(JSON.parse(await text(res))).toEqual({ path: '/mcp?x=1', host: `127.0.0.1:${port}` });
    }
    // The warm connection served every request.
    expect(connections).toBe(1);
    await client.close();
  });

  it(`opens at most ${MAX_CONNECTIONS} connections, and requests beyond them wait for one and complete`, async () => {
    const held: http.ServerResponse[] = [];
    let opened = 0;
    const slow = https.createServer({ cert: tls.certPem, key: tls.keyPem }, (_req, res) => void held.push(res));
    slow.on('secureConnection', () => opened++);
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const url = new URL(`https://127.0.0.1:${(slow.address() as AddressInfo).port}/mcp`);
    const client = await createHttpClient({ url, ca: tls.caCertPem, proxy: false, env: {} });
    const total = MAX_CONNECTIONS + 8;
    // A connection is free again once its answer has been read.
    const answers = Array.from({ length: total }, () => client.request({ method: 'POST', headers: {}, body: '{}' }).then(text));
    await expect.poll(() => held.length).toBe(MAX_CONNECTIONS);
    expect(opened).toBe(MAX_CONNECTIONS);
    // Each answer frees its connection for a waiting request, until all have been served.
    for (let released = 0; released < total; released++) {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      held.shift()?.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }
    expect(await Promise.all(answers)).toEqual(Array.from({ length: total }, () => '{"ok":true}'));
    expect(opened).toBe(MAX_CONNECTIONS);
    await client.close();
    slow.closeAllConnections();
    await new Promise((r) => slow.close(r));
  });

  it('refuses a certificate it cannot verify', async () => {
    const client = await createHttpClient({ url: new URL(`https://127.0.0.1:${port}/mcp`), proxy: true, env: {} });
    await expect(client.request({ method: 'GET', headers: {} })).rejects.toMatchObject({
      code: expect.stringMatching(/UNABLE_TO_VERIFY|SELF_SIGNED|CERT/) as unknown,
    });
    await client.close();
  });
});

describe('proxied client (undici EnvHttpProxyAgent)', () => {
  it('tunnels through HTTPS_PROXY, verifies TLS end to end, and honours NO_PROXY', async () => {
    const tunnels: string[] = [];
    const proxy = http.createServer((_req, res) => res.writeHead(405).end());
    proxy.on('connect', (req: http.IncomingMessage, socket) => {
      tunnels.push(req.url ?? '');
      // The proxy resolves the name; the client never does.
      const upstream = connect({ host: '127.0.0.1', port: Number((req.url ?? '').split(':')[1]) }, () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.pipe(socket).pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      const url = new URL(`https://gateway.test:${port}/mcp`);
      const viaProxy = await createHttpClient({ url, ca: tls.caCertPem, proxy: true, env: { HTTPS_PROXY: proxyUrl } });
      const res = await viaProxy.request({ method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(JSON.parse(await text(res))).toEqual({ path: '/mcp', host: `gateway.test:${port}` });
      expect(tunnels).toEqual([`gateway.test:${port}`]);
      await viaProxy.close();

      const bypass = await createHttpClient({
        url,
        ca: tls.caCertPem,
        proxy: true,
        env: { HTTPS_PROXY: proxyUrl, NO_PROXY: 'example.com,gateway.test' },
      });
      await expect(bypass.request({ method: 'GET', headers: {} })).rejects.toThrow(/ENOTFOUND|getaddrinfo/);
      await bypass.close();
      const off = await createHttpClient({ url, ca: tls.caCertPem, proxy: false, env: { HTTPS_PROXY: proxyUrl } });
      await expect(off.request({ method: 'GET', headers: {} })).rejects.toThrow(/ENOTFOUND|getaddrinfo/);
      await off.close();
      expect(tunnels).toHaveLength(1);
    } finally {
      proxy.closeAllConnections();
      await new Promise((r) => proxy.close(r));
    }
  });
});
