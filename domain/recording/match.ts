/**
 * Finding the recorded answer to a call: same tool, same arguments as canonical JSON (key order does not
 * matter). A call with no recorded answer gets the nearest recorded call named: the same tool with the
 * fewest differing argument values.
 */
import type { RecordedCall } from './calls';

/** JSON with object keys sorted at every level, so `{a,b}` and `{b,a}` compare equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value, 0));
}

function sortKeys(value: unknown, depth: number): unknown {
  if (depth > 200 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => sortKeys(v, depth + 1));
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record).sort()) {
    // defineProperty: a "__proto__" key from JSON.parse stays an own property.
    Object.defineProperty(out, key, { value: sortKeys(record[key], depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Each leaf of a JSON value by its path (`assets[0]`, `amount.value`), as canonical JSON. */
function leaves(value: unknown, path: string, out: Map<string, string>, depth = 0): Map<string, string> {
  if (depth < 50 && value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [`[${i}]`, v] as const)
      : Object.entries(value).map(([k, v]) => [k, v] as const);
    if (entries.length === 0) out.set(path, canonicalJson(value));
    for (const [k, v] of entries) leaves(v, k.startsWith('[') ? `${path}${k}` : path ? `${path}.${k}` : k, out, depth + 1);
    return out;
  }
  out.set(path, canonicalJson(value));
  return out;
}

/** The argument paths whose values differ between two calls' arguments, sorted. */
export function differingArguments(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const la = leaves(a, '', new Map());
  const lb = leaves(b, '', new Map());
  const paths = new Set([...la.keys(), ...lb.keys()]);
  return [...paths].filter((p) => la.get(p) !== lb.get(p)).sort();
}

/** An index from (tool, canonical arguments) to the recorded call; the last recorded answer wins. */
export class CallIndex {
  private readonly byKey = new Map<string, RecordedCall>();
  private readonly byTool = new Map<string, RecordedCall[]>();

  constructor(calls: readonly RecordedCall[]) {
    for (const call of calls) {
      this.byKey.set(`${call.tool}\n${canonicalJson(call.arguments)}`, call);
      const list = this.byTool.get(call.tool) ?? [];
      list.push(call);
      this.byTool.set(call.tool, list);
    }
  }

  /** The tools that have at least one recorded call. */
  get tools(): string[] {
    return [...this.byTool.keys()];
  }

  find(tool: string, args: Record<string, unknown>): RecordedCall | undefined {
    return this.byKey.get(`${tool}\n${canonicalJson(args)}`);
  }

  /** The recorded call of the same tool whose arguments differ in the fewest values; undefined when the tool has none. */
  nearest(tool: string, args: Record<string, unknown>): { call: RecordedCall; differing: string[] } | undefined {
    let best: { call: RecordedCall; differing: string[] } | undefined;
    for (const call of this.byTool.get(tool) ?? []) {
      const differing = differingArguments(args, call.arguments);
      if (!best || differing.length < best.differing.length) best = { call, differing };
    }
    return best;
  }

  /** Why a call has no answer, naming the nearest recorded call (or the tools that were recorded). */
  explainMiss(tool: string, args: Record<string, unknown>): string {
    const asked = brief(canonicalJson(args));
    const near = this.nearest(tool, args);
    if (near) {
      const what = near.differing.length === 0 ? '' : ` (arguments differ in: ${near.differing.slice(0, 8).join(', ')})`;
      return `No recorded answer for ${tool} with arguments ${asked}. Nearest recorded call: ${tool} with arguments ${brief(canonicalJson(near.call.arguments))}${what}.`;
    }
    const tools = this.tools;
    return tools.length > 0
      ? `No recorded answer for ${tool}: the recording has no call of that tool. Recorded tools: ${tools.slice(0, 20).join(', ')}.`
      : `No recorded answer for ${tool}: the recording has no tool calls at all.`;
  }
}

const brief = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);
