/**
 * One validator entry of a chain's list.json, for the code that runs without zod (the registry engine,
 * the CLI): its field lists in list.json order, its wallet limits, and its types. The shape itself is
 * declared once, as zod schemas, in registry-entry-schema.ts; the lists here are checked against it.
 */
import type { Entry, EntryChanges, EntryInput } from './registry-entry-schema';

export type { Entry, EntryChanges, EntryInput };

/** The text fields an update may change (never the id: it names the logo folder). */
export const EDITABLE_TEXT_FIELDS = ['name', 'description', 'website'] as const satisfies readonly (keyof EntryChanges)[];
/** The text fields every entry must have. */
export const ENTRY_TEXT_FIELDS = ['id', ...EDITABLE_TEXT_FIELDS] as const satisfies readonly (keyof Entry)[];

/** The optional groups and their fields, in list.json order. */
export const ENTRY_GROUPS = {
  payout: ['commission', 'payoutDelay', 'payoutPeriod'],
  staking: ['minDelegation'],
  status: ['disabled', 'note'],
} as const satisfies { readonly [G in keyof Entry]?: readonly (keyof NonNullable<Entry[G]>)[] };
export type EntryGroup = keyof typeof ENTRY_GROUPS;
export const ENTRY_GROUP_NAMES = Object.keys(ENTRY_GROUPS) as EntryGroup[];

/** Every key of an entry, in list.json order. */
export const ENTRY_KEYS: readonly (keyof Entry)[] = [...ENTRY_TEXT_FIELDS, ...ENTRY_GROUP_NAMES];

/** About what the wallet shows of a name and a description (longer is a finding, not an error of shape). */
export const NAME_MAX = 50;
export const DESCRIPTION_MAX = 500;

/**
 * How the registry's CI reads each field: it decodes list.json with Go's encoding/json into typed structs
 * (the registry's public Go libraries), so a value that does not fit the Go type fails the build. `int` is
 * Go's int (64 bits); `float64` rejects numbers beyond about 1.8e308. Some fields exist in the format
 * without being edited by the form (freeSpace, openForDelegation).
 */
export type RegistryFieldType = 'string' | 'int' | 'float64' | 'bool';
export const ENTRY_FIELD_TYPES = {
  id: 'string',
  name: 'string',
  description: 'string',
  website: 'string',
  'payout.commission': 'float64',
  'payout.payoutDelay': 'int',
  'payout.payoutPeriod': 'int',
  'staking.minDelegation': 'int',
  'staking.freeSpace': 'int',
  'staking.openForDelegation': 'bool',
  'status.disabled': 'bool',
  'status.note': 'string',
} as const satisfies Readonly<Record<string, RegistryFieldType>>;
export type EntryFieldPath = keyof typeof ENTRY_FIELD_TYPES;

/** The fields of each group that the registry format defines (what is not here is an unknown field). */
export const ENTRY_GROUP_FIELDS: Readonly<Record<EntryGroup, readonly string[]>> = {
  payout: ['commission', 'payoutDelay', 'payoutPeriod'],
  staking: ['minDelegation', 'freeSpace', 'openForDelegation'],
  status: ['disabled', 'note'],
};

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INTEGER_TEXT = /^-?(0|[1-9]\d*)$/;

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value === 'boolean' ? 'the value' : 'a'} ${(value as number | boolean).toString()}`;
}

/**
 * Why the registry's CI could not decode `value` as `type`, in words ("1.5 is not a whole number"); null
 * when it decodes. `raw` is the number as written in list.json, when known: JSON.parse turns 1e400 into
 * Infinity and rounds integers beyond 2^53, so only the text tells what CI sees. A JSON null decodes
 * (Go leaves the zero value).
 */
export function registryTypeProblem(type: RegistryFieldType, value: unknown, raw?: string): string | null {
  if (value === null || value === undefined) return null;
  const shown = raw ?? (typeof value === 'number' ? String(value) : kindOf(value));
  switch (type) {
    case 'string':
      return typeof value === 'string' ? null : `it is ${kindOf(value)}, not text in double quotes`;
    case 'bool':
      return typeof value === 'boolean' ? null : `it is ${kindOf(value)}, not true or false (without quotes)`;
    case 'float64':
      if (typeof value !== 'number') return `it is ${kindOf(value)}, not a number`;
      return Number.isFinite(value) ? null : `${shown} is too large to be read as a number at all (the largest is about 1.8e308)`;
    case 'int': {
      if (typeof value !== 'number') return `it is ${kindOf(value)}, not a number`;
      if (raw !== undefined ? !INTEGER_TEXT.test(raw) : !Number.isInteger(value))
        return `${shown} is not a whole number written as digits (no decimal point, no exponent)`;
      const n = raw !== undefined ? BigInt(raw) : BigInt(value);
      return n < INT64_MIN || n > INT64_MAX
        ? `${shown} is outside the range of a 64-bit whole number (${INT64_MIN} to ${INT64_MAX})`
        : null;
    }
  }
}
