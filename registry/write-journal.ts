/**
 * Crash safety for writes and undos. Two files (a logo and list.json) cannot be replaced in one step, so
 * every operation is journalled: `journal.json` in the registry's history folder is written (atomically)
 * before anything else and removed as the very last step. A journal still there means a writer died part
 * way; the next command on that registry (a write, an undo, a check, the history list) rolls it back under
 * the registry lock, so the registry and its history are exactly as before the unfinished operation:
 *
 *   1. journal.json      what will change: each file's hash before and after, folders it creates, and
 *                        the records an undo will mark (as they were)
 *   2. <id>/<n>.before   the previous bytes (history.ts)
 *   3. <id>/record.json  the history record
 *   4. the registry files, each replaced atomically
 *   5. marked records    (an undo sets `undoneBy` on what it undid)
 *   6. journal.json is removed: the operation is complete
 *
 * Rolling back is idempotent (a crash while rolling back is rolled back again): every file that has its
 * new bytes gets its saved previous bytes back (or is removed, with the folders the write created), temp
 * files of the dead writer are removed, marked records are restored, and the operation's history folder
 * is deleted, so no record points at a change that is not on disk.
 */
import { rm, rmdir, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { syncDirectory, writeFileAtomic } from '../platform/files/atomic-write';
import { readBoundedFileIfExists } from '../platform/files/bounded-read';
import { findLinkOnPath } from '../platform/files/contained-path';
import { removeStaleTempFiles } from '../platform/files/temp-files';
import { RegistryError } from './errors';
import {
  defaultHistoryDir,
  OPERATION_FOLDER,
  operationDir,
  readBefore,
  writeRecord,
  type HistoryFile,
  type HistoryRecord,
} from './history';
import { absolute, assertNoLinkInRegistry, readRegistryFile, writeRegistryFile } from './layout';
import { sha256 } from './list-reader';
import { withRegistryLock, type LockOptions } from './write-lock';

export interface Journal {
  readonly version: 1;
  /** The operation under way; its history folder is `<historyDir>/<operationId>`. */
  readonly operationId: string;
  readonly summary: string;
  readonly files: readonly HistoryFile[];
  /** Records this operation rewrites (an undo marks its target), as they were before it. */
  readonly previousRecords: readonly HistoryRecord[];
}

/** What a roll-back did, for a one-line notice ("An unfinished write … was rolled back"). */
export interface RolledBack {
  readonly operationId: string;
  readonly summary: string;
  /** Files put back to their previous bytes (or removed, for a file the operation created). */
  readonly restored: readonly string[];
  /** Files changed by someone else since the crash: left as they are. */
  readonly leftAsIs: readonly string[];
}

const JOURNAL_FILE = 'journal.json';

export const journalPath = (historyDir: string) => join(historyDir, JOURNAL_FILE);

function isJournal(value: unknown): value is Journal {
  const j = value as Partial<Journal> | null;
  return (
    typeof j === 'object' &&
    j !== null &&
    j.version === 1 &&
    typeof j.operationId === 'string' &&
    OPERATION_FOLDER.test(j.operationId) &&
    typeof j.summary === 'string' &&
    Array.isArray(j.files) &&
    (j.files as unknown[]).every(
      (f) => typeof (f as Partial<HistoryFile> | null)?.path === 'string' && Array.isArray((f as HistoryFile).createdDirs),
    ) &&
    Array.isArray(j.previousRecords)
  );
}

/** The unfinished operation's journal, or null when none is pending. */
export async function readJournal(historyDir: string): Promise<Journal | null> {
  const path = journalPath(historyDir);
  const bytes = await readBoundedFileIfExists(path, { limit: 'draft' }).catch((error: unknown) => {
    throw new RegistryError('file-unreadable', `The write journal ${path} cannot be read (${(error as Error).message}).`);
  });
  if (!bytes) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    parsed = null;
  }
  if (!isJournal(parsed))
    throw new RegistryError(
      'file-unreadable',
      `The write journal ${path} is damaged, so an unfinished write cannot be rolled back automatically. Nothing was changed. Check the registry folder with "git status" (restore files with "git checkout" if needed), then delete ${path}.`,
    );
  return parsed;
}

/** Step 1: from here on, a crash is rolled back. */
export async function beginJournal(historyDir: string, journal: Omit<Journal, 'version'>): Promise<void> {
  await writeFileAtomic(journalPath(historyDir), `${JSON.stringify({ version: 1, ...journal }, null, 2)}\n`, { createDir: true });
}

