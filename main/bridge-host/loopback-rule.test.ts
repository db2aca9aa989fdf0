// Every place that decides "this host is this machine" follows the one rule of domain/loopback-host.ts:
// plain http to the gateway or to GitHub, the bridge's proxy bypass, the gateway's Host and Origin checks.
import http from 'node:http';
import https from 'node:https';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../bridge/http-client';
import { checkHost, checkOrigin } from '../../gateway/server/request-guards';
import { ensureTlsMaterial } from '../../gateway/tls/certificates';
import { githubEndpoints } from '../../github/config';
import { parseEndpointUrl } from '../../platform/credentials/endpoint-url';

/** [host as written in a URL, counts as this machine] */
const HOSTS: ReadonlyArray<readonly [string, boolean]> = [
  ['localhost', true],
  ['127.0.0.1', true],
  ['127.3.2.1', true],
  ['[::1]', true],
  ['[::ffff:127.0.0.1]', true],
  ['app.localhost', false],
  ['gateway.localhost', false],
  ['localhost.', false],
  ['127.0.0.1.nip.io', false],
  ['[::ffff:10.0.0.1]', false],
  ['10.0.0.1', false],
];

describe('one loopback rule at every call site', () => {
  it.each(HOSTS)('plain http to the gateway at %s is allowed: %s', (host, loopback) => {
    const parse = () => parseEndpointUrl(`http://${host}:8080/mcp`);
    if (loopback) expect(parse().protocol).toBe('http:');
    else expect(parse).toThrow(/refusing plain http/);
  });

  it.each(HOSTS)('plain http to GitHub at %s is allowed: %s', (host, loopback) => {
    const read = () => githubEndpoints({ COMPANION_GITHUB_API_URL: `http://${host}:8080/api/v3` });
    if (loopback) expect(read().apiUrl).toBe(new URL(`http://${host}:8080/api/v3`).href);
    else expect(read).toThrow(/plain http/);
  });

  it.each(HOSTS)('the gateway bound to loopback accepts Host %s and Origin http://%s: %s', (host, loopback) => {
    expect(checkHost({ host: `${host}:47311` }, '127.0.0.1', []) === undefined).toBe(loopback);
    expect(checkOrigin(new URL(`http://${host}:5173`).origin, []) === undefined).toBe(loopback);
  });

  it('sends a *.localhost gateway through the proxy like any other name; loopback addresses stay direct', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'loopback-rule-'));
    const tls = await ensureTlsMaterial(dir, ['127.0.0.1', 'gateway.localhost']);
    const server = https.createServer({ cert: tls.certPem, key: tls.keyPem }, (req, res) => res.writeHead(200).end(req.headers.host));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const tunnels: string[] = [];
    const proxy = http.createServer((_req, res) => res.writeHead(405).end());
    proxy.on('connect', (req: http.IncomingMessage, socket) => {
      tunnels.push(req.url ?? '');
      const upstream = connect({ host: '127.0.0.1', port }, () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.pipe(socket).pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const env = { HTTPS_PROXY: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` };
    try {
      const named = await createHttpClient({ url: new URL(`https://gateway.localhost:${port}/mcp`), ca: tls.caCertPem, proxy: true, env });
      const res = await named.request({ method: 'GET', headers: {} });
      for await (const chunk of res.body) void chunk;
      await named.close();
      expect(tunnels).toEqual([`gateway.localhost:${port}`]);

      const literal = await createHttpClient({ url: new URL(`https://127.0.0.1:${port}/mcp`), ca: tls.caCertPem, proxy: true, env });
      const direct = await literal.request({ method: 'GET', headers: {} });
      for await (const chunk of direct.body) void chunk;
      await literal.close();
      expect(tunnels).toHaveLength(1);
    } finally {
      proxy.closeAllConnections();
      server.closeAllConnections();
      await new Promise((r) => proxy.close(r));
      await new Promise((r) => server.close(r));
      await rm(dir, { recursive: true, force: true });
    }
  });
});
