/**
 * Writes a plan, and undoes writes. Under the registry lock: check every file still has the bytes the
 * plan was made from (else refuse: someone else wrote in between), save the previous versions to the
 * history, then replace each file atomically. Undo restores the saved versions the same way.
 */
import { rmdir, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { syncDirectory, writeFileAtomic } from '../platform/files/atomic-write';
import { RegistryError, refusalFor } from './errors';
import {
  defaultHistoryDir,
  listHistory,
  pruneHistory,
  readBefore,
  recordOperation,
  updateRecord,
  type HistoryFile,
  type HistoryRecord,
} from './history';
import { absolute, readRegistryFile } from './layout';
import { sha256 } from './list-reader';
import type { WritePlan } from './write-plan';
import { withRegistryLock, type LockOptions } from './write-lock';

export interface WriteOptions extends LockOptions {
  /** Where previous versions are kept (default: per-user config folder, see history.ts). */
  historyDir?: string;
}

export interface AppliedWrite {
  readonly operationId: string;
  /** Relative paths written, in order. */
  readonly written: readonly string[];
  readonly historyDir: string;
}

/** Folders that must be created for `relPath`, outermost first (relative paths). */
async function missingDirs(root: string, relPath: string): Promise<string[]> {
  const missing: string[] = [];
  for (let dir = dirname(relPath); dir !== '.' && dir !== ''; dir = dirname(dir)) {
    const exists = await stat(absolute(root, dir)).then(
      () => true,
      () => false,
    );
    if (exists) break;
    missing.unshift(dir);
  }
  return missing;
}

function changedMessage(path: string): string {
  return `${path} changed on disk after this change was prepared (another window, program or person saved it). Nothing was written. Check the file, then prepare the change again.`;
}

export async function applyWrite(plan: WritePlan, options: WriteOptions = {}): Promise<AppliedWrite> {
  if (plan.blocking.length > 0) {
    const codes = [...new Set(plan.blocking.map((f) => f.code))];
    throw new RegistryError(
      'blocked-by-findings',
      `Nothing was written: ${plan.blocking.length} problem${plan.blocking.length > 1 ? 's' : ''} must be fixed first (${codes.join(', ')}). ${plan.blocking[0]!.message} To write anyway, override the check by name.`,
    );
  }
  const { root } = plan;
  const historyDir = options.historyDir ?? (await defaultHistoryDir(root));
  if (plan.files.length === 0) return { operationId: '', written: [], historyDir };

  return withRegistryLock(
    root,
    async () => {
      for (const file of plan.files) {
        const now = await readRegistryFile(root, file.path).catch((error: unknown) => {
          throw refusalFor(error, 'changed-on-disk');
        });
        if ((now ? sha256(now) : null) !== file.beforeHash) throw new RegistryError('changed-on-disk', changedMessage(file.path));
      }
      const files: HistoryFile[] = [];
      for (const file of plan.files)
        files.push({
          path: file.path,
          beforeHash: file.beforeHash,
          afterHash: sha256(file.after),
          createdDirs: await missingDirs(root, file.path),
        });
      const record = await recordOperation(
        historyDir,
        root,
        { kind: plan.operation.kind, chain: plan.chain, validatorId: plan.id, summary: plan.summary, files },
        plan.files.map((f) => f.before),
      );
      for (const file of plan.files) {
        await writeFileAtomic(absolute(root, file.path), file.after, { createDir: true });
      }
      await pruneHistory(historyDir);
      return { operationId: record.id, written: plan.files.map((f) => f.path), historyDir };
    },
    options,
  );
}

export interface UndoOptions extends WriteOptions {
  /** The operation to undo (default: the most recent one that is not an undo and not undone yet). */
  operationId?: string;
}

export interface UndoResult {
  readonly undone: HistoryRecord;
  /** The undo is itself recorded, so it can be reversed by undoing this id. */
  readonly operationId: string;
  readonly restored: readonly string[];
}

export async function undo(root: string, options: UndoOptions = {}): Promise<UndoResult> {
  const historyDir = options.historyDir ?? (await defaultHistoryDir(root));
  return withRegistryLock(
    root,
    async () => {
      const records = await listHistory(historyDir);
      const target = options.operationId
        ? records.find((r) => r.id === options.operationId)
        : records.find((r) => r.kind !== 'undo' && !r.undoneBy);
      if (!target) {
        throw new RegistryError(
          'nothing-to-undo',
          options.operationId
            ? `There is no saved operation ${options.operationId} for this registry.`
            : 'There is nothing to undo for this registry.',
        );
      }
      if (target.undoneBy)
        throw new RegistryError(
          'nothing-to-undo',
          `Operation ${target.id} ("${target.summary}") was already undone by ${target.undoneBy}.`,
        );

      // Refuse if any file moved on since: undoing would throw away someone's later change.
      const now: (Buffer | null)[] = [];
      for (const file of target.files) {
        const bytes = await readRegistryFile(root, file.path).catch((error: unknown) => {
          throw refusalFor(error, 'undo-conflict');
        });
        const hash = bytes ? sha256(bytes) : null;
        if (hash !== file.afterHash && hash !== file.beforeHash) {
          throw new RegistryError(
            'undo-conflict',
            `${file.path} was changed after "${target.summary}". Undoing now would lose that later change, so nothing was restored.`,
          );
        }
        now.push(bytes);
      }
      const restoring = target.files
        .map((file, i) => ({ file, i, current: now[i]! }))
        .filter(({ file, current }) => (current ? sha256(current) : null) !== file.beforeHash);
      const record = await recordOperation(
        historyDir,
        root,
        {
          kind: 'undo',
          chain: target.chain,
          validatorId: target.validatorId,
          summary: `Undo: ${target.summary}`,
          undoes: target.id,
          files: restoring.map(({ file, current }) => ({
            path: file.path,
            beforeHash: current ? sha256(current) : null,
            afterHash: file.beforeHash,
            createdDirs: [],
          })),
        },
        restoring.map(({ current }) => current),
      );
      // Restore in reverse order of writing (list.json before its logo).
      for (const { file, i } of [...restoring].reverse()) {
        const path = absolute(root, file.path);
        const previous = await readBefore(historyDir, target, i);
        if (previous) {
          await writeFileAtomic(path, previous, { createDir: true });
        } else {
          await unlink(path).catch((e: NodeJS.ErrnoException) => {
            if (e.code !== 'ENOENT') throw e;
          });
          await syncDirectory(dirname(path));
          for (const dir of [...file.createdDirs].reverse()) await rmdir(absolute(root, dir)).catch(() => undefined);
        }
      }
      await updateRecord(historyDir, { ...target, undoneBy: record.id });
      // Undoing an undo redoes the original operation, which is then live again.
      const redone = target.undoes ? records.find((r) => r.id === target.undoes) : undefined;
      if (redone) {
        const { undoneBy: _undoneBy, ...live } = redone;
        await updateRecord(historyDir, live);
      }
      return { undone: target, operationId: record.id, restored: restoring.map(({ file }) => file.path) };
    },
    options,
  );
}

/** Operations recorded for a registry, newest first (for an "Undo" menu or `companion registry undo --list`). */
export async function registryHistory(root: string, options: Pick<WriteOptions, 'historyDir'> = {}): Promise<HistoryRecord[]> {
  return listHistory(options.historyDir ?? (await defaultHistoryDir(root)));
}
