/**
 * The one reader for files named by a user or found in a user's folder (registry lists and logos, logo
 * sources, CA files, assistant configs, drafts). Such a path may be a FIFO, a device, a symlink to
 * /dev/zero or a huge file, so:
 * - it is opened with O_NONBLOCK, so a FIFO never blocks the open (or Node's thread pool);
 * - the opened handle (not the path, which could be swapped) must be a regular file;
 * - at most cap + 1 bytes are ever read, whatever the file claims its size is;
 * - optionally the last component may not be a symlink (O_NOFOLLOW), and the real path must stay
 *   inside a chosen root folder.
 * Every refusal is a FileReadError whose message names the file and says what to do.
 */
import { constants, type Stats } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';

const MiB = 1024 * 1024;

/** Bytes read at most, per kind of file. */
export const FILE_CAPS = {
  /** A registry chain's validators/list.json. */
  list: 16 * MiB,
  /** A logo, or an image a logo is made from (the wizard's uploads have the same limit). */
  image: 30 * MiB,
  /** A PEM CA bundle trusted for a gateway (a profile's caFile, --ca-file, NODE_EXTRA_CA_CERTS). */
  caFile: 1 * MiB,
  /** A PEM certificate or key (the gateway's TLS files). */
  tlsPem: 1 * MiB,
  /** An assistant's (MCP client's) config file. */
  clientConfig: 4 * MiB,
  /** The wizard's saved draft and its small state files. */
  draft: 4 * MiB,
} as const;

export type FileKind = keyof typeof FILE_CAPS;

const KIND_NAMES: Record<FileKind, string> = {
  list: 'a validator list',
  image: 'an image',
  caFile: 'a CA file',
  tlsPem: 'a certificate or key file',
  clientConfig: 'an assistant config',
  draft: 'a draft',
};

export type FileReadReason = 'missing' | 'not-regular' | 'too-large' | 'symlink' | 'outside-root' | 'unreadable';

/** Why a file was not read. `message` ("<file> is a folder, …; replace it …") is for the user as it stands. */
export class FileReadError extends Error {
  override readonly name = 'FileReadError';
  constructor(
    readonly reason: FileReadReason,
    readonly file: string,
    /** The message without the file name, for callers that name the file their own way: "is a folder, not a regular file; …". */
    readonly detail: string,
    /** The file's size when it is too large and its size is known. */
    readonly size?: number,
  ) {
    super(`${file} ${detail}.`);
  }
}

export interface BoundedReadOptions {
  /** The kind of file (its cap, and its name in messages), or a cap in bytes. */
  readonly limit: FileKind | number;
  /** Refuse a symlink in the last path component instead of following it. */
  readonly noFollow?: boolean;
  /** The file's real path (symlinks resolved) must lie inside this folder. */
  readonly root?: string;
}

// Absent on Windows, where FIFOs and symlinked devices do not arise this way.
const { O_RDONLY, O_NONBLOCK = 0, O_NOFOLLOW = 0 } = constants;

export function capOf(limit: FileKind | number): number {
  return typeof limit === 'number' ? limit : FILE_CAPS[limit];
}

/** "2.5 MiB", "640 KiB", "12 bytes". */
export function formatBytes(n: number): string {
  if (n >= MiB) return `${Number((n / MiB).toFixed(1))} MiB`;
  if (n >= 1024) return `${Number((n / 1024).toFixed(1))} KiB`;
  return `${n} byte${n === 1 ? '' : 's'}`;
}

function tooLarge(file: string, limit: FileKind | number, size?: number): FileReadError {
  const cap = capOf(limit);
  const what = typeof limit === 'number' ? 'this file' : KIND_NAMES[limit];
  // Exact bytes where rounding would make the size look equal to the limit.
  const shown =
    size !== undefined && formatBytes(size) === formatBytes(cap) ? `${size.toLocaleString('en-US')} bytes` : formatBytes(size ?? 0);
  const is = size === undefined ? 'is larger than' : `is ${shown}, over`;
  return new FileReadError('too-large', file, `${is} the ${formatBytes(cap)} limit for ${what}; use a smaller file`, size);
}

