/** Where things live in a registry clone: `blockchains/<chain>/validators/{list.json,assets/<id>/logo.png}`. */
import { readdir, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { writeFileAtomic } from '../platform/files/atomic-write';
import { readBoundedFileIfExists } from '../platform/files/bounded-read';
import { findLinkOnPath, LinkOnPathError, type EscapingLink, type LinkOnPath } from '../platform/files/contained-path';
import { RegistryError } from './errors';

export const LOGO_FILE_NAME = 'logo.png';

/** Paths relative to the registry root, always with forward slashes (they appear in findings and diffs). */
export const rel = {
  validators: (chain: string) => `blockchains/${chain}/validators`,
  list: (chain: string) => `blockchains/${chain}/validators/list.json`,
  assets: (chain: string) => `blockchains/${chain}/validators/assets`,
  logoFolder: (chain: string, id: string) => `blockchains/${chain}/validators/assets/${id}`,
  logo: (chain: string, id: string) => `blockchains/${chain}/validators/assets/${id}/${LOGO_FILE_NAME}`,
};

export function absolute(root: string, relPath: string): string {
  return join(root, ...relPath.split('/'));
}

/**
 * A file of the registry (a list.json or a logo), or null when it does not exist. Read within its size cap
 * and only when it stays inside the registry folder; otherwise a FileReadError says why.
 */
export function readRegistryFile(root: string, relPath: string): Promise<Buffer | null> {
  return readBoundedFileIfExists(absolute(root, relPath), { limit: relPath.endsWith('/list.json') ? 'list' : 'image', root });
}

/** "blockchains/cosmos/validators/assets is a symbolic link to /x, outside the registry folder" and what to do. */
export function linkOutsideMessage(escape: EscapingLink): string {
  return `${escape.link} is a symbolic link to ${escape.target}, outside the registry folder; the companion neither reads nor writes through it. Replace the link with the real folder or file (for example: delete the link, then "git checkout -- ${escape.link}").`;
}

/**
 * The refusal for a write whose path passes a symbolic link: one that leaves the registry, or one that stays
 * inside and would redirect the write to another place of it (another validator's folder, `.git`).
 */
export async function linkRefusal(root: string, found: LinkOnPath): Promise<RegistryError> {
  if (found.outside) return new RegistryError('outside-folder', `Nothing was written: ${linkOutsideMessage(found)}`);
  const realRoot = await realpath(root).catch(() => root);
  const target = relative(realRoot, found.target).split(sep).join('/') || 'the registry folder itself';
  return new RegistryError(
    'linked-path',
    `Nothing was written: ${found.link} is a symbolic link to ${target}, another place in the registry folder; writing through it would change that place instead. The companion never writes through a link. Replace the link with a real folder or file (for example: delete the link, then run "companion registry check" again).`,
  );
}

/**
 * Refuses a write to a path of the registry that passes a symbolic link anywhere below the root (chain
 * folder, validators/, assets/, the id's folder, the file itself), wherever the link points. The one rule
 * for every command that writes (app, CLI, undo, the roll-back of a cut write, the folder planner).
 */
export async function assertNoLinkInRegistry(root: string, relPath: string): Promise<void> {
  const found = await findLinkOnPath(root, relPath);
  if (found) throw await linkRefusal(root, found);
}

/** Replaces (or creates) a registry file atomically, never through a symbolic link (checked again at write time). */
export async function writeRegistryFile(root: string, relPath: string, bytes: Uint8Array): Promise<void> {
  try {
    await writeFileAtomic(absolute(root, relPath), bytes, { createDir: true, root });
  } catch (error) {
    if (error instanceof LinkOnPathError) throw await linkRefusal(root, error.found);
    throw error;
  }
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** Chain folders that have a `validators` folder, sorted. Other chain folders (tokens only) are not part of the validator registry. */
export async function listChainFolders(root: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(join(root, 'blockchains'));
  } catch {
    return [];
  }
  const withValidators = await Promise.all(
    names.map(async (n) => ((await isDirectory(join(root, 'blockchains', n, 'validators'))) ? n : null)),
  );
  return withValidators.filter((n): n is string => n !== null).sort();
}

/** True when `dir` looks like a registry clone: it has at least one `blockchains/<chain>/validators` folder. */
export async function isRegistryRoot(dir: string): Promise<boolean> {
  return (await listChainFolders(dir)).length > 0;
}

/** A sentence for a folder that is not a registry root, pointing at the right folder when the path shows it. */
export function notARegistryMessage(dir: string): string {
  const parts = dir.split(/[/\\]/);
  const at = parts.lastIndexOf('blockchains');
  const hint = at > 0 ? ` Did you mean "${parts.slice(0, at).join(sep) || sep}"?` : '';
  return `"${dir}" is not a validator registry folder: it has no blockchains/<chain>/validators folders. Choose the folder of your copy of the assets repository (the one that contains "blockchains").${hint}`;
}
