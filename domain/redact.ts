/**
 * Secret-looking values in everything the app keeps or shows (the activity log, the bridge's and the
 * playground's logs, history, traffic, exports, error messages) become "[redacted]". Pure, so the bridge,
 * main and the renderer apply the same rules:
 *
 * - A key named like a secret: its words (split at camelCase, `_`, `-`, `.` and spaces, any case)
 *   contain secret, password, passwd, passphrase, mnemonic, seed, credential, authorization, cookie,
 *   "private key", "priv key", "api key" or "access key", or end in token (`apiToken`, `access_token`;
 *   not `tokenAddress`). Strings and numbers under it are
 *   redacted, also inside an array (`seed: [...]`); an object under it is judged by its own keys.
 * - A private key: 64 hex digits, optionally 0x, as the whole value or as a word inside text. Under a
 *   key naming a hash (`hash`, `txHash`, `blockHash`, `txid`) a whole 64-hex value is a public hash and
 *   is kept. 64 hex digits right after `/`, `:` or `.` are part of an identifier (`ibc/<hex>`,
 *   `0:<hex>`) and are kept; an Aptos or Sui address (0x + 64 hex) cannot be told from a key and is
 *   redacted.
 * - A recovery phrase: the whole value is 12, 15, 18, 21 or 24 lowercase words of 3 to 8 letters (the
 *   shape of BIP-39 English words), separated by white space. Inside text (an error message that echoes
 *   an argument), a run of 12 or more such words is redacted; ordinary prose rarely has 12 in a row, as
 *   its short words (a, of, to, is) and capitals break the run.
 * - A WIF private key (base58: 5 and 50 more characters, or K or L and 51 more) and an extended private
 *   key (xprv, yprv, zprv, tprv, uprv, vprv and their capital forms, with 100+ base58 characters), as
 *   the whole value or as a word inside text.
 * - In text, an argument echoed cut short: six or more phrase words, or a key-like word of 24+ letters
 *   and digits, right after a quote and ending at a closing quote or a cut mark (…).
 * - In text, the value after a credential header name (`Authorization: Bearer …`, `x-svc-secret-key=…`,
 *   `x-svc-credential`, `cookie`, `x-api-key`).
 *
 * Large results pass through here, so each text rule runs only after a cheap length or substring check.
 */

export const REDACTED = '[redacted]';

const SECRET_WORDS = new Set([
  'secret',
  'secrets',
  'password',
  'passwd',
  'passphrase',
  'mnemonic',
  'seed',
  'privkey',
  'privatekey',
  'apikey',
  'accesskey',
  'credential',
  'credentials',
  'authorization',
  'cookie',
]);
const PAIRS = new Set(['private key', 'priv key', 'api key', 'access key']);

