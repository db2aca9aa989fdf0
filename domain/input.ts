import { fail, ok, type Check } from './result';

/** No id or address of any chain we know is longer than this; anything longer was pasted by mistake. */
export const MAX_ID_LENGTH = 200;

// Characters people paste by accident that look like plain Latin ones (Cyrillic, Greek, Armenian).
const LOOKALIKES: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'B',
  е: 'e',
  к: 'k',
  м: 'M',
  н: 'H',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 'T',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  І: 'I',
  Ј: 'J',
  Ѕ: 'S',
  α: 'a',
  ο: 'o',
  ν: 'v',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  ϲ: 'c',
  ι: 'i',
  κ: 'k',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  օ: 'o',
  ո: 'n',
  ս: 'u',
  ց: 'g',
  հ: 'h',
};

const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/u;
const SPACE = /\s/u;
/** Whitespace that shows as space; the invisible ones (e.g. U+FEFF, which \s also matches) get their own message. */
const isSpace = (ch: string): boolean => SPACE.test(ch) && !INVISIBLE.test(ch);

/** Quotes a character for a message, escaping the invisible and control ones. */
export function showChar(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  return cp < 0x20 || cp === 0x7f || INVISIBLE.test(ch) || SPACE.test(ch)
    ? `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`
    : `"${ch}"`;
}

function describeNonAscii(ch: string, position: number): string {
  const latin = LOOKALIKES[ch] ?? fullwidthToAscii(ch);
  if (latin !== undefined) {
    return `character ${position} (${showChar(ch)}) looks like the Latin "${latin}" but is a different letter from another alphabet — retype it on an English keyboard`;
  }
  return `character ${position} (${showChar(ch)}) is not a plain letter or digit — ids use only unaccented Latin letters and digits; retype it`;
}

function fullwidthToAscii(ch: string): string | undefined {
  const cp = ch.codePointAt(0) ?? 0;
  return cp >= 0xff01 && cp <= 0xff5e ? String.fromCharCode(cp - 0xfee0) : undefined;
}

/**
 * First gate for every id, address and asset id: rejects what is not a plain, single-token ASCII string,
 * with a message that says where the problem is. `what` names the thing, e.g. "the id".
 */
export function checkPlainText(input: unknown, what = 'the id'): Check<string> {
  if (typeof input !== 'string') return fail('not-text', `${what} must be text`);
  if (input.length === 0) return fail('empty', `${what} is empty — paste or type it`);
  if (input.length > MAX_ID_LENGTH) {
    return fail('too-long', `${what} is ${input.length} characters long, far longer than any id — check that you pasted only the id`);
  }
  if (input.trim().length === 0) return fail('empty', `${what} contains only spaces — paste or type it`);
  if (isSpace(input[0] ?? '') || isSpace(input.at(-1) ?? '')) {
    return fail('whitespace', `${what} has a space or line break at the start or end — remove it`);
  }
  let position = 0;
  for (const ch of input) {
    position += 1;
    if (isSpace(ch)) return fail('whitespace', `${what} contains a space at character ${position} — remove it`);
    if (INVISIBLE.test(ch)) {
      return fail(
        'invisible-char',
        `${what} contains an invisible character (${showChar(ch)}) at character ${position} — delete the id and type or paste it again`,
      );
    }
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x20 || cp === 0x7f)
      return fail('control-char', `${what} contains a control character (${showChar(ch)}) at character ${position} — retype it`);
    if (cp > 0x7e) return fail('non-ascii', `${what}: ${describeNonAscii(ch, position)}`);
  }
  return ok(input);
}

/** "an" or "a" for a word, enough for prefixes and chain names in messages. */
export function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** The first character of `text` outside `allowed`, with its 1-based position. */
export function firstBadChar(text: string, allowed: RegExp, offset = 0): { ch: string; position: number } | undefined {
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (!allowed.test(ch)) return { ch, position: i + 1 + offset };
  }
  return undefined;
}

/** "the address" or "the id", from a label such as "Bitcoin addresses" or "Tezos ids", to start messages. */
export function subjectOf(label: string): string {
  if (/addresses$/.test(label)) return 'the address';
  if (/(contracts?|mints?|types?)$/.test(label)) return 'the contract';
  return 'the id';
}
