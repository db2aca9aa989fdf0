import { z } from 'zod';

/**
 * One validator entry of a chain's list.json: four text fields and three optional groups, declared in
 * the key order the registry's formatter writes. The registry engine, the IPC contract, the CLI and the
 * wizard's form all take the shape, the key lists and the limits from here.
 */

export const Payout = z.object({
  commission: z.number().optional(),
  payoutDelay: z.number().optional(),
  payoutPeriod: z.number().optional(),
});
export const Staking = z.object({ minDelegation: z.number().optional() });
export const EntryStatus = z.object({ disabled: z.boolean().optional(), note: z.string().optional() });

/** An entry as list.json holds it (and as the wizard's form shows an existing one). */
export const Entry = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  website: z.string(),
  payout: Payout.optional(),
  staking: Staking.optional(),
  status: EntryStatus.optional(),
});
export type Entry = z.infer<typeof Entry>;

/** An id names the logo's folder, so it is bounded (the engine also refuses path separators in it). */
export const EntryId = z.string().min(1).max(200);

/** A new entry sent to be written: the same shape, with bounds so one request cannot be huge. */
export const EntryInput = Entry.extend({
  id: EntryId,
  name: z.string().max(2000),
  description: z.string().max(20_000),
  website: z.string().max(4096),
});
export type EntryInput = z.infer<typeof EntryInput>;

const removable = <T extends z.ZodType>(t: T) => t.nullable().optional();
/** For update: an absent field stays as it is; null removes it. Groups are merged key by key. */
export const EntryChanges = z.object({
  name: z.string().max(2000).optional(),
  description: z.string().max(20_000).optional(),
  website: z.string().max(4096).optional(),
  payout: removable(
    z.object({ commission: removable(z.number()), payoutDelay: removable(z.number()), payoutPeriod: removable(z.number()) }),
  ),
  staking: removable(z.object({ minDelegation: removable(z.number()) })),
  status: removable(z.object({ disabled: removable(z.boolean()), note: removable(z.string().max(2000)) })),
});
export type EntryChanges = z.infer<typeof EntryChanges>;

/** Every key of an entry, in list.json order. */
export const ENTRY_KEYS = Entry.keyof().options;
/** The text fields an update may change (never the id: it names the logo folder). */
export const EDITABLE_TEXT_FIELDS = ['name', 'description', 'website'] as const satisfies readonly (keyof EntryChanges)[];
/** The text fields every entry must have. */
export const ENTRY_TEXT_FIELDS = ['id', ...EDITABLE_TEXT_FIELDS] as const;
/** The optional groups and their fields, in list.json order. */
export const ENTRY_GROUPS = {
  payout: Payout.keyof().options,
  staking: Staking.keyof().options,
  status: EntryStatus.keyof().options,
} as const;
export type EntryGroup = keyof typeof ENTRY_GROUPS;
export const ENTRY_GROUP_NAMES = Object.keys(ENTRY_GROUPS) as EntryGroup[];

/** About what the wallet shows of a name and a description (longer is a finding, not an error of shape). */
export const NAME_MAX = 50;
export const DESCRIPTION_MAX = 500;
