/**
 * What a token can do, asked of GitHub once (GET /user): who it belongs to and its scopes. A pull request
 * to a public repository one does not belong to needs a classic or OAuth token with `public_repo` (or
 * `repo`); a fine-grained token cannot do it at all, so it is refused before anything else happens.
 */
import type { GitHubClient } from './client';
import { classicTokenUrl, fineGrainedRefusal, GitHubError } from './errors';
import type { GitHubEndpoints } from './config';

export type TokenKind = 'classic' | 'oauth' | 'fine-grained' | 'app' | 'other';

export interface GitHubAccount {
  readonly login: string;
  readonly id: number;
  readonly name: string | null;
  readonly scopes: readonly string[];
  readonly tokenKind: TokenKind;
}

export function tokenKind(token: string): TokenKind {
  if (token.startsWith('github_pat_')) return 'fine-grained';
  if (token.startsWith('ghp_')) return 'classic';
  if (token.startsWith('gho_')) return 'oauth';
  if (token.startsWith('ghu_') || token.startsWith('ghs_')) return 'app';
  return 'other';
}

/** Refuses a token that cannot open the pull request, before any request is made with it. */
export function refuseUnusableToken(token: string, endpoints: GitHubEndpoints): void {
  if (tokenKind(token) === 'fine-grained') throw fineGrainedRefusal(endpoints.webUrl);
}

/** Asks GitHub who the token belongs to and checks it may fork and open pull requests on public repositories. */
export async function checkToken(client: GitHubClient, token: string, endpoints: GitHubEndpoints): Promise<GitHubAccount> {
  refuseUnusableToken(token, endpoints);
  const response = await client.rest.users.getAuthenticated();
  const header = response.headers['x-oauth-scopes'];
  const scopes =
    typeof header === 'string'
      ? header
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
  const kind = tokenKind(token);
  // Classic and OAuth tokens report their scopes; without the header the token's powers are unknown (a GitHub App token, for one).
  if (typeof header === 'string' && !scopes.includes('public_repo') && !scopes.includes('repo')) {
    throw new GitHubError(
      'missing-scope',
      `The token of @${response.data.login} has the scopes [${scopes.join(', ') || 'none'}], but opening a pull request on a public repository needs public_repo. ` +
        `Create a classic token with that scope (${classicTokenUrl(endpoints.webUrl)}), or sign in again with the device flow.`,
    );
  }
  return { login: response.data.login, id: response.data.id, name: response.data.name ?? null, scopes, tokenKind: kind };
}
