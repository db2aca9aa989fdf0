/**
 * Secret-looking values in what the playground stores or shows (history, traffic, exports) become
 * "[redacted]". Pure, so main and the renderer apply the same rules:
 *
 * - A key named like a secret: its words (split at camelCase, `_`, `-`, `.` and spaces, any case)
 *   contain secret, password, passwd, passphrase, mnemonic, seed, "private key", "priv key" or "api key",
 *   or end in token (`apiToken`, `access_token`; not `tokenAddress`). Strings and numbers under it are
 *   redacted, also inside an array (`seed: [...]`); an object under it is judged by its own keys.
 * - A private key: 64 hex digits, optionally 0x, as the whole value or as a word inside text. Under a
 *   key naming a hash (`hash`, `txHash`, `blockHash`, `txid`) a whole 64-hex value is a public hash and
 *   is kept. 64 hex digits right after `/`, `:` or `.` are part of an identifier (`ibc/<hex>`,
 *   `0:<hex>`) and are kept; an Aptos or Sui address (0x + 64 hex) cannot be told from a key and is
 *   redacted.
 * - A recovery phrase: the whole value is 12, 15, 18, 21 or 24 lowercase words of 3 to 8 letters (the
 *   shape of BIP-39 English words), separated by white space.
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
]);
const PAIRS = new Set(['private key', 'priv key', 'api key']);

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

export function looksLikeRecoveryPhrase(value: string): boolean {
  // 12 words of 3 letters at least; 24 of 8 at most (with some room for white space).
  if (value.length < 47 || value.length > 24 * 9 + 64 || !value.includes(' ')) return false;
  const parts = value.trim().split(/\s+/);
  return PHRASE_LENGTHS.has(parts.length) && parts.every((p) => PHRASE_WORD.test(p));
}

// Cheap checks before parsing JSON held in a string (a tool result's text is the result as JSON).
const SECRET_NAME_IN_JSON = /"[\w .-]*(?:secret|passw|passphrase|mnemonic|seed|priv|api_?key|token)[\w .-]*"\s*:/i;
const PHRASE_IN_JSON = /"\s*(?:[a-z]{3,8}\s+){11,23}[a-z]{3,8}\s*"/;

function redactJsonText(text: string, depth: number): string | undefined {
  if (!SECRET_NAME_IN_JSON.test(text) && !PHRASE_IN_JSON.test(text) && !HEX64_IN_TEXT.test(text)) return text;
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

/** Free text with private-key-like words replaced (key names and phrases need structure or a whole value). */
export function redactText(text: string): string {
  return text.length >= 64 && HEX64_IN_TEXT.test(text) ? text.replace(HEX64_IN_TEXT_ALL, REDACTED) : text;
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
