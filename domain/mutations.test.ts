/**
 * Mutation testing: 10,000 random single-character substitutions (within each format's own alphabet, so
 * they are plausible typos) of freshly generated valid ids, per checksummed format. Seeds are fixed, so the
 * measured rates are reproducible; `npm run bench:ids` prints them.
 */
import { describe, expect, it } from 'vitest';
import { SAMPLE_FORMATS, createRng, measureMutationDetection, mutateOnce } from './id-samples';

// What each checksum guarantees for one substituted character:
// - bech32/bech32m (BCH code) and TON's CRC-16 (6 changed bits, within its 16-bit burst guarantee) catch every one;
// - base58check, Waves (32-bit) and SS58 (16-bit) catch all but ~2^-32 / ~2^-16 of them;
// - EIP-55 and Wanchain protect only the letters' case: they miss a mutant that happens to become all lower
//   or all upper case (no checksum by definition) or whose new hash happens to fit the case pattern
//   (2^-letters), about one in a thousand.
const MINIMUM_RATE: Readonly<Record<string, number>> = {
  bech32: 1,
  bech32m: 1,
  TON: 1,
  base58check: 0.9999,
  Waves: 0.9999,
  SS58: 0.999,
  'EIP-55': 0.998,
  Wanchain: 0.998,
};

const checksummed = SAMPLE_FORMATS.filter((f) => f.checksummed);

describe('generated samples', () => {
  it.each(SAMPLE_FORMATS.map((f) => [f.name, f] as const))('%s: 200 generated ids are all valid', (_name, format) => {
    const rng = createRng(7);
    for (let i = 0; i < 200; i++) {
      const id = format.generate(rng);
      expect(format.check(id)).toMatchObject({ ok: true });
    }
  });

  it('mutateOnce changes exactly one character', () => {
    const rng = createRng(3);
    for (let i = 0; i < 100; i++) {
      const mutated = mutateOnce('abcdef', 'abcdefgh', rng);
      expect([...mutated].filter((ch, j) => ch !== 'abcdef'[j])).toHaveLength(1);
    }
  });
});

describe('single-character substitutions are rejected', () => {
  it('covers every checksummed format family', () => {
    expect(checksummed.map((f) => f.name.split(' ')[0])).toEqual(expect.arrayContaining(Object.keys(MINIMUM_RATE)));
  });

  it.each(checksummed.map((f) => [f.name, f] as const))('%s', (name, format) => {
    const family = name.split(' ')[0] as string;
    const report = measureMutationDetection(format, 10_000);
    expect(report.mutations).toBe(10_000);
    expect(report.rate, `accepted mutants: ${report.accepted.join(', ')}`).toBeGreaterThanOrEqual(MINIMUM_RATE[family] ?? 1);
  });
});
