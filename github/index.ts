/**
 * GitHub engine: sign-in (device flow or a classic token, kept in the OS keychain) and the submission of a
 * registry change as a pull request without a clone. Plain Node, no Electron; imports domain/, platform/,
 * the registry engine's planner and libraries.
 *
 *   Sign-in     loginWithDeviceFlow (client id: configuredClientId, saveClientIdSetting), loginWithToken, githubStatus,
 *               logout, signedIn, readingClient
 *   Submission  reviewSubmission → (show the plan) → submitPullRequest
 */
export { createClient, RateLimitMemory, type ClientOptions, type GitHubClient } from './client';
export { clientIdSetting, clientIdSettingsFile, clientIdSourceName, configuredClientId, saveClientIdSetting } from './client-id';
export {
  DEFAULT_API_URL,
  DEFAULT_UPSTREAM,
  DEFAULT_WEB_URL,
  ENV_GITHUB_API_URL,
  ENV_GITHUB_CLIENT_ID,
  ENV_GITHUB_TOKEN,
  ENV_GITHUB_URL,
  githubEndpoints,
  parseRepoName,
  type GitHubEndpoints,
} from './config';
export { DEVICE_FLOW_SCOPES, type DeviceVerification } from './device-flow';
export { classicTokenUrl, GitHubError, type GitHubErrorCode } from './errors';
export { MAX_LOGOS_PER_PULL_REQUEST, pullRequestRuleProblems } from './pull-request-rules';
export { repoName, type RemoteHead, type RepoRef } from './remote-registry';
export {
  githubStatus,
  loginWithDeviceFlow,
  loginWithToken,
  logout,
  readingClient,
  signedIn,
  type DeviceLoginOptions,
  type GitHubContext,
  type GitHubStatus,
  type SignedIn,
} from './session';
export {
  reviewSubmission,
  SubmissionBlocked,
  submitPullRequest,
  type Replanned,
  type SubmissionResult,
  type SubmissionReview,
  type SubmitOptions,
  type SubmitStep,
} from './submit';
export { tokenKind, type GitHubAccount, type TokenKind } from './token-check';
export { GITHUB_KEYCHAIN_SERVICE, TokenStore } from './token-store';
