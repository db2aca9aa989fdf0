/**
 * Small deterministic randomness for the offline dataset: the same seed gives the same catalogue,
 * prices and quotes on every machine. Not for secrets (those use node:crypto).
 */

/** 32-bit FNV-1a of a string: stable seeds from names. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const MIX_SEED = 0x9e3779b9;

/** One murmur3 mixing step of a value into the state. */
function mixStep(h: number, v: number): number {
  h ^= Math.imul((v | 0) ^ Math.floor(v / 0x1_0000_0000), 0xcc9e2d51);
  return Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64;
}

/** murmur3's finaliser: spreads the state over all 32 bits. */
function finalise(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Mixes integers into one well-spread 32-bit value (murmur3's finaliser per step). */
export function mix(...values: number[]): number {
  let h = MIX_SEED;
  for (const v of values) h = mixStep(h, v);
  return finalise(h);
}

/**
 * `unitAfter(mixPair(a, b), c)` is `unit(a, b, c)`, without the rest-argument array and with the
 * (a, b) part shareable: the price model evaluates two of these per noise layer, about 1,700 per
 * 50-asset ticker request, where the array and the repeated steps cost more than the hashing.
 */
export function mixPair(a: number, b: number): number {
  return mixStep(mixStep(MIX_SEED, a), b);
}

export function unitAfter(pair: number, c: number): number {
  return finalise(mixStep(pair, c)) / 0x1_0000_0000;
}

/** A uniform number in [0, 1) from integers. */
export function unit(...values: number[]): number {
  return mix(...values) / 0x1_0000_0000;
}

/** A sequence generator (mulberry32) for building the catalogue. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  }
  int(min: number, maxInclusive: number): number {
    return min + Math.floor(this.next() * (maxInclusive - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  /** Log-uniform between two positive bounds: prices and supplies spread over orders of magnitude. */
  logUniform(min: number, max: number): number {
    return Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min)));
  }
  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = Math.floor(this.next() * 256);
    return out;
  }
}
