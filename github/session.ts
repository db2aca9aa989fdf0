/** Sign in, who is signed in, sign out: the token's life cycle, shared by the CLI and the app. */
import { KeychainError } from '../platform/credentials/keychain';
import { keychainRemedy } from '../platform/credentials/session-secrets';
import { createClient, type GitHubClient, type RateLimitMemory } from './client';
import type { ConditionalCache } from './conditional-cache';
import { configuredClientId } from './client-id';
import { githubEndpoints, ENV_GITHUB_TOKEN, type GitHubEndpoints } from './config';
import { deviceFlowToken, signInCancelled, type DeviceVerification } from './device-flow';
import { classicTokenUrl, GitHubError } from './errors';
import { checkToken, refuseUnusableToken, tokenKind, type GitHubAccount } from './token-check';
import { TokenStore, validateTokenText, type TokenSource } from './token-store';

export interface GitHubContext {
  readonly env: NodeJS.ProcessEnv;
  /** Defaults to the OS keychain (with COMPANION_GITHUB_TOKEN taking precedence). */
  readonly store?: TokenStore;
  /** The app's settings file (the OAuth app's client id); default: settings.json in the config folder `env` points at. */
  readonly settingsFile?: string;
  /** The OAuth app client id baked into this build (default: the build's; tests pass their own). */
  readonly builtInClientId?: string;
  readonly maxRateLimitWaitMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Kept by a long-running host (the app) so that its next call, too, waits for a rate limit GitHub reported. */
  readonly rateLimits?: RateLimitMemory;
  /** Kept by a long-running host: GETs it made are asked again with If-None-Match (a 304 costs no quota). */
  readonly conditional?: ConditionalCache;
}

export interface SignedIn {
  readonly endpoints: GitHubEndpoints;
  readonly client: GitHubClient;
  readonly account: GitHubAccount;
  readonly source: TokenSource;
}

const storeOf = (ctx: GitHubContext) => ctx.store ?? new TokenStore(undefined, ctx.env);

function clientFor(ctx: GitHubContext, endpoints: GitHubEndpoints, token?: string): GitHubClient {
  return createClient({
    endpoints,
    ...(token ? { token } : {}),
    ...(ctx.maxRateLimitWaitMs !== undefined ? { maxRateLimitWaitMs: ctx.maxRateLimitWaitMs } : {}),
    ...(ctx.sleep ? { sleep: ctx.sleep } : {}),
    ...(ctx.rateLimits ? { rateLimits: ctx.rateLimits } : {}),
    ...(ctx.conditional ? { conditional: ctx.conditional } : {}),
  });
}

export function notSignedIn(endpoints: GitHubEndpoints): GitHubError {
  return new GitHubError(
    'no-token',
    `Not signed in to GitHub. Sign in with "companion github login" (or in the app), or create a classic token with the public_repo scope ` +
      `at ${classicTokenUrl(endpoints.webUrl)} and store it with "companion github login --token-stdin" (or set ${ENV_GITHUB_TOKEN}).`,
  );
}

/**
 * A client for public reads: signed in when a usable token is available, anonymous otherwise. Reading the
 * public registry never needs the keychain: when it cannot be reached, or holds a token that cannot be
 * used, the read goes out without one.
 */
export async function readingClient(ctx: GitHubContext): Promise<{ endpoints: GitHubEndpoints; client: GitHubClient }> {
  const endpoints = githubEndpoints(ctx.env);
  const stored = await storeOf(ctx)
    .get(endpoints.apiUrl)
    .catch((error: unknown) => {
      if (error instanceof KeychainError) return undefined;
      throw error;
    });
  const usable = stored && tokenKind(stored.token) !== 'fine-grained' ? stored.token : undefined;
  return { endpoints, client: clientFor(ctx, endpoints, usable) };
}

/** The signed-in client, its token checked with GitHub. Throws GitHubError('no-token') when there is none. */
export async function signedIn(ctx: GitHubContext): Promise<SignedIn> {
  const endpoints = githubEndpoints(ctx.env);
  const stored = await storeOf(ctx).get(endpoints.apiUrl);
  if (!stored) throw notSignedIn(endpoints);
  refuseUnusableToken(stored.token, endpoints);
  const client = clientFor(ctx, endpoints, stored.token);
  const account = await checkToken(client, stored.token, endpoints);
  return { endpoints, client, account, source: stored.source };
}

