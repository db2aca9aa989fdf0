/**
 * Plans a write without touching the disk: the exact entry, the resulting list.json, its diff, the logo,
 * the findings, and which of them block. applyWrite (write-apply.ts) then writes exactly this plan.
 *
 * Blocking: every error blocks an add. For update and disable, only errors the change introduces block
 * (an old problem of the entry, such as a missing logo, does not stop you from disabling it). Any
 * blocking code can be overridden by name.
 */
import { FileReadError, readBoundedFile } from '../platform/files/bounded-read';
import { checkValidatorId, getRegistryChain } from '../domain/index';
import { EDITABLE_TEXT_FIELDS, ENTRY_GROUP_NAMES, type EntryChanges, type EntryInput } from '../domain/registry-entry';
import { checkEntry } from './entry-rules';
import { RegistryError } from './errors';
import { finding, isFindingCode, type Finding, type FindingCode } from './findings';
import { folderNameProblem } from '../domain/folder-name';
import { assertNoLinkInRegistry, rel } from './layout';
import { appendEntry, replaceEntry } from './list-edit';
import { encodeList, formatValue, orderEntry } from './list-format';
import { parseList, sha256, type ListDocument } from './list-reader';
import { fixLogo, type FixLogoOptions, type LogoFixResult } from './logo-fixer';
import { checkLogo } from './logo-rules';
import { folderSource, missingChainError, type RegistrySource } from './registry-source';
import { unifiedDiff } from './text-diff';
import { recoverPendingWrite, type RecoverOptions } from './write-journal';

/** A logo to write with the entry: bytes or a file path, optionally run through the fixer first. */
export interface LogoInput {
  source: Buffer | string;
  fix?: boolean | FixLogoOptions;
}

export type WriteOperation =
  | { kind: 'add'; chain: string; entry: EntryInput; logo?: LogoInput }
  | { kind: 'update'; chain: string; id: string; changes: EntryChanges; logo?: LogoInput }
  | { kind: 'disable'; chain: string; id: string; note?: string };

export interface PlannedFile {
  /** Relative to the registry root. */
  readonly path: string;
  /** The bytes read when planning (null: the file does not exist yet) and their hash. */
  readonly before: Buffer | null;
  readonly beforeHash: string | null;
  readonly after: Buffer;
}

/** A planned change, whichever source it was read from: what a remote submission commits. */
export interface PlannedChange {
  readonly operation: WriteOperation;
  readonly chain: string;
  readonly id: string;
  /** The entry exactly as it will be in list.json, and its text there. */
  readonly entry: Record<string, unknown>;
  readonly entryJson: string;
  /** Findings for this entry and its logo (positions refer to the new list.json). */
  readonly findings: readonly Finding[];
  /** Errors that stop applyWrite (after overrides). */
  readonly blocking: readonly Finding[];
  readonly overrides: readonly FindingCode[];
  /** Files to write, in order (logo first, then list.json), only those that change. */
  readonly files: readonly PlannedFile[];
  /** Unified diff of list.json (empty when it does not change). */
  readonly diff: string;
  /** When the logo went through the fixer: its before/after report and previews. */
  readonly logoFix?: LogoFixResult;
  readonly summary: string;
}

/** A planned change of a registry folder: applyWrite writes it there. */
export interface WritePlan extends PlannedChange {
  readonly root: string;
}

export interface PlanOptions extends RecoverOptions {
  /** Error codes the caller accepts knowingly (e.g. 'logo-missing' to add the logo later). */
  override?: readonly string[];
}

/** An unconverted logo larger than this is refused before reading (the limit is 100 kB anyway). */
const MAX_UNFIXED_LOGO_BYTES = 8 * 1024 * 1024;

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function applyChanges(old: Obj, changes: EntryChanges): Obj {
  const next: Obj = structuredClone(old);
  for (const key of EDITABLE_TEXT_FIELDS) {
    if (changes[key] !== undefined) next[key] = changes[key];
  }
  for (const key of ENTRY_GROUP_NAMES) {
    const change = changes[key];
    if (change === undefined) continue;
    if (change === null) {
      delete next[key];
      continue;
    }
    const merged: Obj = isObject(next[key]) ? { ...next[key] } : {};
    for (const [k, v] of Object.entries(change)) {
      if (v === null) delete merged[k];
      else if (v !== undefined) merged[k] = v;
    }
    if (Object.keys(merged).length === 0) delete next[key];
    else next[key] = merged;
  }
  return next;
}

/** Drops undefined values and empty optional objects from a caller's entry. */
function cleanEntry(input: EntryInput): Obj {
  const out: Obj = { id: input.id, name: input.name, description: input.description, website: input.website };
  for (const key of ENTRY_GROUP_NAMES) {
    const sub = input[key];
    if (!sub) continue;
    const kept = Object.fromEntries(Object.entries(sub).filter(([, v]) => v !== undefined));
    if (Object.keys(kept).length > 0) out[key] = kept;
  }
  return out;
}

