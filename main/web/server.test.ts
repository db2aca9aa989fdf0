import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { BINARY_CALL_HEADER, BINARY_CALL_TYPE, toBinaryCall } from '../../domain/ipc/binary-call';
import { createDispatcher, type Handlers } from '../services/dispatch';
import { LINK_LIFETIME_ENV, LINK_LIFETIME_MS, linkLifetimeFrom } from './launch-links';
import { startWebServer, type WebServer } from './server';

/** Raw HTTP so tests control Host and Origin exactly, as an attacker's page or a rebinding DNS would. */
function call(
  server: WebServer,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array } = {},
) {
  const url = new URL(server.url);
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: init.method ?? 'GET', headers: init.headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Opens a one-time link as the browser does and takes the session the page receives. */
async function signIn(server: WebServer, link: string, host: string): Promise<string> {
  const url = new URL(link);
  const page = await call(server, url.pathname + url.search, { headers: { Host: host } });
  const session = /<meta name="companion-session" content="([\w-]+)">/.exec(page.body)?.[1];
  if (page.status !== 200 || !session) throw new Error(`the link did not sign in: ${page.status} ${page.body.slice(0, 200)}`);
  return session;
}

describe('browser-mode server', () => {
  let server: WebServer;
  let token: string;
  let host: string;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'renderer-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(dir, 'assets', 'a.js'), 'export {}');
    writeFileSync(join(tmpdir(), 'secret.txt'), 'top secret');
    const dispatch = createDispatcher({
      'app:info': () => ({
        productName: 'x',
        version: '1',
        host: 'browser',
        platform: 'linux',
        arch: 'x64',
        versions: { node: '20', v8: '1', mcpSdk: '1' },
      }),
      'app:ping': (t) => ({ echo: t, at: 0 }),
      'app:openExternal': async () => ({ opened: false }),
      'registry:uploadLogoPart': (_id, index, part) => ({ received: index * 1000 + part.byteLength + part[0]! }),
    } as Partial<Handlers> as Handlers);
    server = await startWebServer({ rendererDir: dir, dispatch, maxBodyBytes: 1024 });
    host = new URL(server.url).host;
    token = await signIn(server, server.launchUrl, host);
  });
  afterAll(() => server.close());

  const invoke = (body: string, headers: Record<string, string> = {}) =>
    call(server, '/api/invoke', {
      method: 'POST',
      body,
      headers: { Host: host, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
    });

  it('binds loopback and prints a one-time link, not a session', () => {
    expect(server.launchUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/login\?code=[\w-]{43}$/);
    expect(server.launchUrl).not.toContain(token);
  });

  it('opens the app once per link: the address a browser keeps in its history opens nothing', async () => {
    const link = new URL(server.freshLaunchUrl());
    const path = link.pathname + link.search;
    // A HEAD (or any other method) does not use the link up.
    expect((await call(server, path, { method: 'HEAD', headers: { Host: host } })).status).toBe(405);
    const session = await signIn(server, link.href, host);
    expect((await invoke(JSON.stringify({ channel: 'app:ping', args: ['hi'] }), { Authorization: `Bearer ${session}` })).status).toBe(200);

    const again = await call(server, path, { headers: { Host: host } });
    expect(again.status).toBe(410);
    expect(again.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(again.body).toContain('This link no longer opens Gateway Companion');
    expect(again.body).toContain('press Enter in the terminal where Gateway Companion runs');
    expect(again.body).not.toContain('companion-session');
    expect(again.body).not.toContain('<script');
    // The code itself is not a session, and an unknown or missing code is refused the same way.
    const code = link.searchParams.get('code')!;
    expect((await invoke('{}', { Authorization: `Bearer ${code}` })).status).toBe(401);
    expect((await call(server, '/login?code=nope', { headers: { Host: host } })).status).toBe(410);
    expect((await call(server, '/login', { headers: { Host: host } })).status).toBe(410);
    // A foreign Host gets nothing, not even the refusal page.
    expect((await call(server, path, { headers: { Host: `evil.example:${new URL(server.url).port}` } })).status).toBe(421);
  });

  it('keeps at most 16 unused links: the oldest stops working', async () => {
    const links = Array.from({ length: 17 }, () => new URL(server.freshLaunchUrl()));
    const first = links[0]!;
    expect((await call(server, first.pathname + first.search, { headers: { Host: host } })).status).toBe(410);
    await signIn(server, links[1]!.href, host);
  });

  it('serves the renderer with a strict CSP and falls back to index.html for app routes', async () => {
    const index = await call(server, '/', { headers: { Host: host } });
    expect(index.status).toBe(200);
    expect(String(index.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(index.headers['content-security-policy'])).not.toContain('unsafe-eval');
    expect((await call(server, '/validators', { headers: { Host: host } })).body).toContain('<title>t</title>');
    expect((await call(server, '/assets/missing.js', { headers: { Host: host } })).status).toBe(404);
  });

  it('never serves files outside the renderer folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/%E0%A4%A']) {
      const res = await call(server, path, { headers: { Host: host } });
      expect(res.body).not.toContain('top secret');
    }
  });

  it('dispatches an authorised same-origin call', async () => {
    const res = await invoke(JSON.stringify({ channel: 'app:ping', args: ['hi'] }), { Origin: `http://${host}` });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true, value: { echo: 'hi', at: 0 } });
  });

  it('refuses a missing or wrong session', async () => {
    expect((await invoke('{}', { Authorization: '' })).status).toBe(401);
    expect((await invoke('{}', { Authorization: `Bearer ${token.slice(0, -1)}x` })).status).toBe(401);
  });

  it('refuses a foreign Origin even with the token', async () => {
    const res = await invoke(JSON.stringify({ channel: 'app:ping', args: ['hi'] }), { Origin: 'http://evil.example' });
    expect(res.status).toBe(403);
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    const res = await invoke(JSON.stringify({ channel: 'app:ping', args: ['hi'] }), { Host: `evil.example:${new URL(server.url).port}` });
    expect(res.status).toBe(421);
  });

  it('answers malformed and oversized bodies with clear errors', async () => {
    const bad = await invoke('{not json');
    expect(bad.status).toBe(400);
    expect((JSON.parse(bad.body) as { error: { code: string } }).error.code).toBe('bad_request');
    const big = await invoke(JSON.stringify({ channel: 'app:ping', args: ['x'.repeat(5000)] }));
    expect(big.status).toBe(413);
    const unknown = await invoke(JSON.stringify({ channel: 'fs:read', args: ['/etc/passwd'] }));
    expect((JSON.parse(unknown.body) as { error: { code: string } }).error.code).toBe('unknown_channel');
  });

  it('takes a call with bytes as a binary body, its other arguments in a header, and still validates it', async () => {
    const binary = (header: string | undefined, body: Uint8Array) =>
      call(server, '/api/invoke', {
        method: 'POST',
        body,
        headers: {
          Host: host,
          Authorization: `Bearer ${token}`,
          'Content-Type': BINARY_CALL_TYPE,
          ...(header === undefined ? {} : { [BINARY_CALL_HEADER]: header }),
        },
      });
    const part = toBinaryCall('registry:uploadLogoPart', ['logo-upload-1', 2, new Uint8Array([7, 0, 0])])!;
    const ok = await binary(part.header, part.body);
    expect(JSON.parse(ok.body)).toEqual({ ok: true, value: { received: 2010 } });
    const missing = await binary(undefined, part.body);
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.body)).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    // Bytes where the contract wants text are refused like any other wrong argument.
    const ping = toBinaryCall('app:ping', [new Uint8Array([1])])!;
    expect(JSON.parse((await binary(ping.header, ping.body)).body)).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    const big = await binary(part.header, new Uint8Array(5000));
    expect(big.status).toBe(413);
  });

  it('pushes events to subscribers', async () => {
    const url = new URL(server.url);
    let onConnected: () => void = () => undefined;
    const connected = new Promise<void>((resolve) => (onConnected = resolve));
    const received = new Promise<string>((resolve) => {
      const req = request(
        { host: url.hostname, port: url.port, path: '/api/events', headers: { Host: host, Authorization: `Bearer ${token}` } },
        (res) => {
          let buf = '';
          res.on('data', (d: Buffer) => {
            buf += d.toString();
            if (buf.includes(': connected')) onConnected();
            if (buf.includes('data: ')) {
              req.destroy();
              resolve(buf);
            }
          });
        },
      );
      req.end();
    });
    // Events go to subscribers the server already has: emit once the stream is open.
    await connected;
    server.emit('test:event', { n: 1 });
    expect(await received).toContain('data: {"event":"test:event","payload":{"n":1}}');
  });
});

