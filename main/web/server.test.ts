import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { BINARY_CALL_HEADER, BINARY_CALL_TYPE, toBinaryCall } from '../../domain/ipc/binary-call';
import { createDispatcher, type Handlers } from '../services/dispatch';
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
    token = new URL(server.launchUrl).hash.replace('#token=', '');
    host = new URL(server.url).host;
  });
  afterAll(() => server.close());

  const invoke = (body: string, headers: Record<string, string> = {}) =>
    call(server, '/api/invoke', {
      method: 'POST',
      body,
      headers: { Host: host, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
    });

  it('binds loopback and prints a launch URL whose token is in the fragment', () => {
    expect(server.launchUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{43}$/);
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

  it('refuses a missing or wrong token', async () => {
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
