/**
 * Writes a plan, and undoes writes. Under the registry lock: roll back whatever a killed writer left
 * unfinished, check every file still has the bytes the plan was made from (else refuse: someone else
 * wrote in between), journal the operation, save the previous versions to the history, then replace each
 * file atomically. Undo restores the saved versions the same way. The journal (write-journal.ts) makes
 * each operation all or nothing across a crash.
 */
import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { RegistryError, refusalFor } from './errors';
import {
  defaultHistoryDir,
  listHistory,
  newOperationId,
  pruneHistory,
  saveBefores,
  writeRecord,
  type HistoryFile,
  type HistoryRecord,
} from './history';
import { absolute, assertNoLinkInRegistry, readRegistryFile, writeRegistryFile } from './layout';
import { sha256 } from './list-reader';
import { beginJournal, endJournal, readJournal, recoverLocked, recoverPendingWrite, restoreBefore, type RolledBack } from './write-journal';
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
  /** An earlier write that had been cut short (a crash) and was rolled back first. */
  readonly rolledBack?: RolledBack;
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
      const rolledBack = await recoverLocked(root, historyDir);
      for (const file of plan.files) {
        await assertNoLinkInRegistry(root, file.path);
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
      const record: HistoryRecord = {
        id: newOperationId(),
        time: new Date().toISOString(),
        kind: plan.operation.kind,
        chain: plan.chain,
        validatorId: plan.id,
        summary: plan.summary,
        files,
      };
      await beginJournal(historyDir, { operationId: record.id, summary: record.summary, files, previousRecords: [] });
      await saveBefores(
        historyDir,
        root,
        record.id,
        plan.files.map((f) => f.before),
      );
      await writeRecord(historyDir, record);
      for (const file of plan.files) {
        await writeRegistryFile(root, file.path, file.after);
      }
      await endJournal(historyDir);
      await pruneHistory(historyDir);
      return { operationId: record.id, written: plan.files.map((f) => f.path), historyDir, ...(rolledBack ? { rolledBack } : {}) };
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
      await recoverLocked(root, historyDir);
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
        await assertNoLinkInRegistry(root, file.path);
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
      const files: HistoryFile[] = [];
      for (const { file, current } of restoring) {
        files.push({
          path: file.path,
          beforeHash: current ? sha256(current) : null,
          afterHash: file.beforeHash,
          createdDirs: current ? [] : await missingDirs(root, file.path),
        });
      }
      const record: HistoryRecord = {
        id: newOperationId(),
        time: new Date().toISOString(),
        kind: 'undo',
        chain: target.chain,
        validatorId: target.validatorId,
        summary: `Undo: ${target.summary}`,
        undoes: target.id,
        files,
      };
      // Undoing an undo redoes the original operation, which is then live again.
      const redone = target.undoes ? records.find((r) => r.id === target.undoes) : undefined;
      await beginJournal(historyDir, {
        operationId: record.id,
        summary: record.summary,
        files,
        previousRecords: redone ? [target, redone] : [target],
      });
      await saveBefores(
        historyDir,
        root,
        record.id,
        restoring.map(({ current }) => current),
      );
      await writeRecord(historyDir, record);
      // Restore in reverse order of writing (list.json before its logo).
      for (const { i } of [...restoring].reverse()) await restoreBefore(root, historyDir, target, i);
      await writeRecord(historyDir, { ...target, undoneBy: record.id });
      if (redone) {
        const { undoneBy: _undoneBy, ...live } = redone;
        await writeRecord(historyDir, live);
      }
      await endJournal(historyDir);
      return { undone: target, operationId: record.id, restored: restoring.map(({ file }) => file.path) };
    },
    options,
  );
}

/**
 * Operations recorded for a registry, newest first (for an "Undo" menu or `companion registry undo --list`).
 * An operation cut short by a crash is rolled back first; one still being written by another process is
 * not listed until it completes.
 */
export async function registryHistory(root: string, options: WriteOptions = {}): Promise<HistoryRecord[]> {
  const historyDir = options.historyDir ?? (await defaultHistoryDir(root));
  await recoverPendingWrite(root, { ...options, historyDir });
  return listHistory(historyDir, (await readJournal(historyDir))?.operationId);
}
