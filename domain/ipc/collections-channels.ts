/**
 * The Collections view's channels: the collection files in the collections folder (the one the user
 * chose, else the default in the app's data folder) and the choice of that folder, a run of one
 * with its progress pushed as `collections:progress` events, and "save to collection" (append an item).
 * Files are named by their base name only (`smoke.collection.json`): main resolves them inside the
 * folder, so a name can never reach outside it.
 */
import { z } from 'zod';
import { ERA_CHOICES, ERAS } from '../collections/eras';
import { CollectionSchema, ItemSchema } from '../collections/format';
import { PROFILE_NAME_PATTERN } from '../profile-name';
import { FolderListing } from './registry-channels';

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

/** Where the collections live: the folder chosen in the view, else the default one in the app's data folder. */
export const CollectionsFolderState = z.object({
  /** The folder's full path, shown so people can find the files. */
  folder: z.string(),
  /** The default folder's full path (`collections/` in the configuration folder). */
  defaultFolder: z.string(),
  isDefault: z.boolean(),
  /** Why the chosen folder cannot be used now (not there, no longer a folder…): nothing is read or written until it is fixed. */
  problem: z.string().optional(),
});
export type CollectionsFolderState = z.infer<typeof CollectionsFolderState>;

export const CollectionList = CollectionsFolderState.extend({
  /** Empty when the folder has a problem. */
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

/** One era's run of the collection: each item's result in that era. */
export const EraRun = z.object({
  era: z.enum(ERAS),
  items: z.array(ItemResult),
  durationMs: z.number(),
});
export type EraRun = z.infer<typeof EraRun>;

/**
 * With both eras: an item whose outcome (success, tool error, JSON-RPC error code) or result shape (keys,
 * types, booleans, list lengths) differs between them, as `companion test --era both` reports it. Each
 * difference has the first era's side and the second's at its pointer (absent: nothing there).
 */
export const ItemEraDifference = z.object({
  index: z.number(),
  name: z.string(),
  differences: z.array(z.object({ pointer: z.string(), first: z.unknown().optional(), second: z.unknown().optional() })),
});
export type ItemEraDifference = z.infer<typeof ItemEraDifference>;

/** The environment file a run used: its full path and the variables it supplied (names only). */
export const EnvironmentFileSummary = z.object({
  file: z.string(),
  variables: z.array(z.string()),
});
export type EnvironmentFileSummary = z.infer<typeof EnvironmentFileSummary>;

export const CollectionRunResult = z.object({
  runId: RunId,
  file: CollectionFileName,
  /** The profile the items that name none ran on. */
  profile: z.string(),
  environment: EnvironmentFileSummary.optional(),
  /** One run per era, in order (two with the era choice "both"). */
  runs: z.array(EraRun),
  eraDifferences: z.array(ItemEraDifference),
  durationMs: z.number(),
});
export type CollectionRunResult = z.infer<typeof CollectionRunResult>;

export const CollectionRunEvent = z.object({
  runId: RunId,
  /** The era the item runs (ran) in. */
  era: z.enum(ERAS),
  /** Items finished so far, of `total` (every item once per era). */
  done: z.number(),
  total: z.number(),
  /** The item now running (item-start) or the one that just finished (item-done). */
  current: z.string().optional(),
  item: ItemResult.optional(),
});
export type CollectionRunEvent = z.infer<typeof CollectionRunEvent>;

/**
 * A path to an environment file as the user typed or chose it. Only bounded here: main normalises it
 * (quotes, "~", file:// URLs) and reads it only as a regular `.json` file that is not a symbolic link.
 */
export const EnvironmentFilePath = z
  .string()
  .min(1)
  .max(4096)
  .refine((text) => !text.includes('\0'), { error: 'must not contain a NUL character' });

/** A folder for collections as the renderer chose it; main checks it (full path, existing, not a link, readable and writable). */
export const CollectionsFolderPath = z
  .string()
  .min(1)
  .max(4096)
  .refine((text) => !text.includes('\0'), { error: 'must not contain a NUL character' });

/** Browser mode's file picker for environment files: a folder's subfolders and its `.json` files (names only). */
export const EnvironmentFileListing = FolderListing.extend({
  files: z.array(z.object({ name: z.string(), path: z.string() })),
});
export type EnvironmentFileListing = z.infer<typeof EnvironmentFileListing>;

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
  /**
   * Runs a collection, as `companion test` does with the same options; progress arrives as
   * `collections:progress` events tagged with the run id. Refused before any call when the profile does
   * not exist or the environment file cannot be used.
   */
  'collections:run': {
    args: z.tuple([
      z.strictObject({
        runId: RunId,
        file: CollectionFileName,
        /** For items that name none (`--profile`); default: the embedded reference gateway. */
        profile: z.string().regex(PROFILE_NAME_PATTERN).optional(),
        /** `--era`; default: 2025-11-25. */
        era: z.enum(ERA_CHOICES).optional(),
        /** `--env`: a JSON object of variable values that override the collection's own. */
        envFile: EnvironmentFilePath.optional(),
      }),
    ]),
    result: CollectionRunResult,
  },
  /** Reads an environment file as a run would, and says which variables it supplies (or, plainly, why it cannot be used). */
  'collections:readEnvironment': { args: z.tuple([EnvironmentFilePath]), result: EnvironmentFileSummary },
  /** Browser mode's picker for an environment file: the folders and `.json` files in a folder, or in home for null. */
  'collections:listEnvironmentFiles': { args: z.tuple([EnvironmentFilePath.nullable()]), result: EnvironmentFileListing },
  /** Desktop only: the system file picker for an environment file (null: cancelled). */
  'collections:pickEnvironmentFile': { args: z.tuple([]), result: z.object({ path: z.string().nullable() }) },
  'collections:cancel': { args: z.tuple([RunId]), result: z.object({ cancelled: z.boolean() }) },
  /** Makes the folder the collections folder, once main has checked it (saved in settings.json); null: the default folder. */
  'collections:setFolder': { args: z.tuple([CollectionsFolderPath.nullable()]), result: CollectionsFolderState },
  /** Browser mode's folder picker for the collections folder: the folders in a folder, or in home for null. */
  'collections:listFolders': { args: z.tuple([CollectionsFolderPath.nullable()]), result: FolderListing },
  /** Desktop only: the system folder picker for the collections folder (null: cancelled). Nothing is saved until setFolder. */
  'collections:pickFolder': { args: z.tuple([]), result: z.object({ path: z.string().nullable() }) },
} as const;

export const collectionsEvents = {
  'collections:progress': CollectionRunEvent,
} as const;
