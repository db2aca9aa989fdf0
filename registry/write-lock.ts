/**
 * One writer at a time per registry clone, across processes (the app, the CLI, a CI script). The lock is
 * a file created with O_EXCL in the system temp folder, keyed by the clone's real path, so it never shows
 * in `git status`. A lock left by a killed process is taken over once that process is gone.
 */
import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, realpath, stat, unlink, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { isProcessAlive, removeStaleTempFiles } from './atomic-write';
import { RegistryError } from './errors';

export interface LockOptions {
  /** Where lock files live (default: <system temp>/gateway-companion-locks). */
  lockDir?: string;
  /** How long to wait for another writer before giving up (default 10 s). */
  timeoutMs?: number;
}

/** A lock whose owner never wrote its pid is considered abandoned after this long. */
const UNWRITTEN_LOCK_MS = 10_000;

async function lockPathFor(root: string, lockDir: string | undefined): Promise<string> {
  const real = await realpath(root).catch(() => root);
  const key = createHash('sha256').update(real).digest('hex').slice(0, 32);
  const dir = lockDir ?? join(tmpdir(), 'gateway-companion-locks');
  await mkdir(dir, { recursive: true });
  await removeStaleTempFiles(dir);
  return join(dir, `${key}.lock`);
}

/** True when the lock at `path` belongs to a process that no longer exists. */
async function isAbandoned(path: string): Promise<{ abandoned: boolean; owner: string }> {
  const [content, info] = await Promise.all([readFile(path, 'utf8').catch(() => null), stat(path).catch(() => null)]);
  if (content === null || info === null) return { abandoned: false, owner: 'another process' };
  const [pid, host] = content.split(' ');
  if (!pid) return { abandoned: Date.now() - info.mtimeMs > UNWRITTEN_LOCK_MS, owner: 'another process' };
  const owner = `process ${pid}${host && host !== hostname() ? ` on ${host}` : ''}`;
  // A lock from another machine (a shared folder) cannot be probed: wait for it instead.
  return { abandoned: host === hostname() && !isProcessAlive(Number(pid)), owner };
}

/**
 * Creates the lock with its owner already written: the content goes to a temp file that is then
 * hard-linked to the lock name (atomic, and fails if the lock exists). So a writer killed at any
 * moment never leaves an empty lock. Where hard links are unsupported, falls back to O_EXCL + write.
 */
async function tryCreate(path: string, token: string): Promise<boolean> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  await writeFile(temp, token);
  try {
    await link(temp, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
  try {
    const handle = await open(path, 'wx');
    try {
      await handle.writeFile(token);
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

export async function withRegistryLock<T>(root: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const path = await lockPathFor(root, options.lockDir);
  const token = `${process.pid} ${hostname()} ${randomBytes(8).toString('hex')}`;
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (!(await tryCreate(path, token))) {
    const { abandoned, owner } = await isAbandoned(path);
    if (abandoned) {
      await unlink(path).catch(() => undefined);
      continue;
    }
    if (Date.now() > deadline) {
      throw new RegistryError(
        'busy',
        `Another write to this registry is in progress (${owner}). Nothing was written; try again when it has finished.`,
      );
    }
    await new Promise((r) => setTimeout(r, 10 + Math.random() * 30));
  }
  try {
    return await fn();
  } finally {
    // Remove the lock only if it is still ours.
    if ((await readFile(path, 'utf8').catch(() => null)) === token) await unlink(path).catch(() => undefined);
  }
}
