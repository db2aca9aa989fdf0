/**
 * A registry change as a pull request, without a clone: plan on the upstream's head (the same checks and
 * the same byte-minimal edit as a local write), then fork, sync, commit exactly the planned files through
 * the Git Data API, and open the pull request. Every step first looks for what an earlier attempt left
 * (fork, branch, commit, pull request), so a retry after any failure resumes without duplicates.
 */
import { createHash } from 'node:crypto';
import type { ChangePlan, Planner } from './change-plan';
import { defaultSleep, githubMessage, statusOf, type GitHubClient } from './client';
import { GitHubError } from './errors';
import { checkPullRequestRules, pullRequestRuleProblems } from './pull-request-rules';
import { branchName, pullRequestBody, pullRequestTitle } from './pull-request-text';
import { pullRequestTemplate, readHead, RemoteTree, remoteSource, repoName, type RemoteHead, type RepoRef } from './remote-registry';

/** What the user reviews before opening the pull request. */
export interface SubmissionReview<P extends ChangePlan = ChangePlan> {
  readonly upstream: RepoRef;
  readonly base: RemoteHead;
  readonly plan: P;
  readonly title: string;
  readonly branch: string;
  /** Registry pull request rules the change breaks (empty when it may be opened). */
  readonly ruleProblems: readonly string[];
}

export type SubmitStep =
  'reading-upstream' | 'replanning' | 'forking' | 'waiting-for-fork' | 'syncing-fork' | 'committing' | 'pushing' | 'opening-pull-request';

export interface SubmitOptions<P extends ChangePlan = ChangePlan> {
  readonly client: GitHubClient;
  /** The signed-in account (from checkToken): the fork is theirs. */
  readonly login: string;
  readonly upstream: RepoRef;
  /** Plans the change on the files of a commit (the registry engine's planChange with the operation and overrides). */
  readonly planner: Planner<P>;
  /** The review the user saw: when the upstream has moved since, the change is planned again and the differences reported. */
  readonly reviewed?: SubmissionReview<P>;
  /** How long to wait for a new fork to appear (default 5 minutes, GitHub's own figure). */
  readonly forkWaitMs?: number;
  readonly pollIntervalMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly onStep?: (step: SubmitStep) => void;
}

export interface Replanned {
  readonly from: string;
  readonly to: string;
  /** What differs from the reviewed change, in plain words (empty: the same entry and logo). */
  readonly changes: readonly string[];
}

export interface SubmissionResult<P extends ChangePlan = ChangePlan> {
  readonly url: string;
  readonly number: number;
  readonly branch: string;
  readonly commit: string;
  readonly files: readonly string[];
  readonly fork: string;
  /** The upstream commit the change was planned on and the branch starts from. */
  readonly base: string;
  readonly plan: P;
  readonly reusedCommit: boolean;
  readonly reusedPullRequest: boolean;
  readonly replanned?: Replanned;
  /** Things worth telling the user that did not stop the submission (e.g. the fork could not be synced). */
  readonly notes: readonly string[];
}

/** Reads the upstream at its head and plans the change there: what the review shows. */
export async function reviewSubmission<P extends ChangePlan>(
  client: GitHubClient,
  upstream: RepoRef,
  planner: Planner<P>,
): Promise<SubmissionReview<P>> {
  return reviewAt(client, await readHead(client, upstream), planner);
}

async function reviewAt<P extends ChangePlan>(client: GitHubClient, base: RemoteHead, planner: Planner<P>): Promise<SubmissionReview<P>> {
  const plan = await planner(remoteSource(new RemoteTree(client, base)));
  return {
    upstream: base.repo,
    base,
    plan,
    title: pullRequestTitle(plan),
    branch: branchName(plan),
    ruleProblems: pullRequestRuleProblems(plan.files.map((f) => f.path)),
  };
}

