/**
 * Browser mode's folder picker: the folders inside one folder, names only, and for a file picker (the
 * Collections view's environment file) the regular files with one ending. Nothing is read but directory
 * listings (no file contents, no hidden entries, no links to files), and calls arrive through the same
 * token- and Origin-checked API as every other (main/web/server.ts).
 */
import { readdir, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FolderListing } from '../../../domain/ipc/registry-channels';
import { isRegistryRoot } from '../../../registry/index';
import { ServiceError } from '../service-error';
import { normaliseFolderInput } from './folder-info';

/** More than this and the list says so: nobody scrolls through thousands of folders. */
export const MAX_LISTED_FOLDERS = 1000;

export interface ListOptions {
  /** Also list the regular files whose name ends so (case-insensitive), e.g. ".json". */
  readonly filesEndingWith?: string;
}

export type Listing = FolderListing & { readonly files?: Array<{ name: string; path: string }> };

export async function listFolders(input: string | null, options: ListOptions = {}): Promise<Listing> {
  const path = input === null || input.trim() === '' ? homedir() : normaliseFolderInput(input);
  let entries;
  try {
    entries = await readdir(path, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new ServiceError('not_found', `There is no folder at ${path}. Check the path, or start again from your home folder.`);
    if (code === 'ENOTDIR') throw new ServiceError('not_a_folder', `${path} is a file, not a folder. Choose the folder that contains it.`);
    if (code === 'EACCES' || code === 'EPERM')
      throw new ServiceError('not_allowed', `Gateway Companion may not open ${path}. Choose another folder, or change its permissions.`);
    throw error;
  }
  const names: string[] = [];
  const files: string[] = [];
  const ending = options.filesEndingWith?.toLowerCase();
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) names.push(entry.name);
    // A link to a file is not offered: the file is read only when it is the file itself.
    else if (ending !== undefined && entry.isFile() && entry.name.toLowerCase().endsWith(ending)) files.push(entry.name);
    else if (entry.isSymbolicLink()) {
      // A link to a folder is listed like one (a clone kept on another disk is often linked in).
      const target = await stat(join(path, entry.name)).catch(() => null);
      if (target?.isDirectory()) names.push(entry.name);
    }
  }
  const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });
  names.sort(byName);
  files.sort(byName);
  const parent = dirname(path);
  return {
    path,
    parent: parent === path ? null : parent,
    home: homedir(),
    isRegistry: await isRegistryRoot(path),
    folders: names.slice(0, MAX_LISTED_FOLDERS).map((name) => ({ name, path: join(path, name) })),
    truncated: names.length > MAX_LISTED_FOLDERS || files.length > MAX_LISTED_FOLDERS,
    ...(ending !== undefined ? { files: files.slice(0, MAX_LISTED_FOLDERS).map((name) => ({ name, path: join(path, name) })) } : {}),
  };
}
