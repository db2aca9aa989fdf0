import { z } from 'zod';
import { Entry, EntryChanges, EntryId, EntryInput } from '../registry-entry-schema';

/**
 * Channels of the validator submission wizard and the registry check. Paths are the user's own folders;
 * main resolves and re-validates everything (ids, entries, logos) before it writes. Uploaded logo parts
 * cross as bytes (Uint8Array: structured clone in Electron, a binary request body in browser mode); small
 * images sent back are data: URLs.
 */

const FolderPath = z.string().min(1).max(4096);
/** Remotes reported for one clone (a clone with more lists the first ones). */
export const MAX_REMOTES = 50;
/** A chain folder name: it becomes part of a path, so no separators and no leading dot. */
export const ChainSlug = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'a chain folder name such as "cosmos"');
/** Logo sources up to 30 MB. */
export const MAX_LOGO_SOURCE_BYTES = 30 * 1024 * 1024;
/**
 * Logos are uploaded in parts of at most this many bytes, so reading and sending overlap and one part's
 * failure costs little.
 */
export const LOGO_PART_BYTES = 768 * 1024;
export const MAX_LOGO_PARTS = Math.ceil(MAX_LOGO_SOURCE_BYTES / LOGO_PART_BYTES);
const UploadId = z.string().regex(/^[\w-]{8,64}$/);
const LogoId = z.string().regex(/^[0-9a-f]{32}$/);
const Id = z.string().regex(/^[\w-]{1,80}$/);

export const RegistryFinding = z.object({
  severity: z.enum(['error', 'warning', 'info']),
  code: z.string(),
  path: z.string(),
  chain: z.string().nullable(),
  id: z.string().nullable(),
  message: z.string(),
  field: z.string().optional(),
  line: z.number().optional(),
  column: z.number().optional(),
  /** What the finding code means in general (from the engine's catalogue). */
  meaning: z.string(),
});
export type RegistryFinding = z.infer<typeof RegistryFinding>;

export const GitInfo = z.object({
  /** The current branch, or null for a detached HEAD. */
  branch: z.string().nullable(),
  /** Files with uncommitted changes (git status --porcelain lines). */
  changes: z.number(),
  changedPaths: z.array(z.string()),
});
export type GitInfo = z.infer<typeof GitInfo>;

/** One remote of a registry clone, without its URL (which may carry credentials). */
export const CloneRemote = z.object({
  name: z.string().max(200),
  /** `owner/repo` the remote points at, as read from its URL; null when the URL names no repository. */
  repository: z.string().max(300).nullable(),
  /** It points at the upstream registry itself (pushing a branch there is refused). */
  upstream: z.boolean(),
});
export type CloneRemote = z.infer<typeof CloneRemote>;

export const ChainSummary = z.object({
  slug: z.string(),
  name: z.string(),
  /** Entries in list.json, or null when the list cannot be read. */
  validators: z.number().nullable(),
  /** Why the list cannot be used, in plain words. */
  problem: z.string().optional(),
  /** One of the 52 registry chains. */
  known: z.boolean(),
});
export type ChainSummary = z.infer<typeof ChainSummary>;

export const FolderInfo = z.object({
  /** The absolute folder that was inspected. */
  root: z.string(),
  isRegistry: z.boolean(),
  /** Why the folder is not a registry, and what to choose instead. */
  message: z.string().optional(),
  /** A nearby folder that is a registry (the parent of "blockchains", for example). */
  suggestion: z.string().optional(),
  chains: z.array(ChainSummary),
  validators: z.number(),
  git: GitInfo.nullable(),
});
export type FolderInfo = z.infer<typeof FolderInfo>;

/** An existing entry as the form shows it. Fields that are not of the expected type are left out and named in `unreadable`. */
export const EntrySnapshot = Entry.extend({ index: z.number(), unreadable: z.array(z.string()) });
export type EntrySnapshot = z.infer<typeof EntrySnapshot>;

export const CropBox = z.object({
  left: z.number().int().min(0),
  top: z.number().int().min(0),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
});
export type CropBox = z.infer<typeof CropBox>;

export const FixSettings = z.object({ crop: CropBox.optional(), fit: z.enum(['cover', 'contain']).optional() });
export type FixSettings = z.infer<typeof FixSettings>;