/** Checks a pasted token with GitHub and stores it in the keychain. */
export async function loginWithToken(token: string, ctx: GitHubContext): Promise<GitHubAccount> {
  const endpoints = githubEndpoints(ctx.env);
  const value = validateTokenText(token);
  refuseUnusableToken(value, endpoints);
  const account = await checkToken(clientFor(ctx, endpoints, value), value, endpoints);
  await storeOf(ctx).set(endpoints.apiUrl, value, account.login);
  return account;
}

export interface DeviceLoginOptions {
  /** The OAuth app's client id (--client-id); defaults to COMPANION_GITHUB_CLIENT_ID, then the app's setting. */
  readonly clientId?: string;
  readonly onVerification: (verification: DeviceVerification) => void | Promise<void>;
  /** Aborting stops the flow at once and stores nothing: it rejects with GitHubError('cancelled'). */
  readonly signal?: AbortSignal;
}

/** Signs in through the device flow, checks the new token and stores it (unless aborted first). */
export async function loginWithDeviceFlow(options: DeviceLoginOptions, ctx: GitHubContext): Promise<GitHubAccount> {
  const endpoints = githubEndpoints(ctx.env);
  const token = await deviceFlowToken({
    endpoints,
    clientId: await configuredClientId(ctx, options.clientId),
    onVerification: options.onVerification,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const account = await checkToken(clientFor(ctx, endpoints, token), token, endpoints);
  if (options.signal?.aborted) throw signInCancelled();
  await storeOf(ctx).set(endpoints.apiUrl, token, account.login);
  return account;
}

export interface GitHubStatus {
  readonly apiUrl: string;
  readonly signedIn: boolean;
  readonly source?: TokenSource;
  readonly login?: string;
  readonly scopes?: readonly string[];
  /** Why the stored token cannot be used, in plain words (the token itself never appears). */
  readonly problem?: string;
}

/** Why no token can be read when the OS keychain cannot be reached, and the two ways out, in one sentence. */
export const noKeychainProblem = (platform: NodeJS.Platform = process.platform): string =>
  `This computer’s keychain cannot be reached, so no GitHub token can be read from it; set ${ENV_GITHUB_TOKEN} to a classic token ` +
  `with the public_repo scope, or ${keychainRemedy(platform)}.`;

export async function githubStatus(ctx: GitHubContext): Promise<GitHubStatus> {
  const endpoints = githubEndpoints(ctx.env);
  let stored;
  try {
    stored = await storeOf(ctx).get(endpoints.apiUrl);
  } catch (error) {
    // No keychain is not an error of the status: it is not signed in, and why, in the app's one sentence for
    // it (the keychain library's own text, D-Bus details and all, helps nobody here). A keychain that
    // answers with a corrupt item is working: its message stands.
    if (error instanceof KeychainError)
      return { apiUrl: endpoints.apiUrl, signedIn: false, problem: error.failure === 'corrupt' ? error.message : noKeychainProblem() };
    throw error;
  }
  if (!stored) return { apiUrl: endpoints.apiUrl, signedIn: false };
  try {
    refuseUnusableToken(stored.token, endpoints);
    const account = await checkToken(clientFor(ctx, endpoints, stored.token), stored.token, endpoints);
    return { apiUrl: endpoints.apiUrl, signedIn: true, source: stored.source, login: account.login, scopes: account.scopes };
  } catch (error) {
    if (!(error instanceof GitHubError)) throw error;
    return {
      apiUrl: endpoints.apiUrl,
      signedIn: false,
      source: stored.source,
      ...(stored.login ? { login: stored.login } : {}),
      problem: error.message,
    };
  }
}

/** Removes the stored token; resolves false when none was stored. */
export async function logout(ctx: GitHubContext): Promise<boolean> {
  return storeOf(ctx).delete(githubEndpoints(ctx.env).apiUrl);
}
