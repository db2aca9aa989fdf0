import { z } from 'zod';

/**
 * The zod schemas of one validator entry (what the IPC contract validates and the wizard sends). The
 * field lists and limits the registry engine uses at run time are in registry-entry.ts, which does not
 * load zod; registry-entry.test.ts checks that the two agree.
 */

const Payout = z.object({ commission: z.number().optional(), payoutDelay: z.number().optional(), payoutPeriod: z.number().optional() });
const Staking = z.object({ minDelegation: z.number().optional() });
const EntryStatus = z.object({ disabled: z.boolean().optional(), note: z.string().optional() });

/** An entry as list.json holds it (and as the wizard's form shows an existing one), in list.json key order. */
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
