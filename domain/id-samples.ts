/**
 * Generated valid ids for every format, and single-character mutations of them. Used by the mutation
 * tests and the `bench:ids` benchmark; deterministic for a given seed so measured rates are reproducible.
 */
import { base58, base58xrp, bech32, bech32m } from '@scure/base';
import { bytesToHex, concatBytes } from '@noble/hashes/utils.js';
import type { Check } from './result';
import { checkAddress } from './addresses';
import { checkValidatorId } from './registry-chains';
import { base58check } from './formats/base58';
import { toChecksumAddress } from './formats/evm-address';
import { encodeSs58 } from './formats/ss58';
import { encodeWavesAddress } from './formats/waves';
import { encodeTonAddress } from './formats/ton-address';

export type Rng = () => number;

/** mulberry32: a small seeded PRNG (not for secrets; only to make samples reproducible). */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const randomBytes = (rng: Rng, n: number): Uint8Array => Uint8Array.from({ length: n }, () => Math.floor(rng() * 256));
const pick = (rng: Rng, text: string): string => text[Math.floor(rng() * text.length)] as string;

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const HEX_ANY_CASE = '0123456789abcdefABCDEF';
const HEX = '0123456789abcdef';
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export interface SampleFormat {
  readonly name: string;
  /** Whether the format carries a checksum (mutation tests apply only to those). */
  readonly checksummed: boolean;
  /** Characters a typo can plausibly produce in this format. */
  readonly alphabet: string;
  readonly generate: (rng: Rng) => string;
  readonly check: (id: string) => Check<string>;
}

const base58checkOf = (version: number[], rng: Rng): string =>
  base58check.encode(concatBytes(Uint8Array.from(version), randomBytes(rng, 20)));

