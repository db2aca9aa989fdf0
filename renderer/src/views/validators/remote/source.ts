/**
 * Where the wizard reads the registry from and where the change goes. Queries are keyed by a "source
 * root": the folder for a local clone, or `github:OWNER/REPO` for the upstream read through GitHub (remote
 * mode), so answers about one source never stand in for another.
 */
import type { StepId } from '../draft';
import type { Draft } from '../draft';

const REMOTE_PREFIX = 'github:';

export const sourceRoot = (d: Pick<Draft, 'source' | 'upstream' | 'root'>): string =>
  d.source === 'github' ? `${REMOTE_PREFIX}${d.upstream}` : d.root;

/** The upstream of a remote source root, or null for a folder. */
export const remoteUpstream = (root: string): string | null => (root.startsWith(REMOTE_PREFIX) ? root.slice(REMOTE_PREFIX.length) : null);

/** Step titles differ in remote mode, where there is no folder to choose and nothing to write on this computer. */
const REMOTE_TITLES: Partial<Record<StepId, string>> = { folder: 'Where to submit', write: 'Open pull request' };

export function stepTitle(step: { id: StepId; title: string }, source: Draft['source']): string {
  return (source === 'github' && REMOTE_TITLES[step.id]) || step.title;
}

/** `owner/repo` as GitHub allows it (main checks it again). */
export const isRepoName = (value: string) =>
  /^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}$/.test(value) && !/\/\.\.?$/.test(value);

/**
 * What the footer says when the registry could not be read through GitHub, by the real cause: offline,
 * out of quota, a repository that does not exist, or anything else.
 */
export function remoteReadFooter(code: string | undefined): string {
  switch (code) {
    case 'network':
      return 'GitHub cannot be reached: use a copy of the registry on this computer (see above), or try again once online.';
    case 'rate-limited':
      return 'Wait until the limit resets, or sign in to GitHub (see above), then try again.';
    case 'not-found':
    case 'bad-url':
      return 'Check the repository name (see above), then try again.';
    default:
      return 'See the message above, then try again.';
  }
}
