/**
 * The "push it yourself" hint after a commit in a clone. In a clone of the registry `origin` is usually
 * the registry itself, which refuses the branch; the app's own push uses a remote named `fork` pointing at
 * the operator's fork (github/local-push.ts adds it). So the hint names `fork` only when that remote exists
 * and points elsewhere than the upstream; otherwise the wizard says what its own button does instead.
 */
import type { CloneRemote } from '../../../../domain/ipc/registry-channels';

/** The app's name for the remote of the operator's fork. */
export const FORK_REMOTE = 'fork';

export interface ForkRemote {
  name: string;
  /** `owner/repo` it points at, when its URL names one. */
  repository: string | null;
}

/** The remote a `git push -u <remote> <branch>` would work with, or null when none is known to. */
export function forkRemote(remotes: readonly CloneRemote[]): ForkRemote | null {
  const fork = remotes.find((r) => r.name === FORK_REMOTE);
  return fork && !fork.upstream ? { name: fork.name, repository: fork.repository } : null;
}

/** The remotes that point at the registry itself (a push there is refused), for the hint's explanation. */
export const upstreamRemotes = (remotes: readonly CloneRemote[]): string[] => remotes.filter((r) => r.upstream).map((r) => r.name);
