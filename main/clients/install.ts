import { lstat, readlink, realpath, rm } from 'node:fs/promises';
import path from 'node:path';
import { configDir, type PathContext } from '../../platform/credentials/config-paths';
import { writeFileAtomic } from '../../platform/files/atomic-write';
import { backupConfig } from './backups';
import { clientSpec, type ClientId, type ClientSpec } from './catalog';
import { ConfigShapeError } from './config-errors';
import { isEmptyConfig, openConfig, readConfigFile, type ConfigDocument } from './config-document';
import { getInstallRecord, setInstallRecord, type InstallRecord } from './install-record';
import { buildLaunch, type LaunchRuntime } from './launch';

export interface ChangeOptions {
  readonly paths: PathContext;
  readonly now?: () => Date;
}

export interface InstallOptions extends ChangeOptions {
  readonly profile: string;
  readonly runtime: LaunchRuntime;
  /** Launch the bridge with `--record` into the app's recordings folder (the Assistants view's switch). */
  readonly record?: boolean;
}

export interface ChangeResult {
  readonly client: ClientId;
  /** The config file, as the client names it. */
  readonly file: string;
  /** False when the file already was as asked (nothing written, no backup). */
  readonly changed: boolean;
  /** The copy of the previous file, when there was one and it changed. */
  readonly backup?: string;
  /** True when the file was deleted because this app had created it and nothing else is in it. */
  readonly deleted?: boolean;
  /** The entry now in the file (install only). */
  readonly entry?: Record<string, unknown>;
}

/** Where an assistant's recorded sessions go: `<app data>/recordings/<assistant>-{date}.jsonl`, one file per session. */
export function recordingPattern(paths: PathContext, id: ClientId): string {
  return (paths.platform === 'win32' ? path.win32 : path.posix).join(configDir(paths), 'recordings', `${id}-{date}.jsonl`);
}

/** The entry that `installClient` writes for this client, profile and runtime; `record` adds the record switch. */
export function desiredEntry(
  spec: ClientSpec,
  runtime: LaunchRuntime,
  profile: string,
  paths: PathContext,
  record = false,
): Record<string, unknown> {
  return spec.entry(
    buildLaunch(runtime, profile, {
      splitsSpacedArgs: paths.platform === 'win32' && spec.splitsSpacedArgsOnWindows,
      ...(record ? { record: recordingPattern(paths, spec.id) } : {}),
    }),
    paths,
  );
}

/** Where to write: through a symlinked config (dotfile managers) to its target, so the link survives. */
async function writeTarget(file: string): Promise<string> {
  try {
    return await realpath(file);
  } catch {
    try {
      const stat = await lstat(file);
      if (stat.isSymbolicLink()) return path.resolve(path.dirname(file), await readlink(file));
    } catch {
      // does not exist
    }
    return file;
  }
}

interface Snapshot {
  readonly bytes: Buffer | null;
  readonly text: string;
}

async function snapshot(file: string, target: string): Promise<Snapshot> {
  const bytes = await readConfigFile(file, target);
  if (!bytes) return { bytes: null, text: '' };
  const text = bytes.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(bytes)) throw new ConfigShapeError(file, 'it is not UTF-8 text, so it cannot be edited safely');
  return { bytes, text };
}

/** What an edit does: new text, or null to delete the file; undefined for no change. */
type Plan = { readonly text: string | null; readonly record?: InstallRecord | null } | undefined;

const ATTEMPTS = 3;

/**
 * Reads, plans and writes one config: the previous file is backed up, the new one replaces it atomically,
 * and when the client rewrote the file meanwhile the edit starts over on the new content.
 */
async function edit(
  spec: ClientSpec,
  options: ChangeOptions,
  plan: (doc: ConfigDocument, before: Snapshot, file: string) => Promise<Plan>,
): Promise<Omit<ChangeResult, 'entry'>> {
  const file = spec.configFile(options.paths);
  const target = await writeTarget(file);
  for (let attempt = 1; ; attempt++) {
    const before = await snapshot(file, target);
    const planned = await plan(openConfig(spec, file, before.text), before, file);
    if (!planned) return { client: spec.id, file, changed: false };
    const current = await readConfigFile(file, target);
    if (!(current === null ? before.bytes === null : before.bytes !== null && current.equals(before.bytes))) {
      if (attempt < ATTEMPTS) continue;
      throw new Error(`${file} kept changing while it was being edited; close ${spec.name} and try again`);
    }
    const backup = before.bytes ? await backupConfig(options.paths, spec.id, file, before.bytes, options.now?.()) : undefined;
    if (planned.text === null) {
      await rm(target, { force: true });
    } else {
      await writeFileAtomic(target, planned.text, { createDir: true });
    }
    if (planned.record !== undefined) await setInstallRecord(options.paths, spec.id, planned.record ?? undefined);
    return { client: spec.id, file, changed: true, ...(backup ? { backup } : {}), ...(planned.text === null ? { deleted: true } : {}) };
  }
}

/**
 * Adds (or updates) our `gateway-companion` entry, leaving everything else in the file as it was. Running it
 * again changes nothing. A file that does not parse is refused (ConfigParseError) and left untouched.
 */
export async function installClient(id: ClientId, options: InstallOptions): Promise<ChangeResult> {
  const spec = clientSpec(id);
  const entry = desiredEntry(spec, options.runtime, options.profile, options.paths, options.record ?? false);
  const result = await edit(spec, options, async (doc, before, file) => {
    const text = doc.withEntry(entry);
    if (text === before.text) return undefined;
    // A first install remembers what it created; an update keeps that memory.
    const record = doc.entry === undefined ? { file, createdFile: before.bytes === null, createdContainer: !doc.hasContainer } : undefined;
    return { text, ...(record ? { record } : {}) };
  });
  return { ...result, entry };
}

/** Takes out only our entry; what the install created (the container, or the file) goes too, so the file is as it was. */
export async function removeClient(id: ClientId, options: ChangeOptions): Promise<ChangeResult> {
  const spec = clientSpec(id);
  return edit(spec, options, async (doc, before, file) => {
    if (doc.entry === undefined) return undefined;
    const record = await getInstallRecord(options.paths, spec.id, file);
    const text = doc.withoutEntry(Boolean(record?.createdContainer && doc.entryIsAlone));
    if (record?.createdFile && isEmptyConfig(spec, text)) return { text: null, record: null };
    return { text, record: null };
  });
}
