import { bech32, bech32m } from '@scure/base';
import { fail, ok, type Check } from '../result';
import { firstBadChar, subjectOf } from '../input';

/** What a bech32 (BIP-173) or bech32m (BIP-350) id must look like for one use. */
export interface Bech32Spec {
  /** Human-readable part, e.g. "cosmosvaloper". */
  readonly prefix: string;
  /** Accepted payload sizes in bytes, e.g. [20] for Cosmos operator addresses. */
  readonly byteLengths: readonly number[];
  /** e.g. "Umee validator ids"; used in messages. */
  readonly label: string;
  /** Explains a foreign prefix better than "this is a X address", e.g. a wallet address given for a validator. */
  readonly explainPrefix?: (prefix: string) => string | undefined;
}

const CHARSET = /^[02-9ac-hj-np-z]$/;
const MAX_LENGTH = 120; // BIP-173 caps addresses at 90; Cardano and MultiversX ids stay well below this.

/** Number of bech32 characters (5 bits each) needed for a byte payload, checksum excluded. */
export const bech32DataChars = (bytes: number): number => Math.ceil((bytes * 8) / 5);

/**
 * Validates a bech32 id: case, separator, prefix, alphabet, length, checksum and payload size,
 * in the order that gives the most useful message. The value is the id in lower case.
 */
export function checkBech32Id(id: string, spec: Bech32Spec): Check<string> {
  const { prefix, label } = spec;
  const subject = subjectOf(label);
  const lower = id.toLowerCase();
  if (id !== lower && id !== id.toUpperCase()) {
    return fail(
      'mixed-case',
      `${subject} mixes capital and small letters; ${label} are written in small letters (${prefix}1…) — retype it in lower case`,
    );
  }
  const sep = lower.lastIndexOf('1');
  if (sep < 1 || !/^[a-z]/.test(lower)) return fail('wrong-prefix', `${label} start with ${prefix}1`);
  const hrp = lower.slice(0, sep);
  if (hrp !== prefix) {
    const why =
      spec.explainPrefix?.(hrp) ?? (isPlausiblePrefix(hrp) ? `this is ${/^[aeiou]/.test(hrp) ? 'an' : 'a'} ${hrp} address; ` : '');
    return fail('wrong-prefix', `${why}${label} start with ${prefix}1`);
  }
  const data = lower.slice(sep + 1);
  const bad = firstBadChar(data, CHARSET, sep + 1);
  if (bad) {
    return fail(
      'bad-char',
      `character ${bad.position} (${bad.ch}) cannot appear after "${prefix}1" (bech32 ids never contain 1, b, i or o there) — check for a typo`,
    );
  }
  const expected = spec.byteLengths.map((n) => bech32DataChars(n) + 6);
  if (!expected.includes(data.length)) {
    const want = expected.map((n) => prefix.length + 1 + n).join(' or ');
    const hint = data.length < Math.min(...expected) ? 'a character is missing' : 'there are extra characters';
    return fail('bad-length', `${subject} is ${id.length} characters long, but ${label} have ${want} — ${hint}; copy it again`);
  }
  const decoded = bech32.decodeUnsafe(lower, MAX_LENGTH);
  if (!decoded) {
    if (bech32m.decodeUnsafe(lower, MAX_LENGTH)) {
      return fail(
        'wrong-checksum-variant',
        `${subject} uses the newer bech32m checksum, but ${label} use bech32 — it belongs to another chain or format`,
      );
    }
    return fail('bad-checksum', 'checksum does not match — check for a typo');
  }
  const bytes = bech32.fromWordsUnsafe(decoded.words);
  if (!bytes || !spec.byteLengths.includes(bytes.length)) {
    return fail('bad-length', `${subject} does not hold a ${spec.byteLengths.join(' or ')}-byte key as ${label} do — copy it again`);
  }
  return ok(lower);
}

/** Only name a foreign prefix when it looks like one, not when the input is arbitrary text. */
function isPlausiblePrefix(hrp: string): boolean {
  return /^[a-z]{2,20}$/.test(hrp);
}