/** A logo held by main (uploaded once); `fix` runs it through the fixer with these settings. */
export const LogoRef = z.object({ logoId: LogoId, fix: FixSettings.optional() });
export type LogoRef = z.infer<typeof LogoRef>;

export const WizardOperation = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('add'), chain: ChainSlug, entry: EntryInput, logo: LogoRef.optional() }),
  z.object({ kind: z.literal('update'), chain: ChainSlug, id: EntryId, changes: EntryChanges, logo: LogoRef.optional() }),
  z.object({ kind: z.literal('disable'), chain: ChainSlug, id: EntryId, note: z.string().max(2000).optional() }),
]);
export type WizardOperation = z.infer<typeof WizardOperation>;

const Previews = z.object({ light: z.string(), dark: z.string(), size: z.number() });

export const LogoInspection = z.object({
  logoId: z.string(),
  fileName: z.string(),
  bytes: z.number(),
  /** What the file really is ('png', 'jpeg', …), or null. */
  format: z.string().nullable(),
  /** Upright size in px (EXIF orientation applied), when readable. */
  width: z.number().optional(),
  height: z.number().optional(),
  findings: z.array(RegistryFinding),
  /** A small copy of the image for the crop editor (never the full-size original). */
  display: z.string().optional(),
  /** The image as the wallet shows it (centre square in a circle), when it can be decoded. */
  previews: Previews.optional(),
  /** Why the image cannot be opened at all. */
  problem: z.string().optional(),
});
export type LogoInspection = z.infer<typeof LogoInspection>;

export const LogoFix = z.object({
  png: z.string(),
  bytes: z.number(),
  size: z.number(),
  before: z.array(RegistryFinding),
  after: z.array(RegistryFinding),
  notes: z.array(z.string()),
  previews: Previews,
});
export type LogoFix = z.infer<typeof LogoFix>;

export const ExistingLogo = z.object({
  present: z.boolean(),
  png: z.string().optional(),
  findings: z.array(RegistryFinding),
  previews: Previews.optional(),
});
export type ExistingLogo = z.infer<typeof ExistingLogo>;

export const PlannedFile = z.object({
  path: z.string(),
  absolutePath: z.string(),
  action: z.enum(['create', 'replace']),
  bytesBefore: z.number().nullable(),
  bytesAfter: z.number(),
});
export type PlannedFile = z.infer<typeof PlannedFile>;

export const PlanView = z.object({
  planId: Id,
  summary: z.string(),
  chain: z.string(),
  id: z.string(),
  entryJson: z.string(),
  diff: z.string(),
  files: z.array(PlannedFile),
  findings: z.array(RegistryFinding),
  blocking: z.array(RegistryFinding),
  /** The logo that will be written, as a data: URL. */
  logo: z.string().optional(),
});
export type PlanView = z.infer<typeof PlanView>;

export const WriteResult = z.object({
  operationId: z.string(),
  summary: z.string(),
  written: z.array(z.object({ path: z.string(), absolutePath: z.string() })),
  git: GitInfo.nullable(),
});
export type WriteResult = z.infer<typeof WriteResult>;

export const ScanProgressEvent = z.object({
  scanId: Id,
  phase: z.enum(['discover', 'check', 'done']),
  done: z.number(),
  total: z.number(),
  chain: z.string().optional(),
});
export type ScanProgressEvent = z.infer<typeof ScanProgressEvent>;

export const RegistryReport = z.object({
  root: z.string(),
  findings: z.array(RegistryFinding),
  summary: z.object({
    chains: z.number(),
    entries: z.number(),
    logos: z.number(),
    errors: z.number(),
    warnings: z.number(),
    infos: z.number(),
  }),
  totalMs: z.number(),
});
export type RegistryReport = z.infer<typeof RegistryReport>;

export const FolderListing = z.object({
  path: z.string(),
  /** null at the top of the file system. */
  parent: z.string().nullable(),
  home: z.string(),
  /** The listed folder itself is a registry clone (it has "blockchains"). */
  isRegistry: z.boolean(),
  folders: z.array(z.object({ name: z.string(), path: z.string() })),
  /** More folders than listed. */
  truncated: z.boolean(),
});
export type FolderListing = z.infer<typeof FolderListing>;

