/**
 * The GitHub token lives in the OS keychain, in its own item: service `gateway-companion-github`, account =
 * the API origin it was issued for (so a token for github.com is never sent to another server). The login
 * is kept beside it for "signed in as". COMPANION_GITHUB_TOKEN overrides the keychain for headless use.
 */
import { isHeaderToken } from '../domain/header-token';
import { osKeychain, type Keychain } from '../platform/credentials/keychain';
import { ENV_GITHUB_TOKEN } from './config';
import { GitHubError } from './errors';

export const GITHUB_KEYCHAIN_SERVICE = 'gateway-companion-github';

/** Where a token came from: the OS keychain, COMPANION_GITHUB_TOKEN, or the app's memory for this session (no keychain). */
export type TokenSource = 'keychain' | 'environment' | 'session';

export interface StoredToken {
  readonly token: string;
  /** The account it belongs to, as GitHub reported when it was stored. */
  readonly login: string;
  readonly source: TokenSource;
}

export function githubKeychain(): Keychain {
  return osKeychain(
    GITHUB_KEYCHAIN_SERVICE,
    'Without a keychain, the command line takes a classic token with the public_repo scope in COMPANION_GITHUB_TOKEN instead.',
  );
}

const originOf = (apiUrl: string) => new URL(apiUrl).origin;

/** Tokens travel as an HTTP header: visible ASCII only, nothing that could end the header line. */
export function validateTokenText(token: string): string {
  const value = token.trim();
  if (value === '') throw new GitHubError('no-token', 'The token is empty.');
  if (!isHeaderToken(value, 1024))
    throw new GitHubError(
      'bad-token',
      'That does not look like a GitHub token: it contains spaces or other characters a token never has. Paste the token alone, without quotes.',
    );
  return value;
}

export class TokenStore {
  constructor(
    private readonly keychain: Keychain = githubKeychain(),
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  /** The token to use for `apiUrl`, or undefined when none is stored and COMPANION_GITHUB_TOKEN is unset. */
  async get(apiUrl: string): Promise<StoredToken | undefined> {
    const fromEnv = this.env[ENV_GITHUB_TOKEN];
    if (fromEnv) return { token: validateTokenText(fromEnv), login: '', source: 'environment' };
    const origin = originOf(apiUrl);
    const item = await this.keychain.get(origin);
    if (!item) return undefined;
    // Bound to the origin it was stored for; the account name is that origin, but check the record too.
    if (item.origin !== undefined && item.origin !== origin) return undefined;
    return { token: item.secretKey, login: item.accessId, source: this.keychain.fallback?.inSession(origin) ? 'session' : 'keychain' };
  }

  async set(apiUrl: string, token: string, login: string): Promise<void> {
    const origin = originOf(apiUrl);
    await this.keychain.set(origin, { accessId: login || '-', secretKey: validateTokenText(token), origin });
  }

  /** Resolves false when nothing was stored. */
  async delete(apiUrl: string): Promise<boolean> {
    return this.keychain.delete(originOf(apiUrl));
  }
}
