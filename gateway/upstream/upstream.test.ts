import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '../signing/signer';
import type { Account } from './accounts';
import { startUpstream, type RunningUpstream } from './server';

let dir: string;
let upstream: RunningUpstream;
let demo: Account;

interface Call {
  method?: 'GET' | 'POST' | 'PUT';
  target: string;
  body?: string;
  account?: { accessId: string; secretKey: string };
  headers?: Record<string, string>;
  unsigned?: boolean;
}

async function call(u: RunningUpstream, c: Call) {
  const method = c.method ?? 'GET';
  const account = c.account ?? demo;
  const signed = c.unsigned ? {} : signRequest({ method, target: c.target, accessId: account.accessId, secret: account.secretKey });
  const res = await request(`${u.url}${c.target}`, {
    method,
    headers: { ...signed, ...(c.body !== undefined ? { 'content-type': 'application/json' } : {}), ...c.headers },
    ...(c.body !== undefined ? { body: c.body } : {}),
  });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, json: JSON.parse(text) as Record<string, unknown> };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gw-upstream-'));
  upstream = await startUpstream({ dataDir: dir });
  demo = upstream.accounts.demo();
});
afterAll(async () => {
  await upstream.close();
  await rm(dir, { recursive: true, force: true });
});

describe('reference upstream', () => {
  it('answers signed requests from the dataset', async () => {
    const r = await call(upstream, { target: '/v1/search/assets?query=USDC&networks=60&limit=5' });
    expect(r.status).toBe(200);
    expect((r.json.docs as Array<{ asset_id: string }>)[0]?.asset_id).toBe('c60_t0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
    const t = await call(upstream, { method: 'POST', target: '/v2/market/tickers', body: JSON.stringify({ assets: ['c60', 'c0'] }) });
    expect(t.status).toBe(200);
    expect(t.json.tickers).toHaveLength(2);
  });

  it('rejects unsigned, wrongly signed, unknown-account and replayed requests', async () => {
    expect(await call(upstream, { target: '/v1/assets/listing-categories', unsigned: true })).toMatchObject({
      status: 401,
      json: { code: 'missing_signature' },
    });
    expect(
      await call(upstream, { target: '/v1/assets/listing-categories', account: { accessId: demo.accessId, secretKey: 'wrong' } }),
    ).toMatchObject({ status: 403, json: { code: 'invalid_credentials' } });
    expect(
      await call(upstream, { target: '/v1/assets/listing-categories', account: { accessId: 'nobody', secretKey: 'x' } }),
    ).toMatchObject({ status: 403, json: { code: 'invalid_credentials' } });
    const headers = signRequest({
      method: 'GET',
      target: '/v1/assets/listing-categories',
      accessId: demo.accessId,
      secret: demo.secretKey,
    });
    expect((await call(upstream, { target: '/v1/assets/listing-categories', unsigned: true, headers })).status).toBe(200);
    expect(await call(upstream, { target: '/v1/assets/listing-categories', unsigned: true, headers })).toMatchObject({
      status: 401,
      json: { code: 'replayed_nonce' },
    });
    // A signature for one query does not cover another.
    const other = signRequest({
      method: 'GET',
      target: '/v1/validate?address=a&asset_id=c60',
      accessId: demo.accessId,
      secret: demo.secretKey,
    });
    expect(await call(upstream, { target: '/v1/validate?address=b&asset_id=c60', unsigned: true, headers: other })).toMatchObject({
      status: 403,
    });
    const old = signRequest({
      method: 'GET',
      target: '/v1/assets/listing-categories',
      accessId: demo.accessId,
      secret: demo.secretKey,
      date: new Date(Date.now() - 6 * 60_000),
    });
    expect(await call(upstream, { target: '/v1/assets/listing-categories', unsigned: true, headers: old })).toMatchObject({
      status: 401,
      json: { code: 'request_expired' },
    });
  });

  it('answers bad requests with 4xx JSON errors naming the problem', async () => {
    expect(await call(upstream, { target: '/v1/nope' })).toMatchObject({ status: 404, json: { code: 'not_found' } });
    expect(await call(upstream, { method: 'PUT', target: '/v1/validate' })).toMatchObject({ status: 405, headers: { allow: 'GET' } });
    expect(await call(upstream, { target: '/v1/search/assets?query=x&bogus=1' })).toMatchObject({
      status: 400,
      json: { code: 'unknown_parameter', message: expect.stringContaining('bogus') },
    });
    expect(await call(upstream, { target: '/v1/search/assets?query=x&limit=1000' })).toMatchObject({
      status: 400,
      json: { message: expect.stringContaining('1 to 100') },
    });
    expect(await call(upstream, { target: '/v1/search/assets?query=x&query=y' })).toMatchObject({
      status: 400,
      json: { code: 'repeated_parameter' },
    });
    expect(await call(upstream, { target: '/v1/validate?address=0x1&asset_id=c60' })).toMatchObject({
      status: 400,
      json: { code: 'invalid_address' },
    });
    expect(await call(upstream, { target: '/v1/coinstatus/c60_t0x0000000000000000000000000000000000000001' })).toMatchObject({
      status: 404,
      json: { code: 'unknown_asset' },
    });
    expect(await call(upstream, { target: '/v1/coinstatus/%E0%A4%A' })).toMatchObject({ status: 400 });
    expect(await call(upstream, { method: 'POST', target: '/v2/market/tickers', body: '{not json' })).toMatchObject({
      status: 400,
      json: { code: 'invalid_json' },
    });
    expect(
      await call(upstream, { method: 'POST', target: '/v2/market/tickers', body: JSON.stringify({ assets: Array(51).fill('c60') }) }),
    ).toMatchObject({ status: 400, json: { message: expect.stringContaining('1 to 50') } });
    expect(
      await call(upstream, { method: 'POST', target: '/v2/market/tickers', body: JSON.stringify({ assets: ['c60'], extra: 1 }) }),
    ).toMatchObject({ status: 400, json: { code: 'unknown_field' } });
    expect(
      await call(upstream, { method: 'POST', target: '/v2/market/tickers', body: JSON.stringify({ assets: ['x'.repeat(70_000)] }) }),
    ).toMatchObject({ status: 413, json: { code: 'body_too_large' } });
    expect(
      await call(upstream, { method: 'POST', target: '/amber-api/v1/route/step', body: JSON.stringify({ stepId: 'missing' }) }),
    ).toMatchObject({ status: 404, json: { code: 'unknown_step' } });
  });

  it('quotes a route and serves its step', async () => {
    const body = {
      fromDomain: 'bsc',
      fromAsset: 'c714',
      fromAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      amount: '1000000000000000000',
      toDomain: 'smartchain',
      toAsset: '0x55d398326f99059ff775485246999027b3197955',
    };
    const quote = await call(upstream, { method: 'POST', target: '/amber-api/v1/route', body: JSON.stringify(body) });
    expect(quote.status).toBe(200);
    const stepId = (quote.json.routes as Array<{ steps: Array<{ id: string }> }>)[0]?.steps[0]?.id;
    const step = await call(upstream, { method: 'POST', target: '/amber-api/v1/route/step', body: JSON.stringify({ stepId }) });
    expect(step).toMatchObject({
      status: 200,
      json: { transaction: { domainId: 'smartchain', evmTx: { value: '0xde0b6b3a7640000' } }, approve: null },
    });
    const mismatch = await call(upstream, {
      method: 'POST',
      target: '/amber-api/v1/route',
      body: JSON.stringify({ ...body, toAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }),
    });
    expect(mismatch).toMatchObject({ status: 400, json: { code: 'invalid_address' } });
  });

  it('refuses swap routing to an account without the swap scope, while search still works', async () => {
    const limited = await upstream.accounts.add('market data only', []);
    expect(await call(upstream, { target: '/v1/search/assets?query=eth', account: limited })).toMatchObject({ status: 200 });
    expect(await call(upstream, { method: 'POST', target: '/amber-api/v1/route/step', body: '{}', account: limited })).toMatchObject({
      status: 403,
      json: { code: 'forbidden' },
    });
  });

  it('rate limits per account with 429 and Retry-After in free-tier mode', async () => {
    const free = await startUpstream({ dataDir: dir, rateLimit: { perSecond: 1 } });
    try {
      const results = await Promise.all([1, 2, 3].map(() => call(free, { target: '/v1/assets/listing-categories' })));
      const limited = results.filter((r) => r.status === 429);
      expect(limited.length).toBeGreaterThanOrEqual(1);
      expect(limited[0]).toMatchObject({ headers: { 'retry-after': '1' }, json: { code: 'rate_limited', retryAfter: 1 } });
      // Another account has its own budget.
      const other = await free.accounts.add('second');
      expect((await call(free, { target: '/v1/assets/listing-categories', account: other })).status).toBe(200);
    } finally {
      await free.close();
    }
  });

  it('keeps the demo account across restarts of the same data dir', async () => {
    const again = await startUpstream({ dataDir: dir });
    try {
      expect(again.accounts.demo()).toEqual(demo);
    } finally {
      await again.close();
    }
  });

  it('stops and starts again on the same port', async () => {
    const u = await startUpstream({ dataDir: dir });
    const port = u.port;
    await u.stop();
    expect(u.running).toBe(false);
    await expect(request(`${u.url}/v1/validate`)).rejects.toThrow();
    await u.start();
    expect(u.port).toBe(port);
    expect((await call(u, { target: '/v1/assets/listing-categories' })).status).toBe(200);
    await u.close();
  });

  it('honours the test delay only with test hooks, and stops waiting when the caller leaves', async () => {
    // Without hooks, "slow:…" is an ordinary query (it would otherwise outlast the test timeout).
    expect(await call(upstream, { target: '/v1/search/assets?query=slow%3A600000' })).toMatchObject({ status: 200, json: { total: 0 } });
    const hooked = await startUpstream({ dataDir: dir, testHooks: true });
    try {
      const controller = new AbortController();
      const target = '/v1/search/assets?query=slow%3A60000';
      const pending = request(`${hooked.url}${target}`, {
        headers: signRequest({ method: 'GET', target, accessId: demo.accessId, secret: demo.secretKey }),
        signal: controller.signal,
      });
      const outcome = await Promise.race([
        pending.then(
          () => 'answered',
          () => 'aborted',
        ),
        new Promise((r) => setTimeout(r, 300, 'still waiting')),
      ]);
      expect(outcome).toBe('still waiting');
      controller.abort();
      expect(
        await pending.then(
          () => 'answered',
          () => 'aborted',
        ),
      ).toBe('aborted');
      expect((await call(hooked, { target: '/v1/search/assets?query=slow%3A1' })).status).toBe(200);
    } finally {
      await hooked.close();
    }
  });
});