export const registryChannels = {
  /** Inspects a folder: is it a registry, its chains with validator counts, its git branch and changes. Remembers it as recent. */
  'registry:openFolder': { args: z.tuple([FolderPath]), result: FolderInfo },
  'registry:recentFolders': { args: z.tuple([]), result: z.object({ folders: z.array(z.string()) }) },
  'registry:forgetFolder': { args: z.tuple([FolderPath]), result: z.object({ folders: z.array(z.string()) }) },
  /** Browser mode's folder picker: the folders (names only) inside a folder, or inside home for null. */
  'registry:listFolders': { args: z.tuple([FolderPath.nullable()]), result: FolderListing },
  /** Electron only: the system folder picker. */
  'registry:pickFolder': { args: z.tuple([]), result: z.object({ path: z.string().nullable() }) },
  /** The entries of one chain's list.json, for duplicate detection and updates. */
  'registry:chainEntries': { args: z.tuple([FolderPath, ChainSlug]), result: z.object({ entries: z.array(EntrySnapshot) }) },
  /** Live validation of a form value with the engine's entry rules (`originalId`: the entry being updated). */
  'registry:checkEntry': {
    args: z.tuple([FolderPath, ChainSlug, z.record(z.string(), z.unknown()), z.object({ originalId: EntryId.optional() })]),
    result: z.object({ findings: z.array(RegistryFinding) }),
  },
  /** One part of an image being uploaded, as bytes (see LOGO_PART_BYTES). */
  'registry:uploadLogoPart': {
    args: z.tuple([
      UploadId,
      z
        .number()
        .int()
        .min(0)
        .max(MAX_LOGO_PARTS - 1),
      z
        .custom<Uint8Array>((part) => part instanceof Uint8Array, 'bytes (a Uint8Array)')
        .refine((part) => part.byteLength <= LOGO_PART_BYTES, `a part of at most ${LOGO_PART_BYTES} bytes`),
    ]),
    result: z.object({ received: z.number() }),
  },
  /** Joins an uploaded image, keeps it in main for fixing and for the draft, and reports its compliance. */
  'registry:inspectLogo': {
    args: z.tuple([UploadId, z.number().int().min(1).max(MAX_LOGO_PARTS), z.string().max(255)]),
    result: LogoInspection,
  },
  /** A logo uploaded earlier (for a draft restored after a restart). */
  'registry:loadLogo': { args: z.tuple([LogoId]), result: LogoInspection },
  'registry:fixLogo': { args: z.tuple([LogoId, FixSettings]), result: LogoFix },
  'registry:existingLogo': { args: z.tuple([FolderPath, ChainSlug, EntryId]), result: ExistingLogo },
  /** Plans a write without touching the disk; `registry:write` then writes exactly this plan. */
  'registry:plan': { args: z.tuple([FolderPath, WizardOperation]), result: PlanView },
  'registry:write': { args: z.tuple([Id]), result: WriteResult },
  'registry:undo': { args: z.tuple([FolderPath, Id]), result: z.object({ restored: z.array(z.string()), summary: z.string() }) },
  /**
   * The clone's remotes, each with whether it points at `upstream` (`owner/repo`), so the wizard names a
   * push that works. Empty for a folder that is not a git checkout.
   */
  'registry:remotes': {
    args: z.tuple([FolderPath, z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}$/)]),
    result: z.object({ remotes: z.array(CloneRemote).max(MAX_REMOTES) }),
  },
  /** Creates (or stays on) a branch and commits exactly the given files. */
  'registry:commit': {
    args: z.tuple([
      FolderPath,
      z.object({
        branch: z.string().min(1).max(200),
        title: z.string().min(1).max(200),
        paths: z.array(z.string().max(4096)).min(1).max(10),
      }),
    ]),
    result: z.object({ branch: z.string(), commit: z.string(), title: z.string() }),
  },
  /** Whole-registry check; progress arrives as `registry:progress` events with the same scanId. */
  'registry:check': { args: z.tuple([FolderPath, z.object({ scanId: Id })]), result: RegistryReport },
  /** The wizard's half-finished submission, kept by main so it survives a restart in either host. */
  'registry:loadDraft': { args: z.tuple([]), result: z.object({ draft: z.string().nullable() }) },
  'registry:saveDraft': { args: z.tuple([z.string().max(2_000_000)]), result: z.object({ saved: z.boolean() }) },
  'registry:clearDraft': { args: z.tuple([]), result: z.object({ cleared: z.boolean() }) },
} as const;
