/**
 * Sign-in with GitHub's OAuth device flow (@octokit/auth-oauth-device): the user enters a short code on
 * GitHub's page, we poll at the interval GitHub asks for, and the resulting token is checked (GET /user)
 * before it is stored. It needs the client id of an OAuth app with the device flow enabled (--client-id,
 * COMPANION_GITHUB_CLIENT_ID or the app's GitHub setting, see client-id.ts); without one, a pasted classic
 * token is the way in.
 *
 * The waiting between polls happens in a request hook rather than in the library, whose own wait cannot be
 * cancelled: here an AbortSignal stops it at once (no further request is sent), the code's expiry ends it
 * even if GitHub keeps answering "pending", and `slow_down` moves to the interval GitHub sends with it.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { createOAuthDeviceAuth } from '@octokit/auth-oauth-device';
import { Octokit } from '@octokit/rest';
import { APP_VERSION } from '../platform/app-version';
import { clientIdSourceName, type ClientIdSource, type ConfiguredClientId } from './client-id';
import { classicTokenUrl, GitHubError } from './errors';
import { ENV_GITHUB_CLIENT_ID, type GitHubEndpoints } from './config';

/** What the user needs to finish signing in: shown with a copy button, the page opened in the browser. */
export interface DeviceVerification {
  readonly userCode: string;
  readonly verificationUri: string;
  readonly expiresInSeconds: number;
  /** Where the OAuth app's client id came from, so the user can be told. */
  readonly clientIdSource: ClientIdSource;
}

export interface DeviceFlowOptions {
  readonly endpoints: GitHubEndpoints;
  readonly clientId: ConfiguredClientId | undefined;
  /** Called once the code exists; polling starts when it returns. */
  readonly onVerification: (verification: DeviceVerification) => void | Promise<void>;
  /** Aborting stops the flow at once: the wait ends, a request in flight is dropped, nothing more is sent. */
  readonly signal?: AbortSignal;
  /** Injectable for tests. */
  readonly now?: () => number;
}

/** The scope a pull request to a public repository needs, and nothing more. */
export const DEVICE_FLOW_SCOPES = ['public_repo'] as const;

export function noClientIdError(endpoints: GitHubEndpoints): GitHubError {
  return new GitHubError(
    'device-flow-unavailable',
    `Signing in through the browser needs the client id of a GitHub OAuth app with the device flow enabled, and none is configured ` +
      `(enter it in the app's Settings under GitHub, set ${ENV_GITHUB_CLIENT_ID}, or pass --client-id). Instead, create a classic token with the public_repo scope ` +
      `at ${classicTokenUrl(endpoints.webUrl)} and paste it (companion github login --token-stdin).`,
  );
}

/** The one answer to a sign-in the user stopped. */
export function signInCancelled(): GitHubError {
  return new GitHubError('cancelled', 'Sign-in cancelled; nothing was stored.');
}

function codeExpired(): GitHubError {
  return new GitHubError('device-flow-failed', 'The code expired before it was entered on GitHub. Start the sign-in again for a new code.');
}

function explain(error: unknown, endpoints: GitHubEndpoints, clientId: ConfiguredClientId): GitHubError {
  if (error instanceof GitHubError) return error;
  const text = error instanceof Error ? error.message : String(error);
  const code = /\((\w+)[,)]/.exec(text)?.[1] ?? '';
  if (code === 'device_flow_disabled')
    return new GitHubError(
      'device-flow-unavailable',
      `The OAuth app does not have the device flow enabled (enable it in the app's settings on GitHub), or use a classic token: ${classicTokenUrl(endpoints.webUrl)}.`,
    );
  if (code === 'incorrect_client_credentials')
    return new GitHubError(
      'device-flow-unavailable',
      `GitHub does not know the client id ${clientId.clientId} (from ${clientIdSourceName(clientId.source)}). Check it on the OAuth app's page on GitHub, or use a classic token: ${classicTokenUrl(endpoints.webUrl)}.`,
    );
  if (code === 'expired_token' || code === 'token_expired') return codeExpired();
  if (code === 'access_denied')
    return new GitHubError('device-flow-failed', 'The sign-in was cancelled on GitHub. Start it again to retry.');
  const status = (error as { status?: unknown }).status;
  if (typeof status !== 'number' || status >= 500)
    return new GitHubError(
      'network',
      `Could not reach GitHub at ${endpoints.webUrl} to sign in (${text}). Check the connection and try again.`,
    );
  return new GitHubError('device-flow-failed', `GitHub refused the sign-in: ${text}`);
}

