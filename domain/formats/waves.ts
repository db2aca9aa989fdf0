import { blake2b } from '@noble/hashes/blake2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { fail, ok, type Check } from '../result';
import { subjectOf } from '../input';
import { checkBase58Chars, decodeBase58 } from './base58';
import { base58 } from '@scure/base';

const ADDRESS_VERSION = 1;
const MAINNET = 'W'.charCodeAt(0);
const NETWORK_NAMES: Readonly<Record<number, string>> = { 84: 'testnet', 83: 'stagenet' };

/** Waves "secure hash": keccak256(blake2b-256(data)); an address keeps its first 4 bytes as checksum. */
function wavesChecksum(body: Uint8Array): Uint8Array {
  return keccak_256(blake2b(body, { dkLen: 32 })).subarray(0, 4);
}

/** Encodes a mainnet address from a 20-byte public-key hash. */
export function encodeWavesAddress(publicKeyHash: Uint8Array): string {
  const body = concatBytes(Uint8Array.of(ADDRESS_VERSION, MAINNET), publicKeyHash);
  return base58.encode(concatBytes(body, wavesChecksum(body)));
}

/** Validates a Waves mainnet address: version 1, chain byte "W", 20-byte hash, 4-byte checksum (35 chars, "3P…"). */
export function checkWavesAddress(id: string, label: string): Check<string> {
  const chars = checkBase58Chars(id, label);
  if (!chars.ok) return chars;
  if (!id.startsWith('3')) return fail('wrong-prefix', `${label} start with 3P`);
  const raw = decodeBase58(id);
  if (!raw || raw.length !== 26) {
    const short = (raw?.length ?? 0) < 26;
    return fail(
      'bad-length',
      `${subjectOf(label)} is too ${short ? 'short' : 'long'} for ${label} (35 characters, starting with 3P) — ${short ? 'a character is missing' : 'there are extra characters'}; copy it again`,
    );
  }
  const sum = wavesChecksum(raw.subarray(0, 22));
  if (!sum.every((b, i) => raw[22 + i] === b)) return fail('bad-checksum', 'checksum does not match — check for a typo');
  if (raw[0] !== ADDRESS_VERSION) return fail('wrong-prefix', `this is not a Waves address; ${label} start with 3P`);
  if (raw[1] !== MAINNET) {
    const net = NETWORK_NAMES[raw[1] ?? 0];
    return fail(
      'wrong-network',
      `${net ? `this is a Waves ${net} address` : 'this is not a Waves mainnet address'}; ${label} start with 3P`,
    );
  }
  return ok(id);
}
