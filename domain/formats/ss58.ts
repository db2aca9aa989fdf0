import { base58 } from '@scure/base';
import { blake2b } from '@noble/hashes/blake2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { fail, ok, type Check } from '../result';
import { subjectOf } from '../input';
import { checkBase58Chars, decodeBase58 } from './base58';

/** SS58 network prefixes we name in messages. */
const NETWORKS: Readonly<Record<number, { name: string; looks: string }>> = {
  0: { name: 'Polkadot', looks: 'start with 1' },
  2: { name: 'Kusama', looks: 'start with a capital letter C to J' },
  42: { name: 'generic Substrate', looks: 'start with 5' },
};

const SS58_CONTEXT = utf8ToBytes('SS58PRE');

/** The 2-byte SS58 checksum of a 32-byte account: blake2b-512("SS58PRE" ‖ prefix ‖ account). */
function ss58Checksum(prefixAndAccount: Uint8Array): Uint8Array {
  return blake2b(concatBytes(SS58_CONTEXT, prefixAndAccount), { dkLen: 64 }).subarray(0, 2);
}

/** Encodes a 32-byte account id for a simple (one-byte, below 64) network prefix. */
export function encodeSs58(network: number, account: Uint8Array): string {
  const body = concatBytes(Uint8Array.of(network), account);
  return base58.encode(concatBytes(body, ss58Checksum(body)));
}

/** Reads the network prefix (one byte below 64, or the two-byte form for 64–16383). */
function readNetwork(raw: Uint8Array): { network: number; size: number } | undefined {
  const b0 = raw[0] ?? 0;
  if (b0 < 64) return { network: b0, size: 1 };
  if (b0 < 128 && raw.length > 1) {
    const b1 = raw[1] ?? 0;
    return { network: ((b0 & 0x3f) << 2) | (b1 >> 6) | ((b1 & 0x3f) << 8), size: 2 };
  }
  return undefined;
}

/** Validates an SS58 account address of the given network (0 Polkadot, 2 Kusama). */
export function checkSs58(id: string, network: number, label: string): Check<string> {
  const want = NETWORKS[network];
  const chars = checkBase58Chars(id, label);
  if (!chars.ok) return chars;
  const raw = decodeBase58(id);
  const prefix = raw && readNetwork(raw);
  if (!raw || !prefix) return fail('wrong-prefix', `${label} ${want?.looks ?? 'are SS58 addresses'}`);
  const expected = prefix.size + 32 + 2;
  if (raw.length !== expected) {
    const hint = raw.length < expected ? 'a character is missing' : 'there are extra characters';
    return fail(
      'bad-length',
      `${subjectOf(label)} is too ${raw.length < expected ? 'short' : 'long'} for ${label} — ${hint}; copy it again`,
    );
  }
  const body = raw.subarray(0, raw.length - 2);
  const sum = ss58Checksum(body);
  if (sum[0] !== raw[raw.length - 2] || sum[1] !== raw[raw.length - 1])
    return fail('bad-checksum', 'checksum does not match — check for a typo');
  if (prefix.network !== network) {
    const other = NETWORKS[prefix.network];
    const what = other ? `a ${other.name} address` : `an address for SS58 network ${prefix.network}`;
    return fail(
      'wrong-network',
      `this is ${what}; ${label} ${want?.looks ?? `use network ${network}`} — copy the ${want?.name ?? ''} address from your wallet`.replace(
        '  ',
        ' ',
      ),
    );
  }
  return ok(id);
}
