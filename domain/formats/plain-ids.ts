/** Formats without a checksum: raw keys and hex ids. Only shape and length can be checked. */
import { fail, ok, type Check } from '../result';
import { firstBadChar, subjectOf } from '../input';
import { checkBase58Chars, decodeBase58 } from './base58';

/** A base58 32-byte public key (Solana accounts, mints and vote accounts). Case-sensitive. */
export function checkBase58Key(id: string, label: string): Check<string> {
  const chars = checkBase58Chars(id, label);
  if (!chars.ok) return chars;
  const raw = decodeBase58(id);
  if (!raw || raw.length !== 32) {
    const short = (raw?.length ?? 0) < 32;
    return fail(
      'bad-length',
      `${subjectOf(label)} is too ${short ? 'short' : 'long'} for ${label} (32-byte keys, 43 or 44 characters) — ${short ? 'a character is missing' : 'there are extra characters'}; copy it again`,
    );
  }
  return ok(id);
}

export interface HexIdSpec {
  /** Literal text before the hex digits, e.g. "0x" or "loom". */
  readonly prefix: string;
  readonly digits: number;
  readonly label: string;
  /** Required first byte(s) in hex, e.g. compressed public keys start with 02 or 03. */
  readonly leading?: readonly string[];
}

const HEX_CHAR = /^[0-9a-fA-F]$/;

/** A fixed-length hex id. Case carries no meaning here, so the value is lower case. */
export function checkHexId(id: string, spec: HexIdSpec): Check<string> {
  const { prefix, digits, label } = spec;
  const shape = `${prefix ? `${prefix} followed by ` : ''}${digits} hexadecimal characters`;
  if (!id.toLowerCase().startsWith(prefix)) return fail('wrong-prefix', `${label} are ${shape}`);
  const body = id.slice(prefix.length);
  const bad = firstBadChar(body, HEX_CHAR, prefix.length);
  if (bad) return fail('bad-char', `character ${bad.position} (${bad.ch}) is not a hexadecimal digit (0-9, a-f) — check for a typo`);
  if (body.length !== digits) {
    const hint = body.length < digits ? 'characters are missing' : 'there are extra characters';
    return fail(
      'bad-length',
      `${subjectOf(label)} has ${body.length} hexadecimal characters${prefix ? ` after ${prefix}` : ''}, but ${label} have ${digits} — ${hint}; copy it again`,
    );
  }
  const value = `${prefix}${body.toLowerCase()}`;
  if (spec.leading && !spec.leading.some((l) => body.toLowerCase().startsWith(l))) {
    return fail('wrong-prefix', `${label} start with ${prefix}${spec.leading.join(' or ')}`);
  }
  return ok(value);
}
