/**
 * Atomic file writes, the ones every layer uses. writeFileAtomic replaces a file: write a temp file in the
 * same folder, fsync it, rename it over the target, fsync the folder. writeNewFile creates a file only if
 * it does not exist, the same way but with a hard link instead of the rename. A reader (or a crash at any
 * instant) sees no file or the old bytes or the new bytes, never a part, and a completed write survives a
 * power cut. Temp files left by a killed writer are removed by the next write to the same folder.
 */
import { link, mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { removeStaleTempFiles, tempPathFor } from './temp-files';

export interface AtomicWriteOptions {
  /** Permissions of the new file. Default: those of the file it replaces, else 0o644. */
  readonly mode?: number;
  /** Create the folder (and its parents) when missing, with this mode (default 0o777 less the umask). */
  readonly createDir?: boolean | { readonly mode: number };
}

/** fsync a folder so a rename in it survives a power cut. Not possible on Windows, where rename is already durable enough. */
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

export async function writeFileAtomic(file: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const dir = dirname(file);
  if (options.createDir) await mkdir(dir, { recursive: true, ...(typeof options.createDir === 'object' ? options.createDir : {}) });
  await removeStaleTempFiles(dir);
  const mode =
    options.mode ??
    (await stat(file).then(
      (s) => s.mode & 0o777,
      () => 0o644,
    ));
  const temp = tempPathFor(file);
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

export interface NewFileOptions {
  /** Permissions of the new file (default 0o644). */
  readonly mode?: number;
  /** fsync the file and its folder (default true). A lock file, gone with its process anyway, skips it. */
  readonly durable?: boolean;
}

/**
 * Creates `file` with `data` already inside, or returns false when it exists. The content goes to a temp
 * file that is then hard-linked to the name (atomic, and fails if the name exists). Where hard links are
 * unsupported, falls back to O_EXCL + write, where a crash can leave the file part-written.
 */
export async function writeNewFile(file: string, data: string | Uint8Array, options: NewFileOptions = {}): Promise<boolean> {
  const durable = options.durable ?? true;
  const write = async (path: string): Promise<void> => {
    const handle = await open(path, 'wx', options.mode ?? 0o644);
    try {
      await handle.writeFile(data);
      if (durable) await handle.sync();
    } finally {
      await handle.close();
    }
  };
  await removeStaleTempFiles(dirname(file));
  const temp = tempPathFor(file);
  await write(temp);
  let linked = false;
  try {
    await link(temp, file);
    linked = true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
  if (!linked) {
    try {
      await write(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  }
  if (durable) await syncDirectory(dirname(file));
  return true;
}
