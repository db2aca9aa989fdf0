/**
 * The commit identity GitHub itself uses for an account: its name (or login) and its noreply address,
 * `<id>+<login>@users.noreply.github.com`, so a commit made without a git identity is still attributed to
 * the account and publishes no private address. Only passed per command, never written to a config.
 */
import type { GitHubEndpoints } from './config';
import type { GitHubAccount } from './token-check';

export interface GitIdentity {
  readonly name: string;
  readonly email: string;
}

/** Characters git refuses in an identity: angle brackets, line breaks and other control characters. */
const unsafe = (c: string) => c === '<' || c === '>' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

export function accountIdentity(account: Pick<GitHubAccount, 'login' | 'id' | 'name'>, endpoints: GitHubEndpoints): GitIdentity {
  const host = new URL(endpoints.webUrl).hostname;
  // GitHub Enterprise Server uses its own host in the same form.
  const domain = host === 'github.com' ? 'users.noreply.github.com' : `users.noreply.${host}`;
  const name =
    [...(account.name ?? '')]
      .filter((c) => !unsafe(c))
      .join('')
      .trim() || account.login;
  return { name, email: `${account.id}+${account.login}@${domain}` };
}
