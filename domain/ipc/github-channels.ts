import { z } from 'zod';
import { clientIdProblem } from '../github-client-id';
import { EntryId } from '../registry-entry-schema';
import { ChainSlug, ChainSummary, EntrySnapshot, ExistingLogo, PlanView, RegistryFinding, WizardOperation } from './registry-channels';

/**
 * Channels of the submission without a clone: GitHub sign-in (device flow, or a pasted classic token),
 * the upstream registry read through GitHub's API, the review planned on its head, the pull request and
 * its status. Tokens cross only once, into main, which checks them with GitHub and keeps them in the OS
 * keychain; no answer ever carries a token.
 */

/** `owner/repo`, as GitHub spells repository names (main parses it again). */
export const Upstream = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}$/, 'a repository name such as "trustwallet/assets"');
const FlowId = z.string().regex(/^[\w-]{8,64}$/);
const SubmissionId = z.string().regex(/^[\w-]{8,64}$/);

/** An OAuth app's client id as GitHub issues it (domain/github-client-id.ts); the refusal says what to paste instead. */
export const GitHubClientId = z
  .string()
  .max(200)
  .superRefine((value, ctx) => {
    const problem = clientIdProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The OAuth app the browser sign-in runs as: which client id is in use and where it came from. */
export const GitHubClientIdState = z.object({
  /**
   * Where the id in use comes from: COMPANION_GITHUB_CLIENT_ID wins over the setting, which wins over the id
   * built into the app. Absent: none is configured.
   */
  source: z.enum(['environment', 'settings', 'built-in']).optional(),
  /** The id in use (it names the app; it is not a secret). */
  inUse: z.string().optional(),
  kind: z.enum(['oauth-app', 'github-app']).optional(),
  /** The id saved in the app's settings, even when the environment overrides it. */
  saved: z.string().optional(),
  /** Why the configured id cannot be used (a malformed COMPANION_GITHUB_CLIENT_ID, a settings file that cannot be read). */
  problem: z.string().optional(),
  /** The settings file it is saved in. */
  settingsFile: z.string(),
});
export type GitHubClientIdState = z.infer<typeof GitHubClientIdState>;

export const GitHubStatus = z.object({
  /** The REST API and the web origin the app talks to (GitHub, GitHub Enterprise or a test server). */
  apiUrl: z.string(),
  webUrl: z.string(),
  signedIn: z.boolean(),
  /** `session`: the OS keychain cannot be reached, so the token is kept in the app's memory until it quits. */
  source: z.enum(['keychain', 'environment', 'session']).optional(),
  login: z.string().optional(),
  scopes: z.array(z.string()).optional(),
  /** Why the stored token cannot be used, in plain words. */
  problem: z.string().optional(),
  /**
   * Set when the OS keychain cannot be reached: one sentence saying a sign-in is kept in memory for this
   * session only, and how to get a keychain.
   */
  sessionOnly: z.string().optional(),
  /** Whether an OAuth app client id is configured, so the browser sign-in (device flow) can be offered. */
  deviceFlow: z.boolean(),
  clientId: GitHubClientIdState,
  /** GitHub's page for a new classic token with the public_repo scope already selected. */
  tokenUrl: z.string(),
  defaultUpstream: z.string(),
});
export type GitHubStatus = z.infer<typeof GitHubStatus>;

export const DeviceSignIn = z.object({
  flowId: FlowId,
  /** The code the user types on GitHub's page. */
  userCode: z.string(),
  verificationUri: z.string(),
  expiresInSeconds: z.number(),
});
export type DeviceSignIn = z.infer<typeof DeviceSignIn>;

export const DeviceSignInState = z.object({
  state: z.enum(['pending', 'signed-in', 'failed']),
  login: z.string().optional(),
  message: z.string().optional(),
});
export type DeviceSignInState = z.infer<typeof DeviceSignInState>;

/** The upstream registry at its default branch's head, as the chain step shows it. */
export const RemoteRegistry = z.object({
  upstream: z.string(),
  defaultBranch: z.string(),
  commit: z.string(),
  /** The repository's page on GitHub. */
  url: z.string(),
  /** Chains with a folder upstream; counts are read when a chain is chosen (null until then). */
  chains: z.array(ChainSummary),
});
export type RemoteRegistry = z.infer<typeof RemoteRegistry>;

/** The review of a remote change: the same plan as a local one, plus what the pull request will be. */
export const RemotePlanView = PlanView.extend({
  upstream: z.string(),
  /** The upstream commit the change was planned on. */
  base: z.string(),
  title: z.string(),
  branch: z.string(),
  /** Registry pull request rules the change breaks (at most 10 logos, allowed paths, one chain). */
  ruleProblems: z.array(z.string()),
});
export type RemotePlanView = z.infer<typeof RemotePlanView>;

export const SubmitStep = z.enum([
  'reading-upstream',
  'replanning',
  'forking',
  'waiting-for-fork',
  'syncing-fork',
  'committing',
  /** Local-clone mode: git pushes the branch to the fork. */
  'pushing',
  'opening-pull-request',
]);
export type SubmitStep = z.infer<typeof SubmitStep>;

export const PullRequestOpened = z.object({
  upstream: z.string(),
  url: z.string(),
  number: z.number().int(),
  branch: z.string(),
  commit: z.string(),
  files: z.array(z.string()),
  fork: z.string(),
  base: z.string(),
  reusedCommit: z.boolean(),
  reusedPullRequest: z.boolean(),
  /** The upstream moved after the review: the change was planned again on its new head. */
  replanned: z.object({ from: z.string(), to: z.string(), changes: z.array(z.string()) }).optional(),
  notes: z.array(z.string()),
});
export type PullRequestOpened = z.infer<typeof PullRequestOpened>;

/** Local-clone mode: the written change committed, pushed to the fork and opened as a pull request. */
export const LocalPullRequestOpened = z.object({
  upstream: z.string(),
  url: z.string(),
  number: z.number().int(),
  title: z.string(),
  branch: z.string(),
  commit: z.string(),
  files: z.array(z.string()),
  fork: z.string(),
  /** The branch already held this change (an earlier attempt): no new commit. */
  reusedCommit: z.boolean(),
  reusedPullRequest: z.boolean(),
  /** The commit carries the GitHub account's name and noreply address (git had no identity). */
  identityFromAccount: z.boolean(),
  /** Remotes added or left as they were, in plain words. */
  notes: z.array(z.string()),
});
export type LocalPullRequestOpened = z.infer<typeof LocalPullRequestOpened>;

export const CheckRun = z.object({
  name: z.string(),
  status: z.string(),
  /** null while it runs. */
  conclusion: z.string().nullable(),
  url: z.string().nullable(),
});
export type CheckRun = z.infer<typeof CheckRun>;

export const PullRequestComment = z.object({
  id: z.number(),
  author: z.string(),
  /** Written by a bot account (the registry's fee bot, for one). */
  bot: z.boolean(),
  /** GitHub's account type ("User", "Bot"…): the fee bot is trusted only as login and type together. */
  authorType: z.string(),
  /** Exactly as written on GitHub. */
  body: z.string(),
  createdAt: z.string(),
  url: z.string(),
});
export type PullRequestComment = z.infer<typeof PullRequestComment>;

const FeeAmount = z.object({ amount: z.string(), currency: z.string() });

/** What the registry's fee bot asks and where the pull request stands (domain/fee-status.ts derives it). */
export const FeeOverview = z.object({
  request: FeeAmount.extend({
    alternative: FeeAmount.nullable(),
    address: z.string(),
    network: z.enum(['bep2', 'bep20']),
    memo: z.string().nullable(),
    reminder: z.boolean(),
    commentId: z.number(),
    url: z.string(),
    createdAt: z.string(),
  }).nullable(),
  unreadable: z.string().nullable(),
  addressesDiffer: z.boolean(),
  memoMismatch: z.boolean(),
  reminders: z.number().int(),
  paymentDetected: z.boolean(),
  paymentEvidence: z.array(z.enum(['review', 'label'])),
  changesRequested: z.boolean(),
  checks: z.enum(['passing', 'failing', 'running', 'none', 'unknown']),
  stage: z.enum(['merged', 'closed', 'changes-requested', 'payment-detected', 'reminder-sent', 'fee-requested', 'waiting-for-bot']),
  warnings: z.array(
    z.object({
      commentId: z.number(),
      author: z.string(),
      trust: z.enum(['look-alike', 'other']),
      addresses: z.array(z.string()),
      url: z.string(),
    }),
  ),
});
export type FeeOverview = z.infer<typeof FeeOverview>;

export const PullRequestStatus = z.object({
  url: z.string(),
  number: z.number().int(),
  title: z.string(),
  state: z.enum(['open', 'closed', 'merged']),
  draft: z.boolean(),
  mergedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  checks: z.object({
    /** False when GitHub would not list them for this account (the checks are still on the pull request's page). */
    available: z.boolean(),
    runs: z.array(CheckRun),
  }),
  comments: z.array(PullRequestComment),
  labels: z.array(z.string()),
  reviews: z.array(z.object({ author: z.string(), authorType: z.string(), state: z.string(), submittedAt: z.string().nullable() })),
  fee: FeeOverview,
  /** GitHub's rate limit after these reads, so polling can slow down before it runs out. */
  rateLimit: z.object({ remaining: z.number().nullable(), resetAt: z.number().nullable() }),
  fetchedAt: z.number(),
});
export type PullRequestStatus = z.infer<typeof PullRequestStatus>;

export const SubmitProgressEvent = z.object({ submissionId: SubmissionId, step: SubmitStep });
export type SubmitProgressEvent = z.infer<typeof SubmitProgressEvent>;

export const githubChannels = {
  /** Who is signed in (the token checked with GitHub), and what sign-in is possible. */
  'github:status': { args: z.tuple([]), result: GitHubStatus },
  /** Starts the device flow: the code to show; main keeps polling GitHub until it is entered or expires. */
  'github:startDeviceSignIn': { args: z.tuple([]), result: DeviceSignIn },
  'github:deviceSignInState': { args: z.tuple([FlowId]), result: DeviceSignInState },
  /** Stops waiting for a device code: main stops polling GitHub at once and stores nothing. */
  'github:cancelDeviceSignIn': { args: z.tuple([FlowId]), result: z.object({ cancelled: z.boolean() }) },
  /** Saves the OAuth app's client id in the app's settings (checked first), or removes it (null). */
  'github:setClientId': { args: z.tuple([GitHubClientId.nullable()]), result: GitHubClientIdState },
  /** A pasted classic token: checked with GitHub, then stored in the OS keychain. Fine-grained tokens are refused up front. */
  'github:signInWithToken': { args: z.tuple([z.string().min(1).max(1024)]), result: z.object({ login: z.string() }) },
  'github:signOut': { args: z.tuple([]), result: z.object({ signedOut: z.boolean() }) },
  /** Reads the upstream's head and its chain folders. */
  'github:openRegistry': { args: z.tuple([Upstream]), result: RemoteRegistry },
  'github:chainEntries': { args: z.tuple([Upstream, ChainSlug]), result: z.object({ entries: z.array(EntrySnapshot) }) },
  'github:checkEntry': {
    args: z.tuple([Upstream, ChainSlug, z.record(z.string(), z.unknown()), z.object({ originalId: EntryId.optional() })]),
    result: z.object({ findings: z.array(RegistryFinding) }),
  },
  'github:existingLogo': { args: z.tuple([Upstream, ChainSlug, EntryId]), result: ExistingLogo },
  /** Plans the change on the upstream's head (nothing is sent to GitHub). */
  'github:plan': { args: z.tuple([Upstream, WizardOperation]), result: RemotePlanView },
  /**
   * Forks, commits and opens the pull request, or, on a retry, finds what an earlier attempt made. With the
   * planId of the review, an upstream that moved since is reported; progress arrives as `github:progress`.
   */
  'github:openPullRequest': {
    args: z.tuple([
      z.object({ upstream: Upstream, operation: WizardOperation, planId: z.string().max(80).optional(), submissionId: SubmissionId }),
    ]),
    result: PullRequestOpened,
  },
  /**
   * Local-clone mode: commits the write `operationId` on a branch of the clone (reused when it already holds
   * it), pushes it to the user's fork through the askpass helper and opens (or finds) the pull request. On
   * failure the branch and index are put back. Progress arrives as `github:progress`.
   */
  'github:pushLocal': {
    args: z.tuple([
      z.object({
        root: z.string().min(1).max(4096),
        operationId: z.string().min(1).max(80),
        branch: z.string().min(1).max(200).optional(),
        title: z.string().min(1).max(200).optional(),
        upstream: Upstream.optional(),
        submissionId: SubmissionId,
      }),
    ]),
    result: LocalPullRequestOpened,
  },
  /**
   * The pull request's state, checks, labels, reviews and comments, with the fee the registry's bot asks and
   * warnings about anyone else asking (read with the signed-in token when there is one, anonymously otherwise).
   */
  'github:pullRequest': { args: z.tuple([Upstream, z.number().int().min(1)]), result: PullRequestStatus },
} as const;