const hash = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** How the change planned on the new head differs from the one reviewed. */
function differences(before: ChangePlan, after: ChangePlan): string[] {
  const out: string[] = [];
  if (before.entryJson !== after.entryJson) out.push(`The entry now reads: ${after.entryJson}`);
  const files = (p: ChangePlan) => new Map(p.files.map((f) => [f.path, f]));
  const a = files(before);
  const b = files(after);
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(path);
    const y = b.get(path);
    if (!y) out.push(`${path} no longer changes (the upstream already has it).`);
    else if (!x) out.push(`${path} now changes too.`);
    else if (path.endsWith('.png') && hash(x.after) !== hash(y.after)) out.push(`${path} differs from the reviewed logo.`);
    else if ((x.before === null) !== (y.before === null)) out.push(`${path} is now ${y.before ? 'changed' : 'new'}.`);
  }
  if (before.diff !== after.diff && out.length === 0) out.push('list.json changed upstream around the entry; the edit is the same.');
  const codes = (p: ChangePlan) =>
    p.findings
      .map((f) => `${f.severity} ${f.code}`)
      .sort()
      .join(',');
  if (codes(before) !== codes(after)) out.push('The findings changed; see the new review.');
  return out;
}

export class SubmissionBlocked extends Error {
  override readonly name = 'SubmissionBlocked';
  constructor(readonly review: SubmissionReview) {
    super(
      `Nothing was submitted: the change has errors (${[...new Set(review.plan.blocking.map((f) => f.code))].join(', ')}). Fix them, or accept a check knowingly with an override.`,
    );
  }
}

export interface Fork {
  readonly owner: string;
  readonly repo: string;
  readonly defaultBranch: string;
  /** Where git pushes to it (https://github.com/OWNER/REPO.git on GitHub). */
  readonly cloneUrl: string;
}

export interface ForkWait {
  /** How long to wait for a new fork to appear (default 5 minutes, GitHub's own figure). */
  readonly forkWaitMs?: number;
  readonly pollIntervalMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Called once with 'waiting-for-fork' when the fork is not there yet. */
  readonly onStep?: (step: 'waiting-for-fork') => void;
}

export async function submitPullRequest<P extends ChangePlan>(options: SubmitOptions<P>): Promise<SubmissionResult<P>> {
  const { client, upstream, planner, login } = options;
  const sleep = options.sleep ?? defaultSleep;
  const step = options.onStep ?? (() => undefined);
  const notes: string[] = [];

  step('reading-upstream');
  let review = options.reviewed ?? (await reviewSubmission(client, upstream, planner));
  const reviewedBase = review.base.commit;
  let replanned: Replanned | undefined;

  /** Plans again when the upstream's head is no longer the one the review was made on. */
  async function followUpstream(): Promise<void> {
    const head = await readHead(client, upstream);
    if (head.commit === review.base.commit) return;
    step('replanning');
    const next = await reviewAt(client, head, planner).catch((error: unknown) => {
      throw new GitHubError(
        'upstream-changed',
        `${repoName(upstream)} changed since the review (now at ${head.commit.slice(0, 7)}), and the change no longer applies: ${(error as Error).message}`,
      );
    });
    const changes = [...(replanned?.changes ?? []), ...differences(review.plan, next.plan)];
    replanned = { from: reviewedBase, to: head.commit, changes };
    review = next;
  }

  if (options.reviewed) await followUpstream();
  const guard = () => {
    if (review.plan.blocking.length > 0) throw new SubmissionBlocked(review);
    checkPullRequestRules(review.plan.files.map((f) => f.path));
  };
  guard();

  step('forking');
  const fork = await ensureFork(client, upstream, login, { ...options, sleep, onStep: step });
  step('syncing-fork');
  await syncFork(client, fork, review.base, notes);

  // The upstream may have moved while the fork was made: commit on its head as it is now.
  await followUpstream();
  guard();

  step('committing');
  const { commit, reused: reusedCommit } = await commitOnBranch(client, fork, review);

  step('opening-pull-request');
  const template = await pullRequestTemplate(new RemoteTree(client, review.base));
  const pr = await openPullRequest(client, upstream, fork, {
    branch: review.branch,
    title: review.title,
    baseBranch: review.base.defaultBranch,
    body: pullRequestBody(review.plan, template),
  });

  return {
    url: pr.url,
    number: pr.number,
    branch: review.branch,
    commit,
    files: review.plan.files.map((f) => f.path),
    fork: `${fork.owner}/${fork.repo}`,
    base: review.base.commit,
    plan: review.plan,
    reusedCommit,
    reusedPullRequest: pr.reused,
    ...(replanned ? { replanned } : {}),
    notes,
  };
}

