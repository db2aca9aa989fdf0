import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { fail, ok, type Check } from '../result';
import { firstBadChar, subjectOf } from '../input';

/**
 * EIP-55 writes a hex letter in upper case when the matching nibble of keccak256(lowercase hex) is 8 or
 * more. Wanchain uses the same rule with the cases swapped, so one helper serves both.
 */
export type EvmChecksum = 'eip55' | 'wanchain';

export function toChecksumAddress(address: string, variant: EvmChecksum = 'eip55'): string {
  const hex = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex)));
  let out = '0x';
  for (let i = 0; i < hex.length; i++) {
    const c = hex[i] as string;
    const high = parseInt(hash[i] as string, 16) >= 8;
    out += high === (variant === 'eip55') ? c.toUpperCase() : c;
  }
  return out;
}

const HEX_CHAR = /^[0-9a-fA-F]$/;

/**
 * Validates a 20-byte `0x` address. All-lower and all-upper case carry no checksum and are accepted;
 * mixed case must match the checksum. The value is the checksummed form.
 */
export function checkEvmAddress(id: string, label: string, variant: EvmChecksum = 'eip55'): Check<string> {
  if (!/^0x/i.test(id)) return fail('wrong-prefix', `${label} start with 0x followed by 40 hexadecimal characters`);
  if (id.startsWith('0X')) return fail('wrong-prefix', `${label} start with a lower-case 0x — change "0X" to "0x"`);
  const bad = firstBadChar(id.slice(2), HEX_CHAR, 2);
  if (bad) return fail('bad-char', `character ${bad.position} (${bad.ch}) is not a hexadecimal digit (0-9, a-f) — check for a typo`);
  const digits = id.length - 2;
  if (digits !== 40) {
    const hint = digits < 40 ? 'characters are missing' : 'there are extra characters';
    return fail('bad-length', `${subjectOf(label)} has ${digits} characters after 0x, but ${label} have 40 — ${hint}; copy it again`);
  }
  const body = id.slice(2);
  const checksummed = toChecksumAddress(id, variant);
  if (body === body.toLowerCase() || body === body.toUpperCase() || checksummed === id) return ok(checksummed);
  if (variant === 'wanchain' && toChecksumAddress(id, 'eip55') === id) {
    return fail('wrong-checksum-variant', `this is written with Ethereum's checksum capitals; Wanchain swaps them — use ${checksummed}`);
  }
  return fail('bad-checksum', 'checksum does not match (the mix of capital and small letters is wrong) — check for a typo');
}
