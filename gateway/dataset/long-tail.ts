import { base58 } from '@scure/base';
import { checkContract, getCoin } from '../../domain/index';
import type { Market } from './markets';
import { Rng } from './random';

/**
 * The long tail: fictional tokens (memes, AI agents, small DeFi) that make listings, search and
 * security reports look like a live market. They are flagged `fictional` and unverified; their
 * contracts are random but well-formed, so they pass the shared identifier checks.
 */
export interface GeneratedToken {
  readonly coin: number;
  readonly contract: string;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
  readonly market: Market;
  readonly tags: readonly string[];
  /** Named scam patterns used as security-report examples. */
  readonly risk?: 'honeypot' | 'counterfeit' | 'freeze-authority';
}

const PREFIXES = [
  'Nebula',
  'Quantum',
  'Solar',
  'Pixel',
  'Turbo',
  'Based',
  'Giga',
  'Hyper',
  'Lunar',
  'Echo',
  'Frost',
  'Ember',
  'Atlas',
  'Orbit',
  'Nova',
  'Vortex',
  'Zen',
  'Apex',
  'Cyber',
  'Delta',
  'Mochi',
  'Ruby',
  'Cobalt',
  'Sable',
  'Tidal',
];
const SUFFIXES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['Inu', ['memes']],
  ['Cat', ['memes']],
  ['Frog', ['memes']],
  ['AI', ['ai']],
  ['Agents', ['ai']],
  ['Compute', ['ai']],
  ['Swap', ['defi-2', 'dex']],
  ['Finance', ['defi-2']],
  ['Yield', ['defi-2']],
  ['Verse', ['gaming', 'nft']],
  ['Quest', ['gaming']],
  ['Estate', ['rwa-assets']],
];
// Weighted towards the chains where new tokens actually launch.
const CHAINS = [501, 501, 501, 501, 8453, 8453, 8453, 714, 714, 714, 60, 60, 60, 42161, 42161, 137, 43114, 10];

function randomContract(rng: Rng, coin: number): string {
  const raw = getCoin(coin)?.family === 'solana' ? base58.encode(rng.bytes(32)) : `0x${Buffer.from(rng.bytes(20)).toString('hex')}`;
  const checked = checkContract(coin, raw);
  if (!checked.ok) throw new Error(`generated contract ${raw} for coin ${coin} is invalid: ${checked.message}`);
  return checked.value;
}

function symbolOf(prefix: string, suffix: string): string {
  return (prefix.slice(0, 3) + suffix.slice(0, 1)).toUpperCase();
}

function memeMarket(rng: Rng): Market {
  const price = rng.logUniform(1e-7, 3);
  const circulating = rng.logUniform(5e6, 5e9) / Math.sqrt(price);
  return {
    price,
    vol: 0.08 + rng.next() * 0.14,
    circulating,
    max: circulating * (1 + rng.next()),
    volume24h: price * circulating * (0.02 + rng.next() * 0.4),
  };
}

/** `count` unique fictional tokens, the same ones for the same seed. */
export function generateLongTail(seed: number, count: number): GeneratedToken[] {
  const rng = new Rng(seed);
  const tokens: GeneratedToken[] = [];
  const names = new Set<string>();
  while (tokens.length < count) {
    const prefix = rng.pick(PREFIXES);
    const [suffix, tags] = rng.pick(SUFFIXES);
    const name = `${prefix} ${suffix}`;
    if (names.has(name)) continue;
    names.add(name);
    const coin = rng.pick(CHAINS);
    const decimals = getCoin(coin)?.family === 'solana' ? rng.pick([6, 9]) : rng.pick([18, 18, 18, 9, 6]);
    tokens.push({
      coin,
      contract: randomContract(rng, coin),
      symbol: symbolOf(prefix, suffix),
      name,
      decimals,
      market: memeMarket(rng),
      tags,
    });
  }
  // Named examples for the security tools: one of each pattern, at fixed places in the catalogue.
  const scam = (
    coin: number,
    symbol: string,
    name: string,
    risk: NonNullable<GeneratedToken['risk']>,
    tags: readonly string[],
    decimals = 18,
  ): GeneratedToken => ({
    coin,
    contract: randomContract(rng, coin),
    symbol,
    name,
    decimals,
    market: { ...memeMarket(rng), ...(risk === 'counterfeit' ? { price: 0.0004, vol: 0.2 } : {}) },
    tags,
    risk,
  });
  tokens.push(
    scam(60, 'MRINU', 'Moon Rocket Inu', 'honeypot', ['memes']),
    scam(714, 'SYP', 'SafeYield Pro', 'honeypot', ['defi-2']),
    scam(8453, 'BGAI', 'Based Gains AI', 'honeypot', ['ai', 'memes']),
    scam(714, 'USDC', 'USD Coin', 'counterfeit', [], 18),
    scam(501, 'FRZFROG', 'Frozen Frog', 'freeze-authority', ['memes'], 6),
    scam(501, 'SOLAI', 'Solana Agent AI', 'freeze-authority', ['ai'], 9),
  );
  return tokens;
}