function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a named pipe (FIFO)';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isSocket()) return 'a socket';
  return 'not a regular file';
}

function notRegular(file: string, kind: string): FileReadError {
  return new FileReadError('not-regular', file, `is ${kind}, not a regular file; replace it with the file itself`);
}

function openFailure(error: unknown, file: string, noFollow: boolean): FileReadError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return new FileReadError('missing', file, 'does not exist; check the path');
  if (noFollow && (code === 'ELOOP' || code === 'EMLINK'))
    return new FileReadError('symlink', file, 'is a symbolic link, which is not followed here; replace the link with the file itself');
  if (code === 'EISDIR') return notRegular(file, 'a folder');
  // Opening a socket fails this way.
  if (code === 'ENXIO' || code === 'EOPNOTSUPP') return notRegular(file, 'a socket or device');
  return new FileReadError('unreadable', file, `could not be read (${code ?? (error as Error).message}); check that you may read it`);
}

/** Refuses a file whose real path leaves `root` (a symlink to elsewhere). */
async function checkInsideRoot(file: string, root: string, noFollow: boolean): Promise<void> {
  const realRoot = await realpath(root).catch((error: unknown) => {
    throw openFailure(error, root, false);
  });
  const real = await realpath(file).catch((error: unknown) => {
    throw openFailure(error, file, noFollow);
  });
  const rel = relative(realRoot, real);
  if (rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))) return;
  throw new FileReadError(
    'outside-root',
    file,
    `leads outside ${root} (a symbolic link to ${real}); replace the link with the file itself`,
  );
}

/** Opens a regular file for reading, checked on the opened handle. The caller closes the handle. */
export async function openRegularFile(
  file: string,
  options: Omit<BoundedReadOptions, 'limit'> = {},
): Promise<{ handle: FileHandle; size: number }> {
  const noFollow = options.noFollow === true;
  if (options.root !== undefined) await checkInsideRoot(file, options.root, noFollow);
  let handle: FileHandle;
  try {
    handle = await open(file, O_RDONLY | O_NONBLOCK | (noFollow ? O_NOFOLLOW : 0));
  } catch (error) {
    throw openFailure(error, file, noFollow);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw notRegular(file, kindOf(info));
    return { handle, size: info.size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Reads from the start of `handle` until its end or `max` bytes, growing the buffer from `sizeHint`. */
export async function readAtMost(handle: FileHandle, max: number, sizeHint = 0): Promise<Buffer> {
  let buffer = Buffer.allocUnsafe(Math.min(max, Math.max(sizeHint + 1, 8192)));
  let length = 0;
  while (length < max) {
    if (length === buffer.length) {
      const bigger = Buffer.allocUnsafe(Math.min(max, buffer.length * 2));
      buffer.copy(bigger, 0, 0, length);
      buffer = bigger;
    }
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
    if (bytesRead === 0) break;
    length += bytesRead;
  }
  return buffer.subarray(0, length);
}

/** The whole file, if it is a regular file within the limit; otherwise a FileReadError. */
export async function readBoundedFile(file: string, options: BoundedReadOptions): Promise<Buffer> {
  const cap = capOf(options.limit);
  const { handle, size } = await openRegularFile(file, options);
  try {
    if (size > cap) throw tooLarge(file, options.limit, size);
    // One byte more than the cap tells a file that grew (or under-reports its size, as /proc does) from one that fits.
    const bytes = await readAtMost(handle, cap + 1, size);
    if (bytes.length > cap) throw tooLarge(file, options.limit);
    return bytes;
  } finally {
    await handle.close();
  }
}

/** Like readBoundedFile, but null when the file does not exist. */
export async function readBoundedFileIfExists(file: string, options: BoundedReadOptions): Promise<Buffer | null> {
  try {
    return await readBoundedFile(file, options);
  } catch (error) {
    if (error instanceof FileReadError && error.reason === 'missing') return null;
    throw error;
  }
}
