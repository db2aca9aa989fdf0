/**
 * Whether a path inside a chosen folder leaves it through a symbolic link on the way. Reads already refuse
 * a file whose real path is outside (bounded-read.ts); a write to a file that does not exist yet has no
 * real path to check, so writes ask here first: a linked `assets/` or chain folder would otherwise make a
 * new logo land wherever the link points.
 */
import { lstat, readlink, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

export interface EscapingLink {
  /** The link, relative to the root, with forward slashes (e.g. `blockchains/cosmos/validators/assets`). */
  readonly link: string;
  /** Where it leads: its real path, or the text of a link that points nowhere. */
  readonly target: string;
}

function isInside(realRoot: string, real: string): boolean {
  const rel = relative(realRoot, real);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The first symbolic link along `relPath` (forward slashes, relative to `root`) that leads outside `root`,
 * or that points nowhere (writing through it would create its target wherever it points); null when the
 * path stays inside. Components that do not exist yet are fine: they will be created inside.
 */
export async function findLinkOutside(root: string, relPath: string): Promise<EscapingLink | null> {
  const realRoot = await realpath(root);
  const parts = relPath.split('/').filter((p) => p !== '' && p !== '.');
  let current = root;
  for (const [i, part] of parts.entries()) {
    current = join(current, part);
    const info = await lstat(current).catch(() => null);
    if (!info) return null;
    if (!info.isSymbolicLink()) continue;
    const link = parts.slice(0, i + 1).join('/');
    const real = await realpath(current).catch(() => null);
    if (real === null) return { link, target: resolve(dirname(current), await readlink(current)) };
    if (!isInside(realRoot, real)) return { link, target: real };
  }
  return null;
}
