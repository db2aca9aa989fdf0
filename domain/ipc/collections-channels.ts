/**
 * The Collections view's channels: the collection files in the app's collections folder, a run of one
 * with its progress pushed as `collections:progress` events, and "save to collection" (append an item).
 * Files are named by their base name only (`smoke.collection.json`): main resolves them inside the
 * folder, so a name can never reach outside it.
 */
import { z } from 'zod';
import { CollectionSchema, ItemSchema } from '../collections/format';
import { PROFILE_NAME_PATTERN } from '../profile-name';

/** A collection file's base name: no folder part, ending in `.collection.json`. */
export const CollectionFileName = z
  .string()
  .max(140)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,110}\.collection\.json$/, {
    error: 'must be a file name ending in .collection.json (letters, digits, spaces, ".", "_" and "-"), without a folder',
  });

const RunId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const CollectionSummary = z.object({
  file: CollectionFileName,
  /** The collection's name, when the file could be read. */
  name: z.string().optional(),
  items: z.number().optional(),
  /** Why the file cannot be used (not JSON, not a collection, too large…), in plain words. */
  problem: z.string().optional(),
});
export type CollectionSummary = z.infer<typeof CollectionSummary>;

export const CollectionList = z.object({
  /** The folder's full path, shown so people can find the files. */
  folder: z.string(),
  collections: z.array(CollectionSummary),
});
export type CollectionList = z.infer<typeof CollectionList>;

export const AssertionResult = z.object({
  index: z.number(),
  assert: z.string(),
  pointer: z.string().optional(),
  passed: z.boolean(),
  message: z.string(),
  /** A failed equals or snapshot: what the file expects and what the gateway answered, for a diff. */
  expected: z.unknown().optional(),
  actual: z.unknown().optional(),
});
export type AssertionResult = z.infer<typeof AssertionResult>;

export const ItemResult = z.object({
  index: z.number(),
  name: z.string(),
  tool: z.string(),
  status: z.enum(['passed', 'failed', 'error', 'skipped', 'cancelled']),
  durationMs: z.number().optional(),
  problems: z.array(z.string()),
  assertions: z.array(AssertionResult),
});
export type ItemResult = z.infer<typeof ItemResult>;

export const CollectionRunResult = z.object({
  runId: RunId,
  file: CollectionFileName,
  era: z.string(),
  items: z.array(ItemResult),
  durationMs: z.number(),
});
export type CollectionRunResult = z.infer<typeof CollectionRunResult>;

export const CollectionRunEvent = z.object({
  runId: RunId,
  /** Items finished so far, of `total`. */
  done: z.number(),
  total: z.number(),
  /** The item now running (item-start) or the one that just finished (item-done). */
  current: z.string().optional(),
  item: ItemResult.optional(),
});
export type CollectionRunEvent = z.infer<typeof CollectionRunEvent>;

/** Where "save to collection" puts an item: an existing file, or a new collection by name. */
export const AppendTarget = z.union([
  z.strictObject({ file: CollectionFileName }),
  z.strictObject({ newName: z.string().trim().min(1).max(200) }),
]);
export type AppendTarget = z.infer<typeof AppendTarget>;

export const collectionsChannels = {
  /** The `*.collection.json` files in the collections folder, each with its name or why it cannot be used. */
  'collections:list': { args: z.tuple([]), result: CollectionList },
  'collections:read': { args: z.tuple([CollectionFileName]), result: z.object({ file: CollectionFileName, collection: CollectionSchema }) },
  /** Writes the collection atomically (secret-looking values redacted); refuses to replace a file that is not a collection. */
  'collections:save': { args: z.tuple([CollectionFileName, CollectionSchema]), result: z.object({ file: CollectionFileName }) },
  /** Adds an item at the end of a collection, creating it when new. */
  'collections:append': {
    args: z.tuple([AppendTarget, ItemSchema]),
    result: z.object({ file: CollectionFileName, created: z.boolean(), items: z.number() }),
  },
  /** Runs a collection; progress arrives as `collections:progress` events tagged with the run id. */
  'collections:run': {
    args: z.tuple([
      z.strictObject({
        runId: RunId,
        file: CollectionFileName,
        /** For items that name none; default: the embedded reference gateway. */
        profile: z.string().regex(PROFILE_NAME_PATTERN).optional(),
      }),
    ]),
    result: CollectionRunResult,
  },
  'collections:cancel': { args: z.tuple([RunId]), result: z.object({ cancelled: z.boolean() }) },
} as const;

export const collectionsEvents = {
  'collections:progress': CollectionRunEvent,
} as const;
