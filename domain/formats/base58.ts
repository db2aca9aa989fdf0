import { base58, base58xrp, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { fail, ok, type Check } from '../result';
import { firstBadChar, subjectOf } from '../input';

export const base58check = createBase58check(sha256);

const BASE58_CHAR = /^[1-9A-HJ-NP-Za-km-z]$/;

/** Rejects characters outside the base58 alphabet, naming the usual confusions (0/O, I/l). */
export function checkBase58Chars(id: string, label: string): Check<string> {
  const bad = firstBadChar(id, BASE58_CHAR);
  if (!bad) return ok(id);
  return fail(
    'bad-char',
    `character ${bad.position} (${bad.ch}) never appears in ${label} (they never contain 0, O, I or l) — check for a typo`,
  );
}

/** Decodes base58 text to bytes; the caller has already checked the alphabet. */
export function decodeBase58(id: string, alphabet: 'bitcoin' | 'xrp' = 'bitcoin'): Uint8Array | undefined {
  try {
    return alphabet === 'xrp' ? base58xrp.decode(id) : base58.decode(id);
  } catch {
    return undefined;
  }
}

export interface VersionedPayload {
  readonly version: readonly number[];
  readonly payloadLength: number;
}

export interface Base58CheckSpec<V extends VersionedPayload> {
  readonly label: string;
  readonly versions: readonly V[];
  /** Said when the version does not match, e.g. "Tezos ids start with tz1, tz2 or tz3". */
  readonly wrongVersion: string;
  readonly alphabet?: 'bitcoin' | 'xrp';
}

/**
 * Decodes a base58check id (version bytes + payload + 4-byte double-SHA-256 checksum) and returns the
 * matching version entry. Length is checked before the checksum so that a missing character is reported
 * as such rather than as a typo.
 */
export function decodeBase58Check<V extends VersionedPayload>(id: string, spec: Base58CheckSpec<V>): Check<V> {
  const chars = checkBase58Chars(id, spec.label);
  if (!chars.ok) return chars;
  const raw = decodeBase58(id, spec.alphabet);
  if (!raw) return fail('bad-char', `${subjectOf(spec.label)} is not valid base58 — check for a typo`);
  const sizes = [...new Set(spec.versions.map((v) => v.version.length + v.payloadLength + 4))];
  if (!sizes.includes(raw.length)) {
    const hint = raw.length < Math.min(...sizes) ? 'a character is missing' : 'there are extra characters';
    return fail(
      'bad-length',
      `${subjectOf(spec.label)} is too ${raw.length < Math.min(...sizes) ? 'short' : 'long'} for ${spec.label} — ${hint}; copy it again`,
    );
  }
  let payload: Uint8Array;
  try {
    // The audited codec verifies the checksum; it only understands the Bitcoin alphabet.
    payload = base58check.decode(spec.alphabet === 'xrp' ? base58.encode(raw) : id);
  } catch {
    return fail('bad-checksum', 'checksum does not match — check for a typo');
  }
  const match = spec.versions.find(
    (v) => payload.length === v.version.length + v.payloadLength && v.version.every((b, i) => payload[i] === b),
  );
  return match ? ok(match) : fail('wrong-prefix', spec.wrongVersion);
}
