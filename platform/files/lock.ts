/**
 * One holder at a time across processes (the app, the CLI, a CI script, a second gateway on the same
 * data folder). The lock is a file created with its owner already inside; a lock whose owner process is
 * gone is taken over at once, and one whose owner never wrote its name (a crash in the fallback path, or
 * a lock from an older version) after UNWRITTEN_LOCK_MS. The owner is its pid with, where the system tells it,
 * the process's start time: a killed holder's pid given to another process since does not keep its lock. A lock from another machine (a shared folder)
 * cannot be probed, so it is waited for.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { writeNewFile } from './atomic-write';
import { isProcessAlive, processStartTime } from './temp-files';

export interface LockOptions {
  /** How long to wait for another holder before giving up (default 10 s). */
  readonly timeoutMs?: number;
}

/** The lock stayed taken for the whole timeout. */
export class LockBusyError extends Error {
  override readonly name = 'LockBusyError';
  constructor(
    readonly lockPath: string,
    /** In plain words: "process 1234", "process 1234 on other-host" or "another process". */
    readonly owner: string,
  ) {
    super(`${lockPath} is held by ${owner}. Try again when it has finished; if that process is no longer running, delete the file.`);
  }
}

const UNWRITTEN_LOCK_MS = 10_000;

/** Who holds the lock at `path`, and whether that holder is gone. */
async function holder(path: string): Promise<{ abandoned: boolean; owner: string; content: string | null }> {
  const [content, info] = await Promise.all([readFile(path, 'utf8').catch(() => null), stat(path).catch(() => null)]);
  if (content === null || info === null) return { abandoned: false, owner: 'another process', content };
  const [pid, host, , started] = content.split(' ');
  if (!pid) return { abandoned: Date.now() - info.mtimeMs > UNWRITTEN_LOCK_MS, owner: 'another process', content };
  const owner = `process ${pid}${host && host !== hostname() ? ` on ${host}` : ''}`;
  if (host !== hostname()) return { abandoned: false, owner, content };
  const now = processStartTime(Number(pid));
  const reused = started !== undefined && started !== '-' && now !== null && now !== started;
  return { abandoned: reused || !isProcessAlive(Number(pid)), owner, content };
}

/** Runs `fn` while holding the lock file `lockPath` (its folder is created when missing). */
export async function withFileLock<T>(lockPath: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  await mkdir(dirname(lockPath), { recursive: true });
  const token = `${process.pid} ${hostname()} ${randomBytes(8).toString('hex')} ${processStartTime(process.pid) ?? '-'}`;
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  // Created with its owner already inside, so a holder killed at any moment never leaves an empty lock.
  while (!(await writeNewFile(lockPath, token, { durable: false }))) {
    const { abandoned, owner, content } = await holder(lockPath);
    if (abandoned) {
      // Only if it is still the abandoned lock: another waiter may have taken it over meanwhile.
      if ((await readFile(lockPath, 'utf8').catch(() => null)) === content) await unlink(lockPath).catch(() => undefined);
      continue;
    }
    if (Date.now() > deadline) throw new LockBusyError(lockPath, owner);
    await new Promise((r) => setTimeout(r, 10 + Math.random() * 30));
  }
  try {
    return await fn();
  } finally {
    // Remove the lock only if it is still ours.
    if ((await readFile(lockPath, 'utf8').catch(() => null)) === token) await unlink(lockPath).catch(() => undefined);
  }
}