/** Finds the user's fork or asks GitHub to make one, then waits until its default branch can be read. */
export async function ensureFork(client: GitHubClient, upstream: RepoRef, login: string, options: ForkWait = {}): Promise<Fork> {
  const sleep = options.sleep ?? defaultSleep;
  // Answers with the existing fork when there is one, or starts making it (202) and answers at once.
  const made = await client.rest.repos.createFork({ owner: upstream.owner, repo: upstream.repo }).catch((error: unknown) => {
    if (statusOf(error) === 403)
      throw new GitHubError(
        'forbidden',
        `GitHub did not let @${login} fork ${repoName(upstream)} (${githubMessage(error)}). A fine-grained token cannot; use a classic token with public_repo or the device flow sign-in.`,
      );
    throw error;
  });
  const fork: Fork = {
    owner: made.data.owner.login,
    repo: made.data.name,
    defaultBranch: made.data.default_branch,
    cloneUrl: made.data.clone_url,
  };
  const deadline = Date.now() + (options.forkWaitMs ?? 5 * 60_000);
  const interval = options.pollIntervalMs ?? 2000;
  for (let first = true; ; first = false) {
    try {
      await client.rest.git.getRef({ owner: fork.owner, repo: fork.repo, ref: `heads/${fork.defaultBranch}` });
      return fork;
    } catch (error) {
      const status = statusOf(error);
      // While GitHub copies the repository, the fork answers 404, or 409 "Git Repository is empty".
      if (status !== 404 && status !== 409) throw error;
    }
    if (first) options.onStep?.('waiting-for-fork');
    if (Date.now() >= deadline)
      throw new GitHubError(
        'fork-timeout',
        `GitHub is still creating your fork ${fork.owner}/${fork.repo}. Try again in a few minutes; the submission resumes with the fork once it exists.`,
      );
    await sleep(interval);
  }
}

/** Brings the fork's default branch up to the upstream's head when it is behind (the branch itself starts from the upstream head). */
async function syncFork(client: GitHubClient, fork: Fork, base: RemoteHead, notes: string[]): Promise<void> {
  const head = await client.rest.git.getRef({ owner: fork.owner, repo: fork.repo, ref: `heads/${fork.defaultBranch}` });
  if (head.data.object.sha === base.commit) return;
  try {
    await client.rest.repos.mergeUpstream({ owner: fork.owner, repo: fork.repo, branch: fork.defaultBranch });
  } catch (error) {
    const status = statusOf(error);
    if (status !== 409 && status !== 422) throw error;
    // Not needed for the pull request (its branch starts from the upstream's head), so say it and go on.
    notes.push(
      `Your fork's ${fork.defaultBranch} could not be synced with the upstream (${githubMessage(error)}); the pull request is not affected.`,
    );
  }
}

interface BranchHead {
  readonly commit: string;
  readonly tree: string;
  readonly parents: readonly string[];
}

async function branchHead(client: GitHubClient, fork: Fork, branch: string): Promise<BranchHead | undefined> {
  try {
    const ref = await client.rest.git.getRef({ owner: fork.owner, repo: fork.repo, ref: `heads/${branch}` });
    const commit = await client.rest.git.getCommit({ owner: fork.owner, repo: fork.repo, commit_sha: ref.data.object.sha });
    return { commit: commit.data.sha, tree: commit.data.tree.sha, parents: commit.data.parents.map((p) => p.sha) };
  } catch (error) {
    if (statusOf(error) === 404) return undefined;
    throw error;
  }
}

/**
 * Commits exactly the planned files on the branch, on top of the upstream head. When the branch already
 * holds that tree on that head (an earlier attempt got this far), nothing new is committed.
 */