/** The last step: the operation is complete. */
export async function endJournal(historyDir: string): Promise<void> {
  await unlink(journalPath(historyDir));
  await syncDirectory(historyDir);
}

/** Removes the folders a write created, innermost first, where they are empty. */
async function removeCreatedDirs(root: string, dirs: readonly string[]): Promise<void> {
  for (const dir of [...dirs].reverse()) {
    // A folder replaced by a link since is not ours to clean (nor anything through it).
    if (await findLinkOnPath(root, dir)) continue;
    const path = absolute(root, dir);
    await removeStaleTempFiles(path);
    await rmdir(path).catch(() => undefined);
    await syncDirectory(dirname(path)).catch(() => undefined);
  }
}

/**
 * Puts file `index` of an operation back as it was before it: its saved bytes, or no file (and none of the
 * folders the operation made for it). Shared by undo and by the roll-back of a cut operation.
 */
export async function restoreBefore(
  root: string,
  historyDir: string,
  operation: Pick<HistoryRecord, 'id' | 'files'>,
  index: number,
): Promise<void> {
  const file = operation.files[index]!;
  const path = absolute(root, file.path);
  const previous = await readBefore(historyDir, operation, index);
  if (previous) return writeRegistryFile(root, file.path, previous);
  await assertNoLinkInRegistry(root, file.path);
  await unlink(path).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
  });
  await syncDirectory(dirname(path));
  await removeCreatedDirs(root, file.createdDirs);
}

/** Rolls back the journalled operation. Runs under the registry lock. */
async function rollBack(root: string, historyDir: string, journal: Journal): Promise<RolledBack> {
  const restored: string[] = [];
  const leftAsIs: string[] = [];
  // Reverse order of writing: list.json goes back before its logo is removed.
  for (const [i, file] of [...journal.files.entries()].reverse()) {
    const path = absolute(root, file.path);
    await removeStaleTempFiles(dirname(path));
    const current = await readRegistryFile(root, file.path).catch(() => undefined);
    const hash = current === undefined ? undefined : current ? sha256(current) : null;
    if (hash === file.beforeHash) {
      // Not written yet; a folder made for it may be there, empty.
      if (file.beforeHash === null) await removeCreatedDirs(root, file.createdDirs);
      continue;
    }
    if (hash !== file.afterHash) {
      leftAsIs.push(file.path);
      continue;
    }
    await restoreBefore(root, historyDir, { id: journal.operationId, files: journal.files }, i);
    restored.push(file.path);
  }
  for (const record of journal.previousRecords) await writeRecord(historyDir, record);
  await rm(operationDir(historyDir, journal.operationId), { recursive: true, force: true });
  await endJournal(historyDir);
  return { operationId: journal.operationId, summary: journal.summary, restored, leftAsIs };
}

/** Under the registry lock, before any write or undo: roll back what a dead writer left unfinished. */
export async function recoverLocked(root: string, historyDir: string): Promise<RolledBack | null> {
  const journal = await readJournal(historyDir);
  if (!journal) return null;
  const rolledBack = await rollBack(root, historyDir, journal);
  await removeStaleTempFiles(historyDir);
  return rolledBack;
}

export interface RecoverOptions extends LockOptions {
  historyDir?: string;
}

/**
 * For commands that do not write (a check, the history list): when a journal is pending, take the lock
 * and roll it back. Costs one failed open when there is nothing to do. When another writer holds the lock
 * (its journal is not abandoned), returns null and leaves it alone.
 */
export async function recoverPendingWrite(root: string, options: RecoverOptions = {}): Promise<RolledBack | null> {
  const historyDir = options.historyDir ?? (await defaultHistoryDir(root));
  if (!(await readJournal(historyDir))) return null;
  try {
    return await withRegistryLock(root, () => recoverLocked(root, historyDir), options);
  } catch (error) {
    if (error instanceof RegistryError && error.code === 'busy') return null;
    throw error;
  }
}

/** One sentence for people about a roll-back. */
export function rolledBackMessage(r: RolledBack): string {
  const left = r.leftAsIs.length
    ? ` ${r.leftAsIs.join(', ')} changed since then and ${r.leftAsIs.length > 1 ? 'were' : 'was'} left as ${r.leftAsIs.length > 1 ? 'they are' : 'it is'}; check ${r.leftAsIs.length > 1 ? 'them' : 'it'} with "git diff".`
    : '';
  return `An unfinished write was rolled back ("${r.summary}" was interrupted before it completed), so the registry is as it was before it.${left}`;
}
