import { describe, expect, it } from 'vitest';
import { createEndpointRate, EmulatedTier } from './endpoint-rate';

describe('the emulated tier (--rate)', () => {
  it('answers 429 with Retry-After past N requests per second of one account, and lets it through a second later', () => {
    let now = 0;
    let refusals = 0;
    const rate = createEndpointRate(
      1,
      () => now,
      () => refusals++,
    );
    expect(rate.admit('a')).toBeUndefined();
    const refused = rate.admit('a');
    expect(refused).toMatchObject({ status: 429, headers: { 'retry-after': '1' } });
    expect(refused?.message).toMatch(/allows 1 request per second per account; retry after 1 s/);
    // Another account has its own allowance.
    expect(rate.admit('b')).toBeUndefined();
    now = 999;
    expect(rate.admit('a')?.status).toBe(429);
    now = 2000;
    expect(rate.admit('a')).toBeUndefined();
    expect(refusals).toBe(2);
  });

  it('allows N at once at N per second, not more', () => {
    const rate = createEndpointRate(3, () => 0);
    expect([1, 2, 3, 4].map(() => rate.admit('a')?.status)).toEqual([undefined, undefined, undefined, 429]);
  });

  it('forgets the least recently seen account past its bound instead of growing', () => {
    const now = 0;
    const rate = createEndpointRate(1, () => now);
    expect(rate.admit('first')).toBeUndefined();
    for (let i = 0; i < 4096; i++) rate.admit(`stranger-${i}`);
    // Forgotten, so it starts again with a full allowance.
    expect(rate.admit('first')).toBeUndefined();
  });

  it('refuses a rate that is not above 0', () => {
    expect(() => createEndpointRate(0)).toThrow(/above 0/);
  });
});

describe('the emulated tier of a running gateway', () => {
  it('is off, then limits, then is off again as its owner changes it', () => {
    const tier = new EmulatedTier(undefined, undefined, () => 0);
    expect([1, 2, 3].map(() => tier.admit('a'))).toEqual([undefined, undefined, undefined]);
    tier.set(1);
    expect(tier.rate).toBe(1);
    expect([1, 2].map(() => tier.admit('a')?.status)).toEqual([undefined, 429]);
    tier.set(undefined);
    expect(tier.rate).toBeUndefined();
    expect(tier.admit('a')).toBeUndefined();
  });

  it('keeps the buckets when set to the rate it already has, and starts them full at a new rate', () => {
    const tier = new EmulatedTier(1, undefined, () => 0);
    expect(tier.admit('a')).toBeUndefined();
    tier.set(1);
    expect(tier.admit('a')?.status).toBe(429);
    tier.set(2);
    expect([1, 2, 3].map(() => tier.admit('a')?.status)).toEqual([undefined, undefined, 429]);
  });

  it('refuses a rate that is not above 0 and keeps the one it had', () => {
    const tier = new EmulatedTier(1, undefined, () => 0);
    expect(() => tier.set(-1)).toThrow(/above 0/);
    expect(tier.rate).toBe(1);
  });
});
