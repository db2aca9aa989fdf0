/**
 * Atomic file writes, the ones every layer uses. writeFileAtomic replaces a file: write a temp file in the
 * same folder, fsync it, rename it over the target, fsync the folder. writeNewFile creates a file only if
 * it does not exist, the same way but with a hard link instead of the rename. A reader (or a crash at any
 * instant) sees no file or the old bytes or the new bytes, never a part, and a completed write survives a
 * power cut. Temp files left by a killed writer are removed by the next write to the same folder.
 *
 * With `root`, writeFileAtomic never writes through a symbolic link below that folder: the path is checked
 * level by level (lstat) before anything is created, each folder it creates is made one level at a time
 * (mkdir never follows a link it finds; the level is checked again after), and the whole path is checked
 * once more right before the rename that makes the new bytes visible, so a link put in place meanwhile is
 * still refused. The temp file is created with O_EXCL, which never follows a link either.
 */
import { lstat, link, mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { assertNoLinkOnPath, findLinkOnPath, LinkOnPathError } from './contained-path';
import { removeStaleTempFiles, tempPathFor } from './temp-files';

export interface AtomicWriteOptions {
  /** Permissions of the new file. Default: those of the file it replaces, else 0o644. */
  readonly mode?: number;
  /** Create the folder (and its parents) when missing, with this mode (default 0o777 less the umask). */
  readonly createDir?: boolean | { readonly mode: number };
  /** A folder the file lies in: no part of the path below it may be a symbolic link (LinkOnPathError). */
  readonly root?: string;
}

/** `file` relative to `root` with forward slashes; throws when it is not below `root`. */
function pathBelow(root: string, file: string): string {
  const rel = relative(root, file);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) throw new Error(`${file} is not inside ${root}`);
  return rel.split(sep).join('/');
}

/** Creates the folders of `relDir` below `root` one level at a time, refusing a level that is a link. */
async function makeDirsNoLinks(root: string, relDir: string, mode: number | undefined): Promise<void> {
  let current = root;
  const parts = relDir.split('/').filter((p) => p !== '' && p !== '.');
  for (const [i, part] of parts.entries()) {
    current = join(current, part);
    await mkdir(current, mode === undefined ? {} : { mode }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    if ((await lstat(current)).isSymbolicLink()) {
      const link = parts.slice(0, i + 1).join('/');
      throw new LinkOnPathError(
        root,
        (await findLinkOnPath(root, link)) ?? { link, target: 'a path that changed meanwhile', outside: true },
      );
    }
  }
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
  const { root } = options;
  const below = root === undefined ? undefined : pathBelow(root, file);
  if (root !== undefined && below !== undefined) await assertNoLinkOnPath(root, below);
  const dirMode = typeof options.createDir === 'object' ? options.createDir.mode : undefined;
  if (options.createDir) {
    if (root !== undefined && below !== undefined) await makeDirsNoLinks(root, dirname(below), dirMode);
    else await mkdir(dir, { recursive: true, ...(dirMode === undefined ? {} : { mode: dirMode }) });
  }
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
    // Again at the last moment: a link swapped in since the first check would redirect the rename.
    if (root !== undefined && below !== undefined) await assertNoLinkOnPath(root, below);
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
