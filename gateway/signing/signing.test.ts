import { describe, expect, it } from 'vitest';
import { sortedQuery, stringToSign } from './canonical';
import { computeSignature, signRequest } from './signer';
import { RequestVerifier } from './verifier';

const VECTOR = {
  secret: 'test-secret',
  accessId: 'test-access-id',
  nonce: '123e4567-e89b-42d3-a456-426614174000',
  date: 'Thu, 27 Feb 2026 12:00:00 GMT',
};

describe('signer', () => {
  it('builds the published string to sign and matches the GET test vector', () => {
    const parts = {
      method: 'get',
      path: '/v1/search/assets',
      query: 'query=USDC&networks=60&limit=5',
      accessId: VECTOR.accessId,
      nonce: VECTOR.nonce,
      date: VECTOR.date,
    };
    expect(stringToSign(parts)).toBe(
      'GET;/v1/search/assets;limit=5&networks=60&query=USDC;test-access-id;123e4567-e89b-42d3-a456-426614174000;Thu, 27 Feb 2026 12:00:00 GMT',
    );
    expect(computeSignature(VECTOR.secret, parts)).toBe('Ksvktzx4BmLLO0NABFGR5HQ3D2Pn5FXS7Gb9ZtijhMc=');
  });

  it('matches the POST test vector, with an empty query giving ";;"', () => {
    const headers = signRequest({ method: 'POST', target: '/v2/market/tickers', ...VECTOR });
    expect(headers.Authorization).toBe('HMAC-SHA256 Signature=4CDWczT/hy+aX0THWwuDmyt7MtarmirAYPLB7+ULxSE=');
    expect(stringToSign({ method: 'POST', path: '/v2/market/tickers', query: '', ...VECTOR })).toContain(';;test-access-id;');
  });

  it('sorts by key only, keeping repeated keys in order and values raw', () => {
    expect(sortedQuery('b=2&a=z&a=y&c=%2C')).toBe('a=z&a=y&b=2&c=%2C');
    expect(sortedQuery('flag&a=1')).toBe('a=1&flag=');
  });

  it('makes a fresh nonce and an RFC 1123 date by default', () => {
    const a = signRequest({ method: 'GET', target: '/x', accessId: 'a', secret: 's' });
    const b = signRequest({ method: 'GET', target: '/x', accessId: 'a', secret: 's' });
    expect(a['X-SVC-NONCE']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a['X-SVC-NONCE']).not.toBe(b['X-SVC-NONCE']);
    expect(a['X-SVC-DATE']).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
  });
});

describe('verifier', () => {
  const vectorTime = Date.parse(VECTOR.date);
  const make = (now = vectorTime) =>
    new RequestVerifier({ secretFor: (id) => (id === VECTOR.accessId ? VECTOR.secret : undefined), now: () => now });
  const lower = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
  const signed = (target: string, method = 'GET', extra: Partial<typeof VECTOR> = {}) => ({
    method,
    target,
    headers: lower(signRequest({ method, target, ...VECTOR, ...extra })),
  });

  it('accepts a correctly signed request once', () => {
    const verifier = make();
    const request = signed('/v1/search/assets?query=USDC&networks=60&limit=5');
    expect(verifier.verify(request)).toEqual({ ok: true, accessId: VECTOR.accessId });
    expect(verifier.verify(request)).toMatchObject({ ok: false, status: 401, code: 'replayed_nonce' });
  });

  it('rejects a tampered path, query, method, date or access id', () => {
    const request = signed('/v1/search/assets?query=USDC&limit=5');
    const cases = [
      { ...request, target: '/v1/search/tokens?query=USDC&limit=5' },
      { ...request, target: '/v1/search/assets?query=USDT&limit=5' },
      { ...request, target: '/v1/search/assets?query=USDC&limit=5&extra=1' },
      { ...request, method: 'POST' },
      { ...request, headers: { ...request.headers, 'x-svc-date': 'Thu, 27 Feb 2026 12:00:01 GMT' } },
      { ...request, headers: { ...request.headers, 'x-svc-nonce': '00000000-e89b-42d3-a456-426614174000' } },
    ];
    for (const c of cases) expect(make().verify(c)).toMatchObject({ ok: false, status: 403, code: 'invalid_credentials' });
    const otherAccount = { ...request, headers: { ...request.headers, 'x-svc-credential': 'someone-else' } };
    expect(make().verify(otherAccount)).toMatchObject({
      ok: false,
      status: 403,
      code: 'invalid_credentials',
      message: expect.stringContaining('not registered'),
    });
  });

  it('rejects a wrong secret', () => {
    const request = signed('/v1/validate?address=x', 'GET', { secret: 'wrong' });
    expect(make().verify(request)).toMatchObject({
      ok: false,
      code: 'invalid_credentials',
      message: expect.stringContaining('secret key'),
    });
  });

  it('accepts dates within ±5 minutes and rejects those outside, saying how far off they are', () => {
    const target = '/v1/assets/listing-categories';
    expect(make(vectorTime + 5 * 60_000).verify(signed(target)).ok).toBe(true);
    expect(make(vectorTime - 5 * 60_000).verify(signed(target)).ok).toBe(true);
    const late = make(vectorTime + 5 * 60_000 + 1000).verify(signed(target));
    expect(late).toMatchObject({ ok: false, status: 401, code: 'request_expired', message: expect.stringContaining('301 s behind') });
    expect(make(vectorTime - 6 * 60_000).verify(signed(target))).toMatchObject({
      code: 'request_expired',
      message: expect.stringContaining('ahead of'),
    });
  });

  it('names every missing header and rejects malformed ones', () => {
    expect(make().verify({ method: 'GET', target: '/', headers: {} })).toMatchObject({
      status: 401,
      code: 'missing_signature',
      message: expect.stringContaining('X-SVC-CREDENTIAL, X-SVC-NONCE, X-SVC-DATE, Authorization'),
    });
    const request = signed('/x');
    expect(make().verify({ ...request, headers: { ...request.headers, authorization: 'Bearer abc' } })).toMatchObject({
      code: 'malformed_signature',
    });
    expect(make().verify({ ...request, headers: { ...request.headers, 'x-svc-date': 'yesterday' } })).toMatchObject({
      code: 'malformed_signature',
    });
    expect(make().verify({ ...request, headers: { ...request.headers, 'x-svc-nonce': 'has space' } })).toMatchObject({
      code: 'malformed_signature',
    });
  });

  it('keeps nonces per account', () => {
    let secretCalls = 0;
    const verifier = new RequestVerifier({ secretFor: () => (secretCalls++, 'shared'), now: () => vectorTime });
    const a = {
      method: 'GET',
      target: '/x',
      headers: lower(signRequest({ method: 'GET', target: '/x', ...VECTOR, secret: 'shared', accessId: 'a' })),
    };
    const b = {
      method: 'GET',
      target: '/x',
      headers: lower(signRequest({ method: 'GET', target: '/x', ...VECTOR, secret: 'shared', accessId: 'b' })),
    };
    expect(verifier.verify(a).ok).toBe(true);
    expect(verifier.verify(b).ok).toBe(true);
    expect(secretCalls).toBe(2);
  });
});
