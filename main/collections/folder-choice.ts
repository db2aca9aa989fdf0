/**
 * Which folder the collections live in: the one the user chose in the Collections view (typically a folder
 * of their own git repository, so collections are diffed and reviewed there; settings.json's
 * `collectionsFolder`), else the default `collections/` in the configuration folder.
 *
 * A chosen path comes from the renderer or from a file people edit, so it is checked here when it is set
 * and again each time it is used: a full path to an existing folder, not a symbolic link (reads never
 * follow one and writes never go through one, as everywhere), that this process may read and write in.
 * A chosen folder is never created, not even when its parent exists: the picker chooses existing folders
 * (the system dialog can make a new one), and a folder made again where an unplugged disk was mounted
 * would put collections on the wrong disk. One that is no longer usable is reported in plain words and
 * nothing is read or written until it is back or another folder is chosen; the setting is kept.
 */
import { constants } from 'node:fs';
import { access, lstat, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { PathContext } from '../../platform/credentials/config-paths';
import { CollectionFileError, CollectionsFolder, defaultCollectionsDir } from './folder';
import { collectionsFolderSetting, saveCollectionsFolderSetting } from './folder-setting';

export type FolderProblemReason = 'not_absolute' | 'missing' | 'not_a_folder' | 'link' | 'unreadable' | 'unwritable';

/** Why a folder cannot hold collections: `what` is one plain sentence about the folder. */
export interface FolderProblem {
  readonly reason: FolderProblemReason;
  readonly what: string;
}

/** Errors that mean the folder is not reachable now (a disk or share gone), as opposed to a folder that is not there. */
const UNREACHABLE = new Set(['ENODEV', 'ENXIO', 'EIO', 'ESTALE', 'ETIMEDOUT', 'EHOSTDOWN', 'EHOSTUNREACH']);
const DENIED = new Set(['EACCES', 'EPERM']);

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException).code;

/**
 * Whether `dir` can hold collections now; undefined when it can. Nothing is created or changed. Only the
 * folder itself must not be a link: the folders above it may be (a home or a disk linked in), as a
 * registry folder's may; below it, the collections folder's own reads and writes refuse links.
 */
export async function folderProblem(dir: string): Promise<FolderProblem | undefined> {
  if (!path.isAbsolute(dir)) return { reason: 'not_absolute', what: `"${dir}" is not a full path (one that starts at the top of a disk).` };
  let info;
  try {
    info = await lstat(dir);
  } catch (error) {
    const code = codeOf(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return { reason: 'missing', what: `There is no folder at ${dir}.` };
    if (code !== undefined && UNREACHABLE.has(code)) return { reason: 'missing', what: `${dir} cannot be reached (${code}).` };
    if (code !== undefined && DENIED.has(code))
      return { reason: 'unreadable', what: `Gateway Companion may not open ${dir} (the permissions of a folder above it).` };
    throw error;
  }
  if (info.isSymbolicLink()) {
    const target = await realpath(dir).catch(() => readlink(dir).catch(() => 'a path that cannot be read'));
    return {
      reason: 'link',
      what: `${dir} is a symbolic link (to ${target}); collections are never read or written through a link.`,
    };
  }
  if (!info.isDirectory()) return { reason: 'not_a_folder', what: `${dir} is a file, not a folder.` };
  const denied = async (mode: number): Promise<boolean> => {
    try {
      await access(dir, mode);
      return false;
    } catch (error) {
      const code = codeOf(error);
      if (code === 'EROFS' || (code !== undefined && DENIED.has(code))) return true;
      throw error;
    }
  };
  if (await denied(constants.R_OK | constants.X_OK))
    return { reason: 'unreadable', what: `Gateway Companion may not read ${dir} (its permissions).` };
  if (await denied(constants.W_OK))
    return { reason: 'unwritable', what: `Gateway Companion may not write in ${dir} (its permissions, or a disk mounted read-only).` };
  return undefined;
}

/** The sentence for a folder refused when it is chosen. */
function refusal(problem: FolderProblem): string {
  switch (problem.reason) {
    case 'missing':
      return `${problem.what} Choose an existing folder (make it first in your file manager or with mkdir), then choose it here.`;
    case 'link':
      return `${problem.what} Choose the folder it leads to instead.`;
    default:
      return `${problem.what} Choose another folder.`;
  }
}

/** The sentence for a chosen folder that cannot be used now: nothing is lost, and what to do. */
function unusable(dir: string, problem: FolderProblem): string {
  const kept = 'Nothing was read or written, and the collections in it are untouched.';
  if (problem.reason === 'missing')
    return `The collections folder ${dir} is not there now: is it on a disk or network share that is not connected, or was it moved? ${kept} Connect it again, or use the default folder.`;
  return `The collections folder cannot be used now: ${problem.what} ${kept} Fix it, or choose another folder or the default one.`;
}

export interface CollectionsLocation {
  /** The folder collections are read from and written to. */
  readonly dir: string;
  readonly defaultDir: string;
  readonly isDefault: boolean;
  /** Why the chosen folder cannot be used now (the default is not used instead: nothing goes elsewhere). */
  readonly problem?: string;
}

/** The folder in effect, and why it cannot be used now if so. Throws SettingsError when settings.json cannot be read. */
export async function collectionsLocation(paths: PathContext): Promise<CollectionsLocation> {
  const defaultDir = defaultCollectionsDir(paths);
  const chosen = await collectionsFolderSetting(paths);
  if (chosen === undefined || chosen === defaultDir) return { dir: defaultDir, defaultDir, isDefault: true };
  const problem = await folderProblem(chosen);
  return { dir: chosen, defaultDir, isDefault: false, ...(problem ? { problem: unusable(chosen, problem) } : {}) };
}

/** The folder at `where`; CollectionFileError `folder_unavailable` when it is a chosen one that cannot be used now. */
export function folderAt(where: CollectionsLocation): CollectionsFolder {
  if (where.problem !== undefined) throw new CollectionFileError('folder_unavailable', where.problem);
  return new CollectionsFolder(where.dir, { create: where.isDefault });
}

/** The folder to read or write now (see folderAt). */
export async function openCollectionsFolder(paths: PathContext): Promise<CollectionsFolder> {
  return folderAt(await collectionsLocation(paths));
}

/**
 * Saves the user's choice after checking it (CollectionFileError `invalid_folder` when refused, and the
 * setting is left as it was); null, or the default folder's own path, goes back to the default.
 */
export async function chooseCollectionsFolder(paths: PathContext, input: string | null): Promise<CollectionsLocation> {
  const dir = input === null ? undefined : path.isAbsolute(input) ? path.resolve(input) : input;
  if (dir === undefined || dir === defaultCollectionsDir(paths)) await saveCollectionsFolderSetting(paths, undefined);
  else {
    const problem = await folderProblem(dir);
    if (problem) throw new CollectionFileError('invalid_folder', refusal(problem));
    await saveCollectionsFolderSetting(paths, dir);
  }
  return collectionsLocation(paths);
}
