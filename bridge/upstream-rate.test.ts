// The transport's part of a profile's gateway: the header names it sends the credentials in, and what it
// does with a 429 (waits out Retry-After once, then hands the refusal on naming the wait).
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { toBridgeError } from './bridge-error';
import type { HttpClient, HttpRequest, HttpResponse } from './http-client';
import { retryAfterSeconds, Upstream } from './upstream';
import { UpstreamFailure } from './upstream-failure';

function response(status: number, headers: Record<string, string>, body: string): HttpResponse {
  return {
    status,
    statusText: status === 429 ? 'Too Many Requests' : 'OK',
    header: (name) => headers[name],
    body: Readable.from([Buffer.from(body)]),
    discard: () => undefined,
  };
}

const REPLY = JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} });
const LIMITED = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Too many requests' }, id: null });

function fakeHttp(answers: HttpResponse[]): HttpClient & { requests: HttpRequest[] } {
  const requests: HttpRequest[] = [];
  return {
    requests,
    request: (r) => {
      requests.push(r);
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return Promise.resolve(next);
    },
    preconnect: () => undefined,
    close: () => Promise.resolve(),
  };
}

function upstream(http: HttpClient, slept: number[], headerNames?: { credential: string; secret: string }, told?: number[]) {
  return new Upstream({
    url: new URL('https://gw.example.com/mcp'),
    http,
    credentials: { accessId: 'id-1', secretKey: 'secret-1' },
    maxMessageBytes: 1 << 20,
    userAgent: 'test',
    pause: (ms) => {
      slept.push(ms);
      return Promise.resolve();
    },
    ...(headerNames ? { headerNames } : {}),
    ...(told ? { onRetryAfter: (ms: number) => told.push(ms) } : {}),
  });
}

const post = (u: Upstream) => {
  const got: unknown[] = [];
  return u
    .postRequest('{"jsonrpc":"2.0","id":1,"method":"ping"}', {
      signal: new AbortController().signal,
      onMessage: (m) => got.push(m),
      answered: () => got.length > 0,
    })
    .then(() => got);
};

describe('the credential headers', () => {
  it('go in the spec’s names by default and in the profile’s names when it has them', async () => {
    const http = fakeHttp([
      response(200, { 'content-type': 'application/json' }, REPLY),
      response(200, { 'content-type': 'application/json' }, REPLY),
    ]);
    await post(upstream(http, []));
    await post(upstream(http, [], { credential: 'X-TW-CREDENTIAL', secret: 'X-TW-SECRET-KEY' }));
    expect(http.requests[0]!.headers).toMatchObject({ 'x-svc-credential': 'id-1', 'x-svc-secret-key': 'secret-1' });
    expect(http.requests[1]!.headers).toMatchObject({ 'x-tw-credential': 'id-1', 'x-tw-secret-key': 'secret-1' });
    expect(Object.keys(http.requests[1]!.headers).filter((h) => h.startsWith('x-svc'))).toEqual([]);
  });
});

describe('a 429', () => {
  it('is waited out as Retry-After says and the request sent once more', async () => {
    const slept: number[] = [];
    const told: number[] = [];
    const http = fakeHttp([response(429, { 'retry-after': '2' }, LIMITED), response(200, { 'content-type': 'application/json' }, REPLY)]);
    expect(await post(upstream(http, slept, undefined, told))).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
    expect(slept).toEqual([2000]);
    // Whoever shows the wait (the playground) is told before it starts.
    expect(told).toEqual([2000]);
    expect(http.requests).toHaveLength(2);
  });

  it('a second 429 is passed on, its message naming the wait already made', async () => {
    const slept: number[] = [];
    const http = fakeHttp([response(429, { 'retry-after': '1' }, LIMITED), response(429, { 'retry-after': '1' }, LIMITED)]);
    const failure = await post(upstream(http, slept)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UpstreamFailure);
    expect((failure as UpstreamFailure).extra).toMatchObject({ status: 429, retryAfter: '1', waitedSeconds: 1 });
    const error = toBridgeError(failure, { what: 'the tools/call request', profile: 'tw', maxMessageBytes: 1 << 20 });
    expect(error.message).toMatch(/rate-limited .*retry after 1 s.*already waited 1 s, as the gateway asked, and tried once more/);
    expect(slept).toEqual([1000]);
    expect(http.requests).toHaveLength(2);
  });

  it('without a Retry-After it can honour (none, or past the cap) is passed on at once', async () => {
    const slept: number[] = [];
    const http = fakeHttp([response(429, {}, LIMITED), response(429, { 'retry-after': '3600' }, LIMITED)]);
    await expect(post(upstream(http, slept))).rejects.toMatchObject({ extra: { status: 429 } });
    await expect(post(upstream(http, slept))).rejects.toMatchObject({ extra: { status: 429, retryAfter: '3600' } });
    expect(slept).toEqual([]);
    expect(http.requests).toHaveLength(2);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('Thu, 27 Feb 2026 12:00:00 GMT');
    expect(retryAfterSeconds('3', now)).toBe(3);
    expect(retryAfterSeconds('Thu, 27 Feb 2026 12:00:05 GMT', now)).toBe(5);
    expect(retryAfterSeconds('Thu, 27 Feb 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds('31', now)).toBeUndefined();
    expect(retryAfterSeconds(undefined, now)).toBeUndefined();
  });
});
