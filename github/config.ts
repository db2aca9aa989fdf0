/**
 * Where GitHub is: the REST API (COMPANION_GITHUB_API_URL, default https://api.github.com) and the web
 * origin that serves the device flow (COMPANION_GITHUB_URL, default https://github.com). Both may point at
 * GitHub Enterprise Server or a test server; https is required except for loopback addresses.
 */
import { isLoopbackHost } from '../platform/credentials/endpoint-url';
import { GitHubError } from './errors';

export const ENV_GITHUB_TOKEN = 'COMPANION_GITHUB_TOKEN';
export const ENV_GITHUB_API_URL = 'COMPANION_GITHUB_API_URL';
export const ENV_GITHUB_URL = 'COMPANION_GITHUB_URL';
export const ENV_GITHUB_CLIENT_ID = 'COMPANION_GITHUB_CLIENT_ID';

export const DEFAULT_API_URL = 'https://api.github.com';
export const DEFAULT_WEB_URL = 'https://github.com';
export const DEFAULT_UPSTREAM = 'trustwallet/assets';

export interface GitHubEndpoints {
  /** REST base URL without a trailing slash, e.g. https://api.github.com or https://ghe.example.com/api/v3. */
  readonly apiUrl: string;
  /** Web origin (device flow, token pages), e.g. https://github.com. */
  readonly webUrl: string;
}

function checkedUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new GitHubError('bad-url', `${name}="${value}" is not a URL; expected something like https://api.github.com.`);
  }
  if (url.username || url.password) throw new GitHubError('bad-url', `${name} must not contain a user name or password.`);
  if (url.search || url.hash) throw new GitHubError('bad-url', `${name} must not contain a query or a #fragment.`);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    throw new GitHubError(
      'bad-url',
      `${name} uses plain http to ${url.hostname}: the GitHub token would travel unencrypted. Use https:// (http is accepted only for loopback addresses).`,
    );
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new GitHubError('bad-url', `${name} must be an https:// URL.`);
  return url.href.replace(/\/+$/, '');
}

export function githubEndpoints(env: NodeJS.ProcessEnv): GitHubEndpoints {
  return {
    apiUrl: checkedUrl(ENV_GITHUB_API_URL, env[ENV_GITHUB_API_URL] || DEFAULT_API_URL),
    webUrl: checkedUrl(ENV_GITHUB_URL, env[ENV_GITHUB_URL] || DEFAULT_WEB_URL),
  };
}

/** `owner/repo`, each part as GitHub allows it. */
export function parseRepoName(value: string): { owner: string; repo: string } | undefined {
  const match = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})$/.exec(value);
  if (!match || match[2] === '.' || match[2] === '..') return undefined;
  return { owner: match[1]!, repo: match[2]! };
}
