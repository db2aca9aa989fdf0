/**
 * `{{name}}` in an item's arguments. A string that is exactly one reference takes the variable's value
 * with its type (a number stays a number, an object an object); a reference inside longer text is
 * replaced by the value as text (JSON for anything but a string). Values come from, last winning: the
 * collection's `variables`, the environment file (`--env`), and what earlier items `extract`ed.
 */

const REFERENCE = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]{0,63})\s*\}\}/g;
const WHOLE = /^\{\{\s*([A-Za-z_][A-Za-z0-9_.-]{0,63})\s*\}\}$/;

export interface Substituted {
  readonly value: unknown;
  /** The names referenced that have no value, each once, in order of appearance. */
  readonly missing: readonly string[];
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** `value` with every reference replaced from `scope`; references with no value are left as written and listed. */
export function substitute(value: unknown, scope: ReadonlyMap<string, unknown>): Substituted {
  const missing = new Set<string>();
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const whole = WHOLE.exec(v);
      if (whole) {
        const name = whole[1] as string;
        if (scope.has(name)) return scope.get(name);
        missing.add(name);
        return v;
      }
      if (!v.includes('{{')) return v;
      return v.replace(REFERENCE, (text, name: string) => {
        if (scope.has(name)) return asText(scope.get(name));
        missing.add(name);
        return text;
      });
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, child] of Object.entries(v))
        Object.defineProperty(out, k, { value: walk(child), enumerable: true, writable: true, configurable: true });
      return out;
    }
    return v;
  };
  const result = walk(value);
  return { value: result, missing: [...missing] };
}