/** The lowercase words of a key name: `privateKey`, `PRIVATE_KEY` and `private-key` all give private, key. */
function words(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const SECRET = 1;
const HASH = 2;
// Keys repeat across a large result (every row has the same ones): classify each name once.
const nameKinds = new Map<string, number>();

function kindOf(key: string): number {
  let kind = nameKinds.get(key);
  if (kind === undefined) {
    const w = words(key);
    const secret = w.at(-1) === 'token' || w.some((word, i) => SECRET_WORDS.has(word) || PAIRS.has(`${word} ${w[i + 1]}`));
    const hash = w.some((word, i) => word === 'hash' || word === 'hashes' || word === 'txid' || (word === 'tx' && w[i + 1] === 'id'));
    kind = (secret ? SECRET : 0) | (hash ? HASH : 0);
    if (nameKinds.size >= 4096) nameKinds.clear();
    nameKinds.set(key, kind);
  }
  return kind;
}

/** Whether a key's values are secrets by its name. */
export function isSecretName(key: string): boolean {
  return (kindOf(key) & SECRET) !== 0;
}

/** Whether a key names a hash, whose 64-hex value is public. */
export function isHashName(key: string): boolean {
  return (kindOf(key) & HASH) !== 0;
}

const HEX64 = /^(?:0x)?[0-9a-f]{64}$/i;
// A word of 64 hex digits inside text; not part of a longer word or of an identifier like ibc/<hex>.
const HEX64_IN_TEXT = /(?<![\w/:.-])(?:0x)?[0-9a-f]{64}(?!\w)/i;
const HEX64_IN_TEXT_ALL = new RegExp(HEX64_IN_TEXT.source, 'gi');
/** Deeper than this, a value is not inspected but hidden whole (a hostile gateway could nest without end). */
const MAX_DEPTH = 200;
const PHRASE_LENGTHS = new Set([12, 15, 18, 21, 24]);
const PHRASE_WORD = /^[a-z]{3,8}$/;

const isHex64 = (value: string) => (value.length === 64 || value.length === 66) && HEX64.test(value);

// A run of 12 or more phrase-shaped words inside text (the whole-value rule needs an exact count).
const PHRASE_IN_TEXT = /(?<![A-Za-z0-9'-])(?:[a-z]{3,8}[ \t\n]){11,}[a-z]{3,8}(?![A-Za-z0-9'-])/;
const PHRASE_IN_TEXT_ALL = new RegExp(PHRASE_IN_TEXT.source, 'g');
// An argument echoed cut short in a message: `"abandon abandon … abandon "` or `"abandon abandon …`. Six
// or more phrase words right after a quote, ending at a closing quote or a cut mark, are part of a
// phrase (12 in a row are needed elsewhere); a long key-like word cut off with "…" likewise.
const CUT_PHRASE = /(["'`\u201c\u2018])\s*(?:[a-z]{3,8}\s+){5,}[a-z]{3,8}\s*(?=["'`\u201d\u2019]|\u2026|\.\.\.)/g;
const CUT_KEY = /(["'`\u201c\u2018])(?:0x)?[0-9A-Za-z]{24,}(?=\s*(?:\u2026|\.\.\.))/g;
const HAS_QUOTE = /["'`\u201c\u2018]/;
// The same inside JSON text, where the inner quotes are escaped (`\"abandon … \"`).
const CUT_IN_JSON = /\\["'`]\s*(?:(?:[a-z]{3,8}\s+){5,}[a-z]{3,8}|(?:0x)?[0-9A-Za-z]{24,})\s*(?:\\["'`]|\u2026|\.\.\.)/;
// WIF (5 + 50, K/L + 51) and extended private keys, not part of a longer base58 word.
const B58 = '1-9A-HJ-NP-Za-km-z';
const BASE58_KEY_IN_TEXT = new RegExp(`(?<![${B58}])(?:5[${B58}]{50}|[KL][${B58}]{51}|[xyztuvXYZTUV]prv[${B58}]{100,112})(?![${B58}])`);
const BASE58_KEY_IN_TEXT_ALL = new RegExp(BASE58_KEY_IN_TEXT.source, 'g');
// A credential header's value in logged text: `authorization: Bearer abc`, `"x-svc-secret-key":"abc"`.
const CREDENTIAL_HEADER =
  /\b(authorization|proxy-authorization|x-svc-secret-key|x-svc-credential|x-tw-secret-key|x-tw-credential|x-api-key|cookie|set-cookie)(["']?\s*[:=]\s*["']?)(?:(?:bearer|basic|token|digest|svc1-hmac-sha256)\s+)?[^\s"',}]+/i;
const CREDENTIAL_HEADER_ALL = new RegExp(CREDENTIAL_HEADER.source, 'gi');
const HEADER_HINT = /authoriz|x-svc-|x-tw-|x-api-key|cookie/i;

export function looksLikeRecoveryPhrase(value: string): boolean {
  // 12 words of 3 letters at least; 24 of 8 at most (with some room for white space).
  if (value.length < 47 || value.length > 24 * 9 + 64 || !value.includes(' ')) return false;
  const parts = value.trim().split(/\s+/);
  return PHRASE_LENGTHS.has(parts.length) && parts.every((p) => PHRASE_WORD.test(p));
}

// Cheap checks before parsing JSON held in a string (a tool result's text is the result as JSON).
const SECRET_NAME_IN_JSON =
  /"[\w .-]*(?:secret|passw|passphrase|mnemonic|seed|priv|api_?key|access_?key|token|credential|authoriz|cookie)[\w .-]*"\s*:/i;

function redactJsonText(text: string, depth: number): string | undefined {
  if (
    !SECRET_NAME_IN_JSON.test(text) &&
    !HEX64_IN_TEXT.test(text) &&
    !PHRASE_IN_TEXT.test(text) &&
    !BASE58_KEY_IN_TEXT.test(text) &&
    !HEADER_HINT.test(text) &&
    !CUT_IN_JSON.test(text)
  )
    return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const redacted = walk(parsed, undefined, depth);
  return redacted === parsed ? text : JSON.stringify(redacted);
}

function redactString(value: string, key: string | undefined, depth: number): string {
  if (value === '' || value === REDACTED) return value;
  if (key !== undefined && isSecretName(key)) return REDACTED;
  if (looksLikeRecoveryPhrase(value)) return REDACTED;
  if (isHex64(value)) return key !== undefined && isHashName(key) ? value : REDACTED;
  const first = value.trimStart()[0];
  if (first === '{' || first === '[') {
    const json = redactJsonText(value, depth + 1);
    if (json !== undefined) return json;
  }
  return redactText(value);
}

function walk(value: unknown, key: string | undefined, depth: number): unknown {
  if (depth > MAX_DEPTH) return REDACTED;
  if (typeof value === 'string') return redactString(value, key, depth);
  if (typeof value === 'number' || typeof value === 'bigint') return key !== undefined && isSecretName(key) ? REDACTED : value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((item, i) => {
      const r = walk(item, key, depth + 1);
      if (r !== item) (out ??= [...(value as unknown[])])[i] = r;
    });
    return out ?? value;
  }
  if (value !== null && typeof value === 'object') {
    let out: Record<string, unknown> | undefined;
    const record = value as Record<string, unknown>;
    for (const k in record) {
      if (!Object.hasOwn(record, k)) continue;
      const v = record[k];
      const r = walk(v, k, depth + 1);
      // defineProperty, not assignment: a "__proto__" key from JSON.parse is an own property to replace.
      if (r !== v) Object.defineProperty((out ??= { ...record }), k, { value: r, enumerable: true, writable: true, configurable: true });
    }
    return out ?? value;
  }
  return value;
}

/**
 * A JSON value with every secret-looking value replaced by "[redacted]". Returns the same object
 * when nothing was redacted, so callers can tell cheaply; otherwise a copy (the input is not changed).
 */
export function redactSecrets<T>(value: T): T {
  return walk(value, undefined, 0) as T;
}

/** Whether text has at least `n` of `char` (a cheap check before the phrase patterns, which need separators). */
function hasCount(text: string, char: string, n: number): boolean {
  let at = -1;
  for (let i = 0; i < n; i++) if ((at = text.indexOf(char, at + 1)) < 0) return false;
  return true;
}

const hasSeparators = (text: string, n: number) => hasCount(text, ' ', n) || hasCount(text, '\n', n) || hasCount(text, '\t', n);
// A cut echo has five separators (six phrase words) or a cut mark.
const hasSpacesOrCut = (text: string) => hasSeparators(text, 5) || text.includes('\u2026') || text.includes('...');

/**
 * Free text with secret-looking words replaced: 64-hex private keys, runs of 12+ phrase words, WIF and
 * extended private keys, credential header values. (Key names need structure: see redactSecrets.)
 */
export function redactText(text: string): string {
  let out = text;
  if (out.length >= 47) {
    if (out.length >= 64 && HEX64_IN_TEXT.test(out)) out = out.replace(HEX64_IN_TEXT_ALL, REDACTED);
    if (hasSeparators(out, 11) && PHRASE_IN_TEXT.test(out)) out = out.replace(PHRASE_IN_TEXT_ALL, REDACTED);
    if (out.length >= 51 && BASE58_KEY_IN_TEXT.test(out)) out = out.replace(BASE58_KEY_IN_TEXT_ALL, REDACTED);
  }
  if (out.length >= 26 && HAS_QUOTE.test(out) && hasSpacesOrCut(out))
    out = out.replace(CUT_PHRASE, `$1${REDACTED}`).replace(CUT_KEY, `$1${REDACTED}`);
  if (out.length >= 8 && (out.includes(':') || out.includes('=')) && HEADER_HINT.test(out))
    out = out.replace(CREDENTIAL_HEADER_ALL, `$1$2${REDACTED}`);
  return out;
}

/**
 * One JSON-RPC message as text, redacted. `parsed` is the same message already parsed (the text is
 * kept byte for byte when nothing needs redacting); text that is not JSON gets the free-text rule.
 */
export function redactJsonLine(line: string, parsed?: unknown): string {
  if (parsed === undefined) {
    try {
      parsed = JSON.parse(line);
    } catch {
      return redactText(line);
    }
  }
  const redacted = redactSecrets(parsed);
  return redacted === parsed ? line : JSON.stringify(redacted);
}