export const SAMPLE_FORMATS: readonly SampleFormat[] = [
  {
    name: 'bech32 Cosmos operator (cosmosvaloper1…)',
    checksummed: true,
    alphabet: BECH32,
    generate: (rng) => bech32.encode('cosmosvaloper', bech32.toWords(randomBytes(rng, 20))),
    check: (id) => checkValidatorId('cosmos', id),
  },
  {
    name: 'bech32 Cardano pool (pool1…)',
    checksummed: true,
    alphabet: BECH32,
    generate: (rng) => bech32.encode('pool', bech32.toWords(randomBytes(rng, 28))),
    check: (id) => checkValidatorId('cardano', id),
  },
  {
    name: 'bech32 MultiversX (erd1…)',
    checksummed: true,
    alphabet: BECH32,
    generate: (rng) => bech32.encode('erd', bech32.toWords(randomBytes(rng, 32))),
    check: (id) => checkValidatorId('elrond', id),
  },
  {
    name: 'bech32 Bitcoin segwit v0 (bc1q…)',
    checksummed: true,
    alphabet: BECH32,
    generate: (rng) => bech32.encode('bc', [0, ...bech32.toWords(randomBytes(rng, 20))]),
    check: (id) => checkAddress(0, id),
  },
  {
    name: 'bech32m Bitcoin taproot (bc1p…)',
    checksummed: true,
    alphabet: BECH32,
    generate: (rng) => bech32m.encode('bc', [1, ...bech32m.toWords(randomBytes(rng, 32))]),
    check: (id) => checkAddress(0, id),
  },
  {
    name: 'base58check Bitcoin P2PKH (1…)',
    checksummed: true,
    alphabet: BASE58,
    generate: (rng) => base58checkOf([0x00], rng),
    check: (id) => checkAddress(0, id),
  },
  {
    name: 'base58check Tezos (tz1…)',
    checksummed: true,
    alphabet: BASE58,
    generate: (rng) => base58checkOf([6, 161, 159], rng),
    check: (id) => checkValidatorId('tezos', id),
  },
  {
    name: 'base58check Tron (T…)',
    checksummed: true,
    alphabet: BASE58,
    generate: (rng) => base58checkOf([0x41], rng),
    check: (id) => checkValidatorId('tron', id),
  },
  {
    name: 'base58check XRP (r…)',
    checksummed: true,
    alphabet: BASE58,
    generate: (rng) => base58xrp.encode(base58.decode(base58checkOf([0x00], rng))),
    check: (id) => checkAddress(144, id),
  },
  {
    name: 'EIP-55 (0x…)',
    checksummed: true,
    alphabet: HEX_ANY_CASE,
    generate: (rng) => toChecksumAddress(`0x${bytesToHex(randomBytes(rng, 20))}`),
    check: (id) => checkValidatorId('ethereum', id),
  },
  {
    name: 'Wanchain checksum (0x…)',
    checksummed: true,
    alphabet: HEX_ANY_CASE,
    generate: (rng) => toChecksumAddress(`0x${bytesToHex(randomBytes(rng, 20))}`, 'wanchain'),
    check: (id) => checkValidatorId('wanchain', id),
  },
  {
    name: 'SS58 Polkadot (1…)',
    checksummed: true,
    alphabet: BASE58,
    generate: (rng) => encodeSs58(0, randomBytes(rng, 32)),
    check: (id) => checkValidatorId('polkadot', id),
  },
  {
    name: 'SS58 Kusama (C…–J…)',
    checksummed: true,
    alphabet: BASE58,
    generate: (rng) => encodeSs58(2, randomBytes(rng, 32)),
    check: (id) => checkValidatorId('kusama', id),
  },
  {
    name: 'Waves (3P…)',
    checksummed: true,
    alphabet: BASE58,
    generate: (rng) => encodeWavesAddress(randomBytes(rng, 20)),
    check: (id) => checkValidatorId('waves', id),
  },
  {
    name: 'TON user-friendly (CRC-16)',
    checksummed: true,
    alphabet: BASE64URL,
    generate: (rng) => encodeTonAddress(0, randomBytes(rng, 32), rng() < 0.5),
    check: (id) => checkAddress(607, id),
  },
  {
    name: 'Solana key (no checksum)',
    checksummed: false,
    alphabet: BASE58,
    generate: (rng) => base58.encode(randomBytes(rng, 32)),
    check: (id) => checkValidatorId('solana', id),
  },
  {
    name: 'Aptos/Sui 0x + 64 hex (no checksum)',
    checksummed: false,
    alphabet: HEX,
    generate: (rng) => `0x${bytesToHex(randomBytes(rng, 32))}`,
    check: (id) => checkValidatorId('aptos', id),
  },
  {
    name: 'NEAR pool name (no checksum)',
    checksummed: false,
    alphabet: 'abcdefghijklmnopqrstuvwxyz0123456789',
    generate: (rng) =>
      `${Array.from({ length: 3 + Math.floor(rng() * 12) }, () => pick(rng, 'abcdefghijklmnopqrstuvwxyz0123456789')).join('')}.poolv1.near`,
    check: (id) => checkValidatorId('near', id),
  },
];

/** Replaces one random character with a different one from `alphabet`. */
export function mutateOnce(id: string, alphabet: string, rng: Rng): string {
  const i = Math.floor(rng() * id.length);
  const original = id[i] as string;
  let replacement = original;
  while (replacement === original) replacement = pick(rng, alphabet);
  return id.slice(0, i) + replacement + id.slice(i + 1);
}

export interface MutationReport {
  readonly format: string;
  readonly mutations: number;
  readonly rejected: number;
  readonly rate: number;
  /** Up to five mutated ids that were accepted, for the report. */
  readonly accepted: readonly string[];
}

/** Applies `count` single-character substitutions to fresh valid ids and counts how many are rejected. */
export function measureMutationDetection(format: SampleFormat, count = 10_000, seed = 0x5eed): MutationReport {
  const rng = createRng(seed);
  let rejected = 0;
  const accepted: string[] = [];
  for (let n = 0; n < count; n++) {
    const mutated = mutateOnce(format.generate(rng), format.alphabet, rng);
    if (format.check(mutated).ok) {
      if (accepted.length < 5) accepted.push(mutated);
    } else {
      rejected += 1;
    }
  }
  return { format: format.name, mutations: count, rejected, rate: rejected / count, accepted };
}
