/**
 * Sign-in with GitHub's OAuth device flow (@octokit/auth-oauth-device): the user enters a short code on
 * GitHub's page, we poll at the interval GitHub asks for, and the resulting token is checked (GET /user)
 * before it is stored. It needs an OAuth app's client id (COMPANION_GITHUB_CLIENT_ID or the app's
 * setting) with the device flow enabled; without one, the pasted classic token is the way in.
 */
import { createOAuthDeviceAuth } from '@octokit/auth-oauth-device';
import { Octokit } from '@octokit/rest';
import { APP_VERSION } from '../domain/app-info';
import { classicTokenUrl, GitHubError } from './errors';
import { ENV_GITHUB_CLIENT_ID, type GitHubEndpoints } from './config';

/** What the user needs to finish signing in: shown with a copy button, the page opened in the browser. */
export interface DeviceVerification {
  readonly userCode: string;
  readonly verificationUri: string;
  readonly expiresInSeconds: number;
}

export interface DeviceFlowOptions {
  readonly endpoints: GitHubEndpoints;
  readonly clientId: string | undefined;
  /** Called once the code exists; polling starts when it returns. */
  readonly onVerification: (verification: DeviceVerification) => void | Promise<void>;
}

/** The scope a pull request to a public repository needs, and nothing more. */
export const DEVICE_FLOW_SCOPES = ['public_repo'] as const;

export function noClientIdError(endpoints: GitHubEndpoints): GitHubError {
  return new GitHubError(
    'device-flow-unavailable',
    `Signing in through the browser needs the client id of a GitHub OAuth app with the device flow enabled, and none is configured ` +
      `(set ${ENV_GITHUB_CLIENT_ID}, or the client id in the app's GitHub settings). Instead, create a classic token with the public_repo scope ` +
      `at ${classicTokenUrl(endpoints.webUrl)} and paste it (companion github login --token-stdin).`,
  );
}

function explain(error: unknown, endpoints: GitHubEndpoints): GitHubError {
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
      `GitHub does not know the OAuth app client id that is configured. Check ${ENV_GITHUB_CLIENT_ID}.`,
    );
  if (code === 'expired_token' || code === 'token_expired')
    return new GitHubError(
      'device-flow-failed',
      'The code expired before it was entered on GitHub. Start the sign-in again for a new code.',
    );
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

/** Runs the device flow to the end and returns the new token (not yet checked or stored). */
export async function deviceFlowToken(options: DeviceFlowOptions): Promise<string> {
  const { endpoints, clientId } = options;
  if (!clientId) throw noClientIdError(endpoints);
  // The OAuth endpoints live on the web origin (github.com), not on the API.
  const web = new Octokit({ baseUrl: endpoints.webUrl, userAgent: `gateway-companion/${APP_VERSION}` });
  const auth = createOAuthDeviceAuth({
    clientType: 'oauth-app',
    clientId,
    scopes: [...DEVICE_FLOW_SCOPES],
    request: web.request,
    onVerification: (v) =>
      options.onVerification({ userCode: v.user_code, verificationUri: v.verification_uri, expiresInSeconds: v.expires_in }),
  });
  try {
    const result = await auth({ type: 'oauth' });
    return result.token;
  } catch (error) {
    throw explain(error, endpoints);
  }
}
