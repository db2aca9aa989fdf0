/**
 * Which parts of a saved response a snapshot should skip: values the gateway makes anew for every call
 * (UUID ids of quotes and steps, timestamps, expiry dates) and market figures that move with time (prices,
 * their changes, volumes, market caps, fees in USD, a quote's amounts out). A snapshot that kept them would fail on the next run
 * for no fault of the gateway. The operator's own `--ignore` patterns are expanded here too: `*` stands
 * for any one key or array index (a `*` token between
 * `docs` and `price` skips every result's price).
 */
import { pointerOf, pointerTokens } from './json-pointer';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An ISO 8601 date-time (a date alone is not per-call: it is a listing date or a birthday). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
/** Keys of figures that move with the market clock, in the gateway's contracts (snake and camel case). */
const MARKET_KEY = /^(price|market_?cap|volume_?24h|change_?24h|percent_change_\w+|price_?impact|\w*_usd|\w*Usd)$/i;
/** What a swap quote gives for the amount in moves with the prices: its amounts out (the amount in stays). */
const AMOUNT_OUT_KEY = /^(minAmountOut|amountOut)$/;
const AMOUNT_OUT_PARENT = /^(to|outcome)$/;
/** Keys of timestamps whatever their form (epoch numbers too). */
const TIME_KEY = /^(timestamp|\w*_at|\w+At|expiration\w*|expires\w*|\w*Date|\w*_time)$/;

/** The most pointers one snapshot skips (the collection format's bound on "ignore"). */
export const MAX_IGNORED = 200;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

/** Whether a value under `key` (in `parent`) changes from one call to the next (see the module comment). */
function isVolatile(key: string, value: unknown, parent: string): boolean {
  if (typeof value === 'string' && (UUID.test(value) || DATE_TIME.test(value))) return true;
  if (AMOUNT_OUT_KEY.test(key) || (key === 'amount' && AMOUNT_OUT_PARENT.test(parent))) return true;
  if (typeof value === 'number' && MARKET_KEY.test(key)) return true;
  if ((typeof value === 'number' || typeof value === 'string') && TIME_KEY.test(key)) return true;
  return false;
}

/** Pointers (into `document`) of every value that changes from call to call, in document order. */
export function volatilePointers(document: unknown, limit = MAX_IGNORED * 10): string[] {
  const out: string[] = [];
  const walk = (value: unknown, path: (string | number)[]): void => {
    if (out.length >= limit || !isObject(value)) return;
    const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    for (const [key, child] of entries) {
      if (isVolatile(String(key), child, String(path[path.length - 1] ?? ''))) out.push(pointerOf([...path, key]));
      else walk(child, [...path, key]);
    }
  };
  walk(document, []);
  return out;
}

/**
 * The pointers of `document` that a pattern names: a plain pointer names itself (present or not, as the
 * operator wrote it); one with `*` tokens names each existing path it matches.
 */
export function expandPattern(pattern: string, document: unknown): string[] {
  const tokens = pointerTokens(pattern);
  if (!tokens.includes('*')) return [pattern];
  const out: string[] = [];
  const walk = (value: unknown, at: number, path: (string | number)[]): void => {
    if (out.length >= MAX_IGNORED * 10) return;
    if (at === tokens.length) {
      out.push(pointerOf(path));
      return;
    }
    if (!isObject(value)) return;
    const token = tokens[at] as string;
    const keys: Array<string | number> =
      token === '*' ? (Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value)) : Object.hasOwn(value, token) ? [token] : [];
    for (const key of keys) walk(value[key], at + 1, [...path, key]);
  };
  walk(document, 0, []);
  return out;
}
