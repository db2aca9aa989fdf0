/** TON account addresses: raw "workchain:hex" and the 48-character user-friendly form with a CRC-16 checksum. */
import { base64, base64url } from '@scure/base';
import { concatBytes } from '@noble/hashes/utils.js';
import { fail, ok, type Check } from '../result';
import { firstBadChar } from '../input';

const TAG_BOUNCEABLE = 0x11;
const TAG_NON_BOUNCEABLE = 0x51;
const TAG_TESTNET = 0x80;

/**
 * CRC-16/XMODEM (polynomial 0x1021, initial value 0), the checksum of TON user-friendly addresses.
 * Neither @scure/base nor @noble/hashes provides a CRC, and the `crc` package's typings pull Node types
 * into the renderer build, so this bit-by-bit form is written from the definition; it is pinned by the
 * standard check value (crc("123456789") = 0x31C3) and real TON addresses in the tests.
 */
export function crc16xmodem(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** Encodes a user-friendly bounceable mainnet address (URL-safe base64). */
export function encodeTonAddress(workchain: 0 | -1, hash: Uint8Array, bounceable = true): string {
  const body = concatBytes(Uint8Array.of(bounceable ? TAG_BOUNCEABLE : TAG_NON_BOUNCEABLE, workchain & 0xff), hash);
  const crc = crc16xmodem(body);
  return base64url.encode(concatBytes(body, Uint8Array.of(crc >> 8, crc & 0xff)));
}

const B64_CHAR = /^[A-Za-z0-9_+/=-]$/;

export function checkTonAddress(address: string, label: string): Check<string> {
  const raw = /^(-1|0):([0-9a-fA-F]*)$/.exec(address);
  if (raw) {
    const hex = raw[2] ?? '';
    if (hex.length !== 64)
      return fail(
        'bad-length',
        `the address has ${hex.length} hexadecimal characters after "${raw[1]}:", but raw ${label} have 64 — copy it again`,
      );
    return ok(`${raw[1]}:${hex.toLowerCase()}`);
  }
  if (/^-?\d+:/.test(address)) return fail('bad-format', `raw ${label} are 0: or -1: followed by 64 hexadecimal characters`);
  const bad = firstBadChar(address, B64_CHAR);
  if (bad) return fail('bad-char', `character ${bad.position} (${bad.ch}) cannot appear in ${label} — check for a typo`);
  if (address.length !== 48) {
    return fail(
      'bad-length',
      `the address is ${address.length} characters long, but ${label} have 48 (or are written 0:<64 hex>) — ${address.length < 48 ? 'characters are missing' : 'there are extra characters'}`,
    );
  }
  let bytes: Uint8Array;
  try {
    bytes = /[-_]/.test(address) ? base64url.decode(address) : base64.decode(address);
  } catch {
    return fail('bad-format', `the address is not valid base64 — copy it again`);
  }
  const crc = crc16xmodem(bytes.subarray(0, 34));
  if (bytes[34] !== crc >> 8 || bytes[35] !== (crc & 0xff)) return fail('bad-checksum', 'checksum does not match — check for a typo');
  const tag = bytes[0] ?? 0;
  if (tag & TAG_TESTNET) return fail('wrong-network', `this is a testnet address; use your mainnet address`);
  if (tag !== TAG_BOUNCEABLE && tag !== TAG_NON_BOUNCEABLE)
    return fail('bad-format', `the address has unknown flags — it is not one of the ${label}`);
  if (bytes[1] !== 0x00 && bytes[1] !== 0xff)
    return fail('bad-format', `the address names an unknown workchain; ${label} are on workchain 0 or -1`);
  return ok(address);
}
