/**
 * Undo history: before any file of a registry is replaced, its previous bytes are saved. History lives
 * in the per-user config folder (never inside the clone, so `git status` stays clean):
 *   <config dir>/registry-history/<hash of the clone's real path>/<operation id>/
 *       record.json    what was written, with hashes before and after
 *       <n>.before     the previous bytes of file n (absent when the file did not exist)
 *   <config dir>/registry-history/<hash>/journal.json
 *       only while a write is under way (write-journal.ts): what to roll back if it never finishes
 * The newest KEEP_OPERATIONS operations are kept.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { configDir, currentPathContext, type PathContext } from '../platform/credentials/config-paths';
import { writeFileAtomic } from '../platform/files/atomic-write';

export const KEEP_OPERATIONS = 200;

export type OperationKind = 'add' | 'update' | 'disable' | 'undo';

export interface HistoryFile {
  /** Relative to the registry root. */
  readonly path: string;
  /** sha256 before and after the write; null when the file did not exist / was removed. */
  readonly beforeHash: string | null;
  readonly afterHash: string | null;
  /** Folders this write created (removed again by undo when empty). */
  readonly createdDirs: readonly string[];
}

export interface HistoryRecord {
  readonly id: string;
  /** ISO time of the write. */
  readonly time: string;
  readonly kind: OperationKind;
  readonly chain: string;
  readonly validatorId: string;
  /** One line for people, e.g. "Added Example (cosmosvaloper1…) to cosmos". */
  readonly summary: string;
  readonly files: readonly HistoryFile[];
  /** For an undo: the operation it reversed. */
  readonly undoes?: string;
  /** Set when this operation has been undone. */
  readonly undoneBy?: string;
}

/** The default history folder for a clone. Pass `historyDir` to the write functions to choose another. */
export async function defaultHistoryDir(root: string, ctx: PathContext = currentPathContext()): Promise<string> {
  const real = await realpath(root).catch(() => root);
  return join(configDir(ctx), 'registry-history', createHash('sha256').update(real).digest('hex').slice(0, 16));
}

/** A new operation id: sortable by time; the random tail keeps ids unique within one millisecond. */
export function newOperationId(): string {
  return `${new Date().toISOString().replace(/[-:.]/g, '').replace('T', '-')}-${randomBytes(3).toString('hex')}`;
}

/** The folder of one operation's saved versions and record. */
export function operationDir(historyDir: string, id: string): string {
  return join(historyDir, id);
}

/**
 * Saves the previous versions of an operation's files (`<n>.before`; none when the file did not exist).
 * Written after the journal (write-journal.ts) and before any registry file is touched.
 */
export async function saveBefores(historyDir: string, root: string, id: string, before: readonly (Buffer | null)[]): Promise<void> {
  const dir = operationDir(historyDir, id);
  await mkdir(dir, { recursive: true });
  await writeFile(join(historyDir, 'registry-root.txt'), `${root}\n`);
  for (const [i, bytes] of before.entries()) if (bytes) await writeFileAtomic(join(dir, `${i}.before`), bytes);
}

/** Writes (or rewrites) an operation's record. A record on disk means its saved versions are complete. */
export async function writeRecord(historyDir: string, record: HistoryRecord): Promise<void> {
  await writeFileAtomic(join(historyDir, record.id, 'record.json'), Buffer.from(`${JSON.stringify(record, null, 2)}\n`));
}

/** The saved previous bytes of file `index` of an operation (null: the file did not exist). */
export async function readBefore(historyDir: string, record: Pick<HistoryRecord, 'id' | 'files'>, index: number): Promise<Buffer | null> {
  if (record.files[index]?.beforeHash === null) return null;
  return readFile(join(historyDir, record.id, `${index}.before`));
}

/** All operations, newest first, but `pending` (the one a journal says is unfinished). Unreadable records are skipped. */
export async function listHistory(historyDir: string, pending?: string): Promise<HistoryRecord[]> {
  let names: string[];
  try {
    names = await readdir(historyDir);
  } catch {
    return [];
  }
  const records = await Promise.all(
    names.map(async (name) => {
      try {
        return JSON.parse(await readFile(join(historyDir, name, 'record.json'), 'utf8')) as HistoryRecord;
      } catch {
        return null;
      }
    }),
  );
  return records.filter((r): r is HistoryRecord => r !== null && r.id !== pending).sort((a, b) => (a.id < b.id ? 1 : -1));
}

export const OPERATION_FOLDER = /^\d{8}-\d{9}Z-[0-9a-f]{6}$/;

/** Keeps the newest `keep` operations (ids sort by time, so no record needs reading). Runs under the write lock. */
export async function pruneHistory(historyDir: string, keep = KEEP_OPERATIONS): Promise<void> {
  const names = (await readdir(historyDir).catch(() => [] as string[]))
    .filter((n) => OPERATION_FOLDER.test(n))
    .sort()
    .reverse();
  await Promise.all(names.slice(keep).map((n) => rm(join(historyDir, n), { recursive: true, force: true })));
}