async function commitOnBranch(client: GitHubClient, fork: Fork, review: SubmissionReview): Promise<{ commit: string; reused: boolean }> {
  const { owner, repo } = fork;
  const entries = [];
  for (const file of review.plan.files) {
    const blob = await client.rest.git.createBlob({ owner, repo, content: file.after.toString('base64'), encoding: 'base64' });
    entries.push({ path: file.path, mode: '100644' as const, type: 'blob' as const, sha: blob.data.sha });
  }
  // Trees are content-addressed: the same files on the same base give the same tree on every attempt.
  const tree = (await client.rest.git.createTree({ owner, repo, base_tree: review.base.tree, tree: entries })).data.sha;
  const isDone = (h: BranchHead | undefined) =>
    h !== undefined && h.tree === tree && h.parents.length === 1 && h.parents[0] === review.base.commit;

  let existing = await branchHead(client, fork, review.branch);
  if (isDone(existing)) return { commit: existing!.commit, reused: true };
  const commit = (await client.rest.git.createCommit({ owner, repo, message: review.title, tree, parents: [review.base.commit] })).data.sha;
  for (let attempt = 0; ; attempt++) {
    try {
      if (existing)
        // The branch is this app's own (named for this validator and change): an older attempt on an older head is replaced.
        await client.rest.git.updateRef({ owner, repo, ref: `heads/${review.branch}`, sha: commit, force: true });
      else await client.rest.git.createRef({ owner, repo, ref: `refs/heads/${review.branch}`, sha: commit });
      return { commit, reused: false };
    } catch (error) {
      if (statusOf(error) !== 422 && statusOf(error) !== 409) throw error;
      // Someone (or an earlier attempt) moved the branch at the same moment: look again.
      existing = await branchHead(client, fork, review.branch);
      if (isDone(existing)) return { commit: existing!.commit, reused: true };
      if (attempt >= 2)
        throw new GitHubError(
          'ref-conflict',
          `The branch ${review.branch} of ${owner}/${repo} keeps changing while this submission updates it (${githubMessage(error)}). Make sure nothing else pushes to it, then try again.`,
        );
    }
  }
}

async function findOpenPullRequest(
  client: GitHubClient,
  upstream: RepoRef,
  head: string,
): Promise<{ url: string; number: number } | undefined> {
  const open = await client.rest.pulls.list({ owner: upstream.owner, repo: upstream.repo, head, state: 'open', per_page: 10 });
  const pr = open.data[0];
  return pr ? { url: pr.html_url, number: pr.number } : undefined;
}

export interface PullRequestSpec {
  /** The fork's branch with the change. */
  readonly branch: string;
  readonly title: string;
  /** The upstream branch it goes to (its default branch). */
  readonly baseBranch: string;
  readonly body: string;
}

/** Opens the pull request from the fork's branch, or finds the one an earlier attempt opened. */
export async function openPullRequest(
  client: GitHubClient,
  upstream: RepoRef,
  fork: Pick<Fork, 'owner'>,
  spec: PullRequestSpec,
): Promise<{ url: string; number: number; reused: boolean }> {
  const head = `${fork.owner}:${spec.branch}`;
  const found = await findOpenPullRequest(client, upstream, head);
  if (found) return { ...found, reused: true };
  try {
    const created = await client.rest.pulls.create({
      owner: upstream.owner,
      repo: upstream.repo,
      title: spec.title,
      head,
      base: spec.baseBranch,
      body: spec.body,
      maintainer_can_modify: true,
    });
    return { url: created.data.html_url, number: created.data.number, reused: false };
  } catch (error) {
    // A retry after a dropped answer: GitHub made it the first time.
    if (statusOf(error) === 422 && /already exists/i.test(githubMessage(error))) {
      const again = await findOpenPullRequest(client, upstream, head);
      if (again) return { ...again, reused: true };
    }
    if (statusOf(error) === 403)
      throw new GitHubError(
        'forbidden',
        `GitHub did not let this account open a pull request on ${repoName(upstream)} (${githubMessage(error)}). A fine-grained token cannot; use a classic token with public_repo or the device flow sign-in.`,
      );
    throw error;
  }
}
