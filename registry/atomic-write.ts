/**
 * Atomic file replacement: write a temp file in the same directory, fsync it, rename it over the target,
 * fsync the directory. A reader (or a crash at any instant) sees the old bytes or the new bytes, never a
 * mix. Temp files left by a killed writer are removed by the next write to the same directory.
 */
import { randomBytes } from 'node:crypto';
import { open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const TEMP_NAME = /^\.(.+)\.(\d+)\.[0-9a-f]{12}\.tmp$/;

export function isProcessAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes `.<name>.<pid>.<random>.tmp` files whose writer process no longer exists. */
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

/** fsync a directory so a rename in it survives a power cut. Not possible on Windows, where rename is already durable enough. */
export async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EACCES' && code !== 'EINVAL') throw error;
  } finally {
    await handle?.close();
  }
}

export async function writeFileAtomic(file: string, data: Uint8Array): Promise<void> {
  const dir = dirname(file);
  await removeStaleTempFiles(dir);
  // Keep the permissions of the file being replaced.
  const mode = await stat(file).then(
    (s) => s.mode & 0o777,
    () => 0o644,
  );
  const temp = join(dir, `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', mode);
  try {
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dir);
}

/** The file's bytes, or null when it does not exist (other errors are thrown). */
export async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
