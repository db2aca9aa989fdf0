/**
 * Temp files that sit next to their target while it is written (`.<name>.<pid>.<random>.tmp`), so a
 * rename can replace the target atomically. The writer's pid is in the name: a temp file whose writer
 * process is gone was left by a crash, and the next write to the same folder removes it.
 */
import { randomBytes } from 'node:crypto';
import { readdir, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const TEMP_NAME = /^\.(.+)\.(\d+)\.[0-9a-f]{12}\.tmp$/;

/** A fresh temp path in the same folder as `file` (same file system, so a rename is atomic). */
export function tempPathFor(file: string): string {
  return join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
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
      if (m && !isProcessAlive(Number(m[2]))) await unlink(join(dir, name)).catch(() => undefined);
    }),
  );
}