async function loadList(source: RegistrySource, chain: string): Promise<ListDocument> {
  if (!(await source.hasChain(chain))) throw await missingChainError(source, chain);
  const path = rel.list(chain);
  const bytes = await source.readFile(path);
  if (!bytes)
    throw new RegistryError(
      'list-unparseable',
      source.remote ? `${path} does not exist in ${source.where}.` : `${path} does not exist. Restore it (git checkout) before writing.`,
    );
  const doc = parseList(bytes, { path, chain });
  if (!doc.ok) {
    const why = doc.findings.find((f) => f.severity === 'error');
    throw new RegistryError(
      'list-unparseable',
      `${path} cannot be changed because it does not parse: ${why?.message ?? 'it is not a JSON list'}`,
    );
  }
  return doc;
}

function ids(doc: ListDocument): string[] {
  return doc.entries.map((e) => (isObject(e) && typeof e['id'] === 'string' ? e['id'] : ''));
}

/** Errors that are new in `after` compared with `before` (same code and field). */
function introduced(after: readonly Finding[], before: readonly Finding[]): Finding[] {
  const old = new Set(before.map((f) => `${f.code}|${f.field ?? ''}`));
  return after.filter((f) => !old.has(`${f.code}|${f.field ?? ''}`));
}

interface LogoPlan {
  file?: PlannedFile;
  findings: Finding[];
  fix?: LogoFixResult;
}

async function planLogo(source: RegistrySource, chain: string, id: string, logo: LogoInput | undefined): Promise<LogoPlan> {
  const path = rel.logo(chain, id);
  const place = { path, chain, id };
  const current = await source.readFile(path);
  if (!logo) {
    if (!current)
      return {
        findings: [finding('logo-missing', place, `The validator has no logo. Add a 256×256 PNG (it will be written to ${path}).`)],
      };
    return { findings: (await checkLogo(current, place)).findings };
  }
  let bytes: Buffer;
  let fix: LogoFixResult | undefined;
  if (logo.fix) {
    fix = await fixLogo(logo.source, logo.fix === true ? {} : logo.fix);
    bytes = fix.png;
  } else if (Buffer.isBuffer(logo.source)) {
    bytes = logo.source;
  } else {
    // A logo must be under 100 kB; do not read a huge file only to say so.
    bytes = await readBoundedFile(logo.source, { limit: MAX_UNFIXED_LOGO_BYTES }).catch((error: unknown) => {
      if (!(error instanceof FileReadError)) throw error;
      if (error.reason === 'missing') throw new RegistryError('invalid-option', `The logo file "${String(logo.source)}" does not exist.`);
      if (error.reason !== 'too-large') throw new RegistryError('invalid-option', error.message);
      const size = error.size === undefined ? 'over 8 MB' : `${(error.size / 1e6).toFixed(1)} MB`;
      throw new RegistryError(
        'invalid-option',
        `The logo file is ${size}; a logo must be under 100 kB. Let the companion convert it (--fix-logo, or "fix" in the app).`,
      );
    });
  }
  const findings = (await checkLogo(bytes, place)).findings;
  const file = current?.equals(bytes) ? undefined : { path, before: current, beforeHash: current ? sha256(current) : null, after: bytes };
  return { ...(file ? { file } : {}), findings, ...(fix ? { fix } : {}) };
}

/** Plans a write of the registry folder `root`. */
export async function planWrite(root: string, operation: WriteOperation, options: PlanOptions = {}): Promise<WritePlan> {
  // Plan from the registry as it is, not from what a killed writer left half-done.
  await recoverPendingWrite(root, options);
  const plan = await planChange(folderSource(root), operation, options);
  // Nothing is planned through a symbolic link, wherever it points (a linked chain, assets or id folder, or file).
  for (const file of plan.files) await assertNoLinkInRegistry(root, file.path);
  return { root, ...plan };
}

