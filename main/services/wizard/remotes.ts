/**
 * A clone's remotes for the wizard's push hint: each remote's name, the repository it points at and
 * whether that is the upstream registry itself (a branch pushed there is refused: operators push to their
 * fork). Read with the runner that never runs a program the folder's configuration names; URLs are not
 * returned, since one may carry a token.
 */
import { repoKey } from '../../../github/local-push';
import { runGit } from '../../../platform/process/git';
import { MAX_REMOTES, type CloneRemote } from '../../../domain/ipc/registry-channels';

/** `owner/repo` of a remote URL in any of git's forms, or null when it names no repository. */
function repositoryOf(url: string): string | null {
  const key = repoKey(url);
  const path = key?.slice(key.indexOf('/') + 1);
  return path && /^[^/]+\/[^/]+$/.test(path) ? path : null;
}

export async function cloneRemotes(root: string, upstream: string): Promise<CloneRemote[]> {
  const inside = await runGit(root, ['rev-parse', '--is-inside-work-tree']);
  if (!inside.ok || inside.stdout.trim() !== 'true') return [];
  const run = await runGit(root, ['config', '--get-regexp', '^remote\\..*\\.url$']);
  // Exit code 1: no remote at all.
  if (!run.ok) return [];
  const wanted = upstream.toLowerCase();
  const remotes: CloneRemote[] = [];
  for (const line of run.stdout.split('\n')) {
    const match = /^remote\.(.+)\.url (.+)$/.exec(line.trim());
    if (!match || remotes.some((r) => r.name === match[1])) continue;
    const repository = repositoryOf(match[2]!);
    remotes.push({ name: match[1]!.slice(0, 200), repository, upstream: repository?.toLowerCase() === wanted });
    if (remotes.length === MAX_REMOTES) break;
  }
  return remotes;
}
