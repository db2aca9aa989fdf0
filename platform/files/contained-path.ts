/**
 * Symbolic links on the way from a chosen folder (a root) to a path inside it.
 * - findLinkOutside: the first link that leads outside the root. Reads ask it (a link that stays inside
 *   is harmless to read through); reads also refuse a file whose real path is outside (bounded-read.ts).
 * - findLinkOnPath / assertNoLinkOnPath: the first link at all, wherever it points. Writes never pass one:
 *   a link that stays inside still redirects the write (a new validator's `assets/<id>` linked to another
 *   validator's folder overwrites that one's logo; one linked to `.git/refs/heads` breaks the clone), and a
 *   file that does not exist yet has no real path to check. writeFileAtomic checks again at write time.
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
  for await (const found of linksAlong(root, relPath)) if (found.outside) return { link: found.link, target: found.target };
  return null;
}

export interface LinkOnPath {
  /** The link, relative to the root, with forward slashes (e.g. `blockchains/cosmos/validators/assets/x`). */
  readonly link: string;
  /** Where it leads: its real path, or the resolved text of a link that points nowhere. */
  readonly target: string;
  /** Whether that target lies outside the root (or nowhere). */
  readonly outside: boolean;
}

/**
 * The first symbolic link along `relPath` (forward slashes, relative to `root`), its last component
 * included, wherever it points; null when there is none. Components that do not exist yet are fine: the
 * writer creates them as real folders. The root itself may be reached through links (e.g. /tmp on macOS).
 */
export async function findLinkOnPath(root: string, relPath: string): Promise<LinkOnPath | null> {
  for await (const found of linksAlong(root, relPath)) return found;
  return null;
}

/** Each symbolic link along `relPath`, in order, up to the first component that does not exist yet. */
async function* linksAlong(root: string, relPath: string): AsyncGenerator<LinkOnPath> {
  const parts = relPath.split('/').filter((p) => p !== '' && p !== '.');
  let realRoot: string | undefined;
  let current = root;
  for (const [i, part] of parts.entries()) {
    current = join(current, part);
    const info = await lstat(current).catch(() => null);
    if (!info) return;
    if (!info.isSymbolicLink()) continue;
    const link = parts.slice(0, i + 1).join('/');
    const real = await realpath(current).catch(() => null);
    if (real === null) yield { link, target: resolve(dirname(current), await readlink(current)), outside: true };
    else yield { link, target: real, outside: !isInside((realRoot ??= await realpath(root)), real) };
  }
}

/** A write refused because its path passes a symbolic link. `message` names the link and what to do. */
export class LinkOnPathError extends Error {
  override readonly name = 'LinkOnPathError';
  constructor(
    readonly root: string,
    readonly found: LinkOnPath,
  ) {
    super(
      `${join(root, found.link)} is a symbolic link (to ${found.target}); nothing is written through a link. Replace the link with a real folder or file, then try again.`,
    );
  }
}

/** Refuses (LinkOnPathError) a path below `root` that passes a symbolic link anywhere, its last component included. */
export async function assertNoLinkOnPath(root: string, relPath: string): Promise<void> {
  const found = await findLinkOnPath(root, relPath);
  if (found) throw new LinkOnPathError(root, found);
}
