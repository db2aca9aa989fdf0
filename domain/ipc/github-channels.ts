import { z } from 'zod';
import { PlanView, WizardOperation } from './registry-channels';

/**
 * Channels of GitHub sign-in and of the registry change as a pull request without a clone. The token
 * crosses once, from the paste field to main (`github:loginWithToken`), and never comes back: results
 * carry the account name and scopes only.
 */

const Id = z.string().regex(/^[\w-]{1,80}$/);
/** OWNER/REPO as GitHub allows it. */
const RepoName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}$/, 'a repository such as trustwallet/assets');

export const GitHubStatusView = z.object({
  apiUrl: z.string(),
  webUrl: z.string(),
  signedIn: z.boolean(),
  source: z.enum(['keychain', 'environment']).optional(),
  login: z.string().optional(),
  scopes: z.array(z.string()).optional(),
  /** Why the stored token cannot be used, in plain words. */
  problem: z.string().optional(),
  /** The page that creates a classic token with exactly the public_repo scope. */
  tokenPageUrl: z.string(),
  /** Whether an OAuth app client id is configured, so the device flow can be offered. */
  deviceFlowAvailable: z.boolean(),
});
export type GitHubStatusView = z.infer<typeof GitHubStatusView>;

export const GitHubAccountView = z.object({ login: z.string(), scopes: z.array(z.string()) });
export type GitHubAccountView = z.infer<typeof GitHubAccountView>;

export const DeviceFlowStart = z.object({
  flowId: Id,
  userCode: z.string(),
  verificationUri: z.string(),
  expiresInSeconds: z.number(),
});
export type DeviceFlowStart = z.infer<typeof DeviceFlowStart>;

export const DeviceFlowState = z.discriminatedUnion('state', [
  z.object({ state: z.literal('pending') }),
  z.object({ state: z.literal('done'), account: GitHubAccountView }),
  z.object({ state: z.literal('failed'), code: z.string(), message: z.string() }),
]);
export type DeviceFlowState = z.infer<typeof DeviceFlowState>;

/** The change planned on the upstream's head, as the review shows it; `planId` is what `github:submit` takes. */
export const RemoteReviewView = z.object({
  plan: PlanView,
  upstream: z.string(),
  defaultBranch: z.string(),
  /** The upstream commit the plan was made on. */
  base: z.string(),
  title: z.string(),
  branch: z.string(),
  ruleProblems: z.array(z.string()),
});
export type RemoteReviewView = z.infer<typeof RemoteReviewView>;

export const SubmissionView = z.object({
  url: z.string(),
  number: z.number(),
  branch: z.string(),
  commit: z.string(),
  files: z.array(z.string()),
  fork: z.string(),
  base: z.string(),
  reusedCommit: z.boolean(),
  reusedPullRequest: z.boolean(),
  /** Set when the upstream moved since the review: the change was planned again there. */
  replanned: z.object({ from: z.string(), to: z.string(), changes: z.array(z.string()) }).optional(),
  notes: z.array(z.string()),
});
export type SubmissionView = z.infer<typeof SubmissionView>;

export const githubChannels = {
  'github:status': { args: z.tuple([]), result: GitHubStatusView },
  /** Checks a pasted classic token with GitHub and stores it in the OS keychain. */
  'github:loginWithToken': { args: z.tuple([z.string().min(1).max(1024)]), result: GitHubAccountView },
  /** Starts the device flow; main polls GitHub, the renderer asks `github:deviceFlowState`. */
  'github:startDeviceFlow': { args: z.tuple([]), result: DeviceFlowStart },
  'github:deviceFlowState': { args: z.tuple([Id]), result: DeviceFlowState },
  'github:logout': { args: z.tuple([]), result: z.object({ removed: z.boolean() }) },
  /** Reads the upstream (default trustwallet/assets) and plans the change on its head. */
  'github:review': { args: z.tuple([WizardOperation, RepoName.optional()]), result: RemoteReviewView },
  /** Forks, commits and opens (or finds) the pull request for a reviewed plan. */
  'github:submit': { args: z.tuple([Id]), result: SubmissionView },
} as const;