interface Polling {
  intervalMs: number;
  readonly expiresAt: number;
}

/** GitHub's answer on the device flow's endpoints, read only as far as deciding when to poll again. */
function pollAnswer(data: unknown): { error?: unknown; interval?: unknown; expires_in?: unknown } {
  return typeof data === 'object' && data !== null ? data : {};
}

/** Runs the device flow to the end and returns the new token (not yet checked or stored). */
export async function deviceFlowToken(options: DeviceFlowOptions): Promise<string> {
  const { endpoints, clientId, signal } = options;
  const now = options.now ?? Date.now;
  if (!clientId) throw noClientIdError(endpoints);
  if (signal?.aborted) throw signInCancelled();
  // The OAuth endpoints live on the web origin (github.com), not on the API.
  const web = new Octokit({
    baseUrl: endpoints.webUrl,
    userAgent: `gateway-companion/${APP_VERSION}`,
    ...(signal ? { request: { signal } } : {}),
  });
  let polling: Polling | undefined;
  web.hook.wrap('request', async (send, request) => {
    if (request.url.endsWith('/login/device/code')) {
      const response = await send(request);
      const data = pollAnswer(response.data);
      const seconds = Number(data.expires_in);
      const interval = Number(data.interval);
      polling = {
        // GitHub always sends both; the defaults are its documented ones.
        intervalMs: (Number.isFinite(interval) && interval >= 0 ? interval : 5) * 1000,
        expiresAt: now() + (Number.isFinite(seconds) && seconds > 0 ? seconds : 900) * 1000,
      };
      return response;
    }
    if (!request.url.endsWith('/login/oauth/access_token') || !polling) return send(request);
    // Answers the library only once the flow is decided: it never waits itself.
    for (;;) {
      await delay(polling.intervalMs, undefined, signal ? { signal } : {});
      if (now() >= polling.expiresAt) throw codeExpired();
      const response = await send(request);
      const answer = pollAnswer(response.data);
      if (answer.error === 'authorization_pending') continue;
      if (answer.error === 'slow_down') {
        const interval = Number(answer.interval);
        polling.intervalMs = Number.isFinite(interval) && interval > 0 ? interval * 1000 : polling.intervalMs + 5000;
        continue;
      }
      return response;
    }
  });
  const verified = (v: { user_code: string; verification_uri: string; expires_in: number }) =>
    options.onVerification({
      userCode: v.user_code,
      verificationUri: v.verification_uri,
      expiresInSeconds: v.expires_in,
      clientIdSource: clientId.source,
    });
  const token = async (): Promise<string> => {
    const request = web.request;
    // A GitHub App's user token takes no scopes: its powers are the app's permissions where it is installed.
    if (clientId.kind === 'github-app') {
      const auth = createOAuthDeviceAuth({ clientType: 'github-app', clientId: clientId.clientId, request, onVerification: verified });
      return (await auth({ type: 'oauth' })).token;
    }
    const auth = createOAuthDeviceAuth({
      clientType: 'oauth-app',
      clientId: clientId.clientId,
      scopes: [...DEVICE_FLOW_SCOPES],
      request,
      onVerification: verified,
    });
    return (await auth({ type: 'oauth' })).token;
  };
  try {
    const result = await token();
    if (signal?.aborted) throw signInCancelled();
    return result;
  } catch (error) {
    if (signal?.aborted) throw signInCancelled();
    throw explain(error, endpoints, clientId);
  }
}
