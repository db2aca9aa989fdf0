/**
 * One writer at a time per registry clone, across processes (the app, the CLI, a CI script). The lock
 * file lives in the system temp folder, keyed by the clone's real path, so it never shows in
 * `git status`.
 */
import { createHash } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LockBusyError, withFileLock } from '../platform/files/lock';
import { RegistryError } from './errors';

export interface LockOptions {
  /** Where lock files live (default: <system temp>/gateway-companion-locks). */
  lockDir?: string;
  /** How long to wait for another writer before giving up (default 10 s). */
  timeoutMs?: number;
}

export async function withRegistryLock<T>(root: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const real = await realpath(root).catch(() => root);
  const key = createHash('sha256').update(real).digest('hex').slice(0, 32);
  const path = join(options.lockDir ?? join(tmpdir(), 'gateway-companion-locks'), `${key}.lock`);
  try {
    return await withFileLock(path, fn, options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs });
  } catch (error) {
    if (!(error instanceof LockBusyError) || error.lockPath !== path) throw error;
    throw new RegistryError(
      'busy',
      `Another write to this registry is in progress (${error.owner}). Nothing was written; try again when it has finished.`,
    );
  }
}