describe('the link lifetime', () => {
  it('refuses a link 60 s after it was printed, without waiting for it (clock injected)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'renderer-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>t</title></head></html>');
    let now = 1_000_000;
    const server = await startWebServer({ rendererDir: dir, dispatch: createDispatcher({} as Handlers), now: () => now });
    try {
      const host = new URL(server.url).host;
      const path = (link: string) => new URL(link).pathname + new URL(link).search;
      const early = server.freshLaunchUrl();
      const late = server.freshLaunchUrl();
      now += 59_999;
      const page = await call(server, path(early), { headers: { Host: host } });
      expect(page.status).toBe(200);
      expect(page.body).toMatch(/^<!doctype html><html><head><meta name="companion-session" content="[\w-]{43}"><title>t<\/title>/);
      now += 1;
      expect((await call(server, path(late), { headers: { Host: host } })).status).toBe(410);
      // The first link printed at start-up ages the same way.
      expect((await call(server, path(server.launchUrl), { headers: { Host: host } })).status).toBe(410);
    } finally {
      await server.close();
    }
  });

  it('can be shortened, never lengthened, from the environment', () => {
    expect(linkLifetimeFrom({})).toBe(LINK_LIFETIME_MS);
    expect(linkLifetimeFrom({ [LINK_LIFETIME_ENV]: '0' })).toBe(0);
    expect(() => linkLifetimeFrom({ [LINK_LIFETIME_ENV]: '60001' })).toThrow(/from 0 to 60000/);
    expect(() => linkLifetimeFrom({ [LINK_LIFETIME_ENV]: 'soon' })).toThrow(RangeError);
  });
});
