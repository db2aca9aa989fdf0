/** Every way talking to GitHub can fail, each with a plain sentence that says what to do. */
export type GitHubErrorCode =
  | 'no-token'
  | 'bad-token'
  | 'fine-grained-token'
  | 'missing-scope'
  | 'device-flow-unavailable'
  | 'device-flow-failed'
  | 'cancelled'
  | 'bad-client-id'
  | 'settings-file'
  | 'rate-limited'
  | 'not-found'
  | 'forbidden'
  | 'fork-timeout'
  | 'ref-conflict'
  | 'upstream-changed'
  | 'pull-request-rules'
  | 'network'
  | 'bad-url'
  | 'unsafe-git-config'
  | 'push-refused'
  | 'push-rejected'
  | 'push-failed'
  | 'api';

export class GitHubError extends Error {
  override readonly name = 'GitHubError';
  constructor(
    readonly code: GitHubErrorCode,
    message: string,
    /** For 'rate-limited': when the limit resets (epoch ms), if GitHub said. */
    readonly resetAt?: number,
  ) {
    super(message);
  }
}

/** The prefilled page for a classic token with exactly the scope a pull request to a public repository needs. */
export function classicTokenUrl(webUrl: string): string {
  return `${webUrl.replace(/\/$/, '')}/settings/tokens/new?scopes=public_repo&description=Gateway%20Companion`;
}

export function fineGrainedRefusal(webUrl: string): GitHubError {
  return new GitHubError(
    'fine-grained-token',
    'This is a fine-grained personal access token (it starts with github_pat_). GitHub does not let a fine-grained token ' +
      'open a pull request on a public repository you are not a member of, such as the validator registry, so it would fail ' +
      `halfway. Create a classic token with the public_repo scope instead: ${classicTokenUrl(webUrl)} (or sign in with the device flow).`,
  );
}
