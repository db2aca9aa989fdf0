import { describe, expect, it } from 'vitest';
import { mixPair, unit, unitAfter } from './random';

describe('mixPair / unitAfter', () => {
  it('give exactly unit(a, b, c), so the price model is unchanged', () => {
    let seed = 12_345;
    const next = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0);
    for (let n = 0; n < 5_000; n++) {
      const a = next();
      const b = next() % 16;
      const c = Math.floor((1_772_193_600_000 - next() * 1_000) / 300_000) - (n % 3);
      expect(unitAfter(mixPair(a, b), c)).toBe(unit(a, b, c));
    }
  });
});
