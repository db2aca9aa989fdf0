/** Deep equality and differences of JSON values, for assertions, snapshots and the era comparison. */
import { pointerOf, pointerTokens } from './json-pointer';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export function jsonEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEquals(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a).filter((k) => a[k] !== undefined);
    return (
      keys.length === Object.keys(b).filter((k) => b[k] !== undefined).length &&
      keys.every((k) => Object.hasOwn(b, k) && jsonEquals(a[k], b[k]))
    );
  }
  return false;
}

/** Whether `whole` has `part` in it: objects as a subset of keys (recursively), anything else by equality. */
export function jsonContains(whole: unknown, part: unknown): boolean {
  if (isObject(whole) && isObject(part))
    return Object.entries(part).every(([k, v]) => Object.hasOwn(whole, k) && jsonContains(whole[k], v));
  return jsonEquals(whole, part);
}

export interface Difference {
  readonly pointer: string;
  readonly expected: unknown;
  readonly actual: unknown;
}

/**
 * Where `actual` differs from `expected`, skipping the `ignore` pointers (relative to the values compared)
 * and everything under them. At most `limit` differences, in document order.
 */
export function jsonDifferences(expected: unknown, actual: unknown, ignore: readonly string[] = [], limit = 10): Difference[] {
  const ignored = new Set(ignore.map((p) => pointerOf(pointerTokens(p))));
  const out: Difference[] = [];
  const walk = (e: unknown, a: unknown, path: string[]) => {
    if (out.length >= limit) return;
    const here = pointerOf(path);
    if (ignored.has(here)) return;
    if (Array.isArray(e) && Array.isArray(a)) {
      for (let i = 0; i < Math.max(e.length, a.length); i++) {
        if (i >= e.length || i >= a.length) out.push({ pointer: pointerOf([...path, i]), expected: e[i], actual: a[i] });
        else walk(e[i], a[i], [...path, String(i)]);
        if (out.length >= limit) return;
      }
      return;
    }
    if (isObject(e) && isObject(a)) {
      const keys = [...new Set([...Object.keys(e), ...Object.keys(a)])];
      for (const k of keys) {
        if (ignored.has(pointerOf([...path, k]))) continue;
        if (!Object.hasOwn(e, k) || !Object.hasOwn(a, k)) out.push({ pointer: pointerOf([...path, k]), expected: e[k], actual: a[k] });
        else walk(e[k], a[k], [...path, k]);
        if (out.length >= limit) return;
      }
      return;
    }
    if (!jsonEquals(e, a)) out.push({ pointer: here, expected: e, actual: a });
  };
  walk(expected, actual, []);
  return out;
}

/** A value as short JSON for a message: at most `max` characters, cut with "…". */
export function shortJson(value: unknown, max = 160): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
