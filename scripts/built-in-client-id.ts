/**
 * The build setting for the OAuth app a published build signs in with: COMPANION_BUILD_GITHUB_CLIENT_ID
 * at `npm run dist` (or `npm run build`) is checked against the forms GitHub issues and baked into the main
 * bundle as a constant (github/built-in-client-id.ts). A malformed value stops the build, so a broken id
 * never ships. It names the app and is not a secret. See docs/building-and-publishing.md.
 */
import { clientIdKind, clientIdProblem, normalizeClientId } from '../domain/github-client-id';

export const ENV_BUILD_CLIENT_ID = 'COMPANION_BUILD_GITHUB_CLIENT_ID';
export const BUILT_IN_CLIENT_ID_CONSTANT = '__COMPANION_BUILT_IN_GITHUB_CLIENT_ID__';

/** The `define` entry for electron-vite's main build; throws, in plain words, on a value that is not an OAuth app's client id. */
export function builtInClientIdDefine(env: NodeJS.ProcessEnv): Record<string, string> {
  const value = normalizeClientId(env[ENV_BUILD_CLIENT_ID] ?? '');
  if (value !== '') {
    const problem = clientIdProblem(value);
    if (problem) throw new Error(`${ENV_BUILD_CLIENT_ID} cannot be baked into the build. ${problem}`);
    if (clientIdKind(value) !== 'oauth-app')
      throw new Error(
        `${ENV_BUILD_CLIENT_ID} is a GitHub App's client id; the build needs an OAuth app's (Ov23li…) with "Enable Device Flow" ticked.`,
      );
  }
  return { [BUILT_IN_CLIENT_ID_CONSTANT]: JSON.stringify(value) };
}
