/**
 * Composes the GitHub engine with the registry engine's planner: a registry change reviewed on the
 * upstream's head and submitted as a pull request, without a clone. The CLI calls this today; the app's
 * IPC handlers call the same functions.
 */
import {
  DEFAULT_UPSTREAM,
  GitHubError,
  parseRepoName,
  readingClient,
  reviewSubmission,
  signedIn,
  submitPullRequest,
  type GitHubContext,
  type RepoRef,
  type SignedIn,
  type SubmissionResult,
  type SubmissionReview,
  type SubmitStep,
} from '../../github/index';
import { planChange, type PlannedChange, type WriteOperation } from '../../registry/index';

export interface RemoteChangeRequest {
  readonly operation: WriteOperation;
  /** `owner/repo`; default trustwallet/assets. */
  readonly upstream?: string;
  /** Finding codes accepted knowingly. */
  readonly override?: readonly string[];
}

export type RemoteReview = SubmissionReview<PlannedChange>;
export type RemoteSubmission = SubmissionResult<PlannedChange>;

export { signedIn };

export function upstreamOf(value: string | undefined): RepoRef {
  const repo = parseRepoName(value ?? DEFAULT_UPSTREAM);
  if (!repo) throw new GitHubError('bad-url', `"${value}" is not a repository name; expected OWNER/REPO, for example ${DEFAULT_UPSTREAM}.`);
  return repo;
}

const plannerFor = (request: RemoteChangeRequest) => (files: Parameters<typeof planChange>[0]) =>
  planChange(files, request.operation, request.override ? { override: request.override } : {});

/** Plans the change on the upstream's head; signed in when a token is available, anonymous otherwise (public reads). */
export async function reviewRemoteChange(request: RemoteChangeRequest, ctx: GitHubContext): Promise<RemoteReview> {
  const { client } = await readingClient(ctx);
  return reviewSubmission(client, upstreamOf(request.upstream), plannerFor(request));
}

export interface SubmitRemoteOptions {
  /** The review the user saw; when the upstream moved since, the change is planned again and the result says what changed. */
  readonly reviewed?: RemoteReview;
  readonly onStep?: (step: SubmitStep) => void;
  /** A session from `signedIn` already checked by the caller (saves asking GitHub twice). */
  readonly session?: SignedIn;
}

/** Opens (or, on a retry, finds) the pull request for the change. Needs a signed-in token. */
export async function submitRemoteChange(
  request: RemoteChangeRequest,
  ctx: GitHubContext,
  options: SubmitRemoteOptions = {},
): Promise<RemoteSubmission> {
  const { client, account } = options.session ?? (await signedIn(ctx));
  return submitPullRequest({
    client,
    login: account.login,
    upstream: upstreamOf(request.upstream),
    planner: plannerFor(request),
    ...(options.reviewed ? { reviewed: options.reviewed } : {}),
    ...(options.onStep ? { onStep: options.onStep } : {}),
    ...(ctx.sleep ? { sleep: ctx.sleep } : {}),
  });
}
