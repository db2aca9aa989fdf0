import { describe, expect, it } from 'vitest';
import { PREVIEW_CHARS, TrafficLog } from './traffic-log';

describe('TrafficLog', () => {
  it('pairs responses with their requests in either direction and times them', () => {
    let t = 1000;
    const seen: number[] = [];
    const log = new TrafficLog(
      (s) => s,
      (e) => seen.push(e.seq),
      100,
      () => t,
    );
    log.record('send', '{"jsonrpc":"2.0","id":1,"method":"tools/list"}', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    t = 1012.34;
    const response = log.record('receive', '{"jsonrpc":"2.0","id":1,"result":{}}', { jsonrpc: '2.0', id: 1, result: {} });
    expect(response).toMatchObject({ kind: 'response', id: 1, durationMs: 12.3 });
    // A server → client request with the same id is a different exchange.
    log.record('receive', '{"jsonrpc":"2.0","id":1,"method":"ping"}', { jsonrpc: '2.0', id: 1, method: 'ping' });
    t = 1020;
    expect(log.record('send', '{"jsonrpc":"2.0","id":1,"result":{}}', { jsonrpc: '2.0', id: 1, result: {} }).durationMs).toBe(7.7);
    expect(
      log.record('send', '{"jsonrpc":"2.0","method":"notifications/cancelled"}', { jsonrpc: '2.0', method: 'notifications/cancelled' })
        .kind,
    ).toBe('notification');
    expect(
      log.record('send', '{}', { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search_assets', arguments: {} } }).tool,
    ).toBe('search_assets');
    expect(log.record('receive', '{"jsonrpc":"2.0","id":9,"error":{}}', { jsonrpc: '2.0', id: 9, error: {} }).kind).toBe('error');
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('redacts before cutting, so a secret at the cut cannot leak in part', () => {
    const secret = 'S3CRET-KEY-0123456789';
    const log = new TrafficLog((s) => s.split(secret).join('[redacted]'));
    const line = `${'x'.repeat(PREVIEW_CHARS - 5)}${secret}${'y'.repeat(100)}`;
    const entry = log.record('receive', line, { id: 1, result: {} });
    expect(entry.truncated).toBe(true);
    expect(entry.text.length).toBe(PREVIEW_CHARS);
    expect(entry.text).not.toContain('S3CRE');
    expect(entry.bytes).toBe(line.length);
  });

  it('keeps the newest entries only', () => {
    const log = new TrafficLog((s) => s, undefined, 3);
    for (let i = 0; i < 5; i++) log.record('send', '{}', { method: 'ping', id: i });
    expect(log.list().map((e) => e.id)).toEqual([2, 3, 4]);
  });

  it('redacts secret-looking values, then the credentials, and keeps a clean line byte for byte', () => {
    const key = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
    const log = new TrafficLog((s) => s.split('CREDENTIAL-1234').join('[redacted]'));
    const call = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search_assets', arguments: { query: 'CREDENTIAL-1234', secret: 'x', note: `0x${key}` } },
    };
    const text = log.record('send', JSON.stringify(call), call).text;
    expect(text).not.toContain(key);
    expect(text).not.toContain('CREDENTIAL-1234');
    expect((JSON.parse(text) as { params: { arguments: unknown } }).params.arguments).toEqual({
      query: '[redacted]',
      secret: '[redacted]',
      note: '[redacted]',
    });
    const clean =
      '{"jsonrpc":"2.0","id":2,"result":{"n":1.50,"txHash":"0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"}}';
    expect(log.record('receive', clean, JSON.parse(clean) as Record<string, unknown>).text).toBe(clean);
  });
});