/** Plans a change against any source (a folder, or one commit of a remote repository): same checks, same bytes. */
export async function planChange(source: RegistrySource, operation: WriteOperation, options: PlanOptions = {}): Promise<PlannedChange> {
  const overrides = (options.override ?? []).map((code) => {
    if (!isFindingCode(code))
      throw new RegistryError(
        'invalid-option',
        `"${code}" is not a finding code, so it cannot be overridden. See "Finding codes" in docs/registry-tools.md.`,
      );
    return code;
  });
  const { chain } = operation;
  const doc = await loadList(source, chain);
  const path = rel.list(chain);
  const existing = ids(doc);

  let entry: Obj;
  let index: number;
  let previous: Obj | undefined;
  if (operation.kind === 'add') {
    entry = cleanEntry(operation.entry);
    // Write the id in its normal form (e.g. lower-case bech32) so the logo folder matches it exactly.
    const normal = typeof entry['id'] === 'string' ? checkValidatorId(chain, entry['id']) : undefined;
    if (normal?.ok) entry['id'] = normal.value;
    if (existing.includes(entry['id'] as string)) {
      throw new RegistryError(
        'entry-exists',
        `${chain} already has a validator with the id ${String(entry['id'])}. Use update to change it.`,
      );
    }
    index = doc.entries.length;
  } else {
    index = existing.indexOf(operation.id);
    if (index === -1)
      throw new RegistryError(
        'entry-not-found',
        `${chain} has no validator with the id ${operation.id}. Check the id (it must match exactly), or use add.`,
      );
    if (existing.indexOf(operation.id, index + 1) !== -1)
      throw new RegistryError(
        'entry-has-duplicate-keys',
        `${chain} lists the id ${operation.id} more than once. Remove the duplicate by hand first, so it is clear which one to change.`,
      );
    if (doc.spans[index]!.duplicateKeys.length > 0) {
      throw new RegistryError(
        'entry-has-duplicate-keys',
        `The entry ${operation.id} repeats the key(s) ${doc.spans[index]!.duplicateKeys.join(', ')}; changing it would silently drop one value. Remove the duplicate key by hand first.`,
      );
    }
    previous = doc.entries[index] as Obj;
    entry =
      operation.kind === 'update'
        ? applyChanges(previous, operation.changes)
        : applyChanges(previous, { status: { disabled: true, ...(operation.note !== undefined ? { note: operation.note } : {}) } });
  }
  const id = entry['id'];
  // Checked whatever the overrides: the id becomes the folder assets/<id>/ in every clone (domain/folder-name.ts).
  const idProblem = typeof id === 'string' ? folderNameProblem(id) : 'is not text';
  if (typeof id !== 'string' || idProblem) {
    throw new RegistryError(
      'unsafe-id',
      `Nothing was written: the id ${JSON.stringify(id).slice(0, 80)} ${idProblem}. The id becomes the logo's folder name (assets/<id>/) on every computer that clones the registry, so it must be a plain name; no override lifts this. Check that you entered the validator's real id.`,
    );
  }
  entry = orderEntry(entry);

  const text = operation.kind === 'add' ? appendEntry(doc, entry) : replaceEntry(doc, index, entry);
  const afterBytes = encodeList(text, doc.style);
  const after = parseList(afterBytes, { path, chain });
  // Nothing lost: the new file parses and every other entry is exactly what it was.
  const others = (list: readonly unknown[]) => list.filter((_, i) => i !== index);
  if (
    !after.ok ||
    JSON.stringify(others(after.entries)) !== JSON.stringify(others(doc.entries)) ||
    JSON.stringify(after.entries[index]) !== JSON.stringify(entry)
  ) {
    throw new Error(`internal error: the edited ${path} did not re-read as expected; nothing was written`);
  }

  const otherIds = new Set(existing.filter((_, i) => i !== index));
  const entryFindings = checkEntry(chain, entry, { path, span: after.spans[index]!, existingIds: otherIds });
  const logo = await planLogo(source, chain, id, operation.kind === 'disable' ? undefined : operation.logo);
  const unknownChain =
    operation.kind === 'add' && !getRegistryChain(chain)
      ? finding(
          'chain-unknown',
          { path: rel.validators(chain), chain, id },
          `"${chain}" is not one of the registry's chains, so the id cannot be checked. Check the folder name (for example "smartchain", not "bsc"); to add to this folder anyway, override chain-unknown.`,
        )
      : undefined;
  const findings = [...(unknownChain ? [unknownChain] : []), ...entryFindings, ...logo.findings];

  let candidates = findings.filter((f) => f.severity === 'error');
  if (previous) {
    const oldLogo = operation.kind === 'disable' || !operation.logo ? logo : await planLogo(source, chain, id, undefined);
    candidates = introduced(candidates, [...checkEntry(chain, previous, { path, existingIds: otherIds }), ...oldLogo.findings]);
  }
  // A chain we do not know: nothing about its ids can be checked, so adding takes a knowing override.
  if (unknownChain) candidates.unshift(unknownChain);
  const blocking = candidates.filter((f) => !overrides.includes(f.code));

  const files: PlannedFile[] = [];
  if (logo.file) files.push(logo.file);
  if (!afterBytes.equals(doc.bytes)) files.push({ path, before: doc.bytes, beforeHash: doc.hash, after: afterBytes });
  const name = typeof entry['name'] === 'string' && entry['name'] ? entry['name'] : id;
  const verb = operation.kind === 'add' ? 'Add' : operation.kind === 'update' ? 'Update' : 'Disable';
  return {
    operation,
    chain,
    id,
    entry,
    entryJson: formatValue(entry, doc.style, 1),
    findings,
    blocking,
    overrides,
    files,
    diff: await unifiedDiff(doc.text, text, { path }),
    ...(logo.fix ? { logoFix: logo.fix } : {}),
    summary: `${verb} ${name} (${id}) ${operation.kind === 'add' ? 'to' : 'in'} ${getRegistryChain(chain)?.name ?? chain}`,
  };
}
