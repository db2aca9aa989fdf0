/**
 * Temp files that sit next to their target while it is written (`.<name>.<pid>[-<start>].<random>.tmp`), so
 * a rename can replace the target atomically. The writer's pid (and, where the system tells it, the
 * process's start time) is in the name: a temp file whose writer process is gone was left by a crash, and
 * the next write to the same folder removes it. The start time tells a dead writer from a new process that
 * got its pid since.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const TEMP_NAME = /^\.(.+)\.(\d+)(?:-(\d+))?\.[0-9a-f]{12}\.tmp$/;

/** A fresh temp path in the same folder as `file` (same file system, so a rename is atomic). */
export function tempPathFor(file: string): string {
  const started = processStartTime(process.pid);
  return join(dirname(file), `.${basename(file)}.${process.pid}${started ? `-${started}` : ''}.${randomBytes(6).toString('hex')}.tmp`);
}

export function isProcessAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When process `pid` started, where the system says (Linux: field 22 of /proc/<pid>/stat, clock ticks since
 * boot); null elsewhere or when there is no such process. Process ids are reused (on Linux every 32,768 by
 * default, quickly on a busy machine), so a pid alone cannot tell a dead writer from a new process that got
 * its number; the pair can.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether the process that wrote a temp file (its pid and, when recorded, its start time) still runs. */
function isWriterAlive(pid: number, started: string | undefined): boolean {
  if (!isProcessAlive(pid)) return false;
  const now = started === undefined ? null : processStartTime(pid);
  return now === null || now === started;
}

/** Removes the temp files in `dir` whose writer process no longer exists. */
export async function removeStaleTempFiles(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  await Promise.all(
    names.map(async (name) => {
      const m = TEMP_NAME.exec(name);
      if (m && !isWriterAlive(Number(m[2]), m[3])) await unlink(join(dir, name)).catch(() => undefined);
    }),
  );
}
