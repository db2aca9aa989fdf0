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
