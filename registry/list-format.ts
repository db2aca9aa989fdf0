/**
 * Serialises entries the way the registry's own formatter does: one key per line, `"key": value`,
 * raw UTF-8 (JSON.stringify never escapes non-ASCII or `/`), in the file's own indentation and line ending.
 * All 52 real files re-emit byte for byte through formatList (see list-format.test.ts).
 */
import { ENTRY_GROUPS, ENTRY_KEYS } from '../domain/registry-entry';

export interface ListStyle {
  /** One indentation step: '    ', '\t', or '' for a file written on one line. */
  readonly indent: string;
  readonly eol: '\n' | '\r\n';
  /** The file starts with a UTF-8 byte-order mark (kept as it is when writing). */
  readonly bom: boolean;
  /** Exact text before the opening `[` and after the closing `]` (files differ: '', '\n', ' ', ' \n'). */
  readonly leading: string;
  readonly trailing: string;
}

export const DEFAULT_STYLE: ListStyle = { indent: '    ', eol: '\n', bom: false, leading: '', trailing: '\n' };

const SUB_KEYS: Readonly<Record<string, readonly string[]>> = ENTRY_GROUPS;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function ordered(obj: Record<string, unknown>, known: readonly string[], nested: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = [...known.filter((k) => Object.hasOwn(obj, k)), ...Object.keys(obj).filter((k) => !known.includes(k))];
  for (const k of keys) {
    const v = obj[k];
    if (v === undefined) continue;
    out[k] = nested && isPlainObject(v) && SUB_KEYS[k] ? ordered(v, SUB_KEYS[k], false) : v;
  }
  return out;
}

/** Key order `id, name, description, website, payout, staking, status`, then any other keys as given. */
export function orderEntry(entry: Record<string, unknown>): Record<string, unknown> {
  return ordered(entry, ENTRY_KEYS, true);
}

/** One value as it appears at nesting `level` (its first line is not indented: the caller places it). */
export function formatValue(value: unknown, style: ListStyle, level: number): string {
  const json = JSON.stringify(value, null, style.indent);
  if (json === undefined) throw new TypeError('value cannot be written as JSON');
  if (style.indent === '') return json;
  const pad = style.indent.repeat(level);
  return json.split('\n').join(style.eol + pad);
}

/** The whole file text (without the BOM, which encodeList adds back). */
export function formatList(entries: readonly unknown[], style: ListStyle): string {
  return style.leading + formatValue(entries, style, 0) + style.trailing;
}

export function encodeList(text: string, style: ListStyle): Buffer {
  const body = Buffer.from(text, 'utf8');
  return style.bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
}
