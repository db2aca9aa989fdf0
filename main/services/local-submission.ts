/**
 * Local-clone mode to the end: the change the wizard (or `companion registry add|update|disable`) wrote
 * into a clone is committed on a branch, pushed to the user's fork and opened as a pull request, with the
 * same GitHub engine as remote mode. The token reaches git only through the askpass helper (this app in
 * its askpass mode, reading the keychain). Any failure puts the branch and the index back as they were;
 * a branch whose commit reached the fork is kept, so a retry reuses it and finds the open pull request.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DEFAULT_UPSTREAM,
  GitHubError,
  parseRepoName,
  signedIn,
  type GitHubContext,
  type RepoRef,
  type SignedIn,
  type SubmitStep,
} from '../../github/index';
import type { AskpassProgram } from '../../github/askpass';
import type { ChangePlan } from '../../github/change-plan';
import { accountIdentity } from '../../github/git-identity';
import { openLocalPullRequest, prepareFork, pushToFork } from '../../github/local-push';
import { pullRequestRuleProblems } from '../../github/pull-request-rules';
import { branchName, pullRequestTitle } from '../../github/pull-request-text';
import { parseList, registryHistory, RegistryError, type HistoryRecord } from '../../registry/index';
import { currentRuntime } from '../clients/launch';
import { ServiceError } from './service-error';
import { identityFallback, prepareCommit, type PreparedCommit } from './wizard/git';

export interface LocalPushRequest {
  /** The registry clone (absolute). */
  readonly root: string;
  /** The write to submit (default: the newest add, update or disable not undone). */
  readonly operationId?: string;
  /** Default: companion/<kind>-<chain>-<id>, as in remote mode. */
  readonly branch?: string;
  /** The commit message (default: the pull request's title). */
  readonly title?: string;
  /** `owner/repo`; default trustwallet/assets. */
  readonly upstream?: string;
}

export interface LocalPushOptions {
  readonly historyDir?: string;
  /** How git starts this app as its askpass helper (default: this installation, see askpassProgram). */
  readonly askpass?: AskpassProgram;
  readonly onStep?: (step: SubmitStep) => void;
  /** A session from `signedIn` already checked by the caller. */
  readonly session?: SignedIn;
  readonly forkWaitMs?: number;
  readonly pollIntervalMs?: number;
}

export interface LocalPushResult {
  readonly upstream: string;
  readonly url: string;
  readonly number: number;
  readonly title: string;
  readonly branch: string;
  readonly commit: string;
  readonly files: readonly string[];
  readonly fork: string;
  /** The branch already held this change: no new commit was made. */
  readonly reusedCommit: boolean;
  readonly reusedPullRequest: boolean;
  /** The commit carried the GitHub account's name and noreply address (the user's git had none). */
  readonly identityFromAccount: boolean;
  /** Remotes added or left alone, and other things worth saying. */
  readonly notes: readonly string[];
}

/** This installation started in its askpass mode: the installed app with a flag, or Node with the built CLI. */
export function askpassProgram(): AskpassProgram {
  const runtime = currentRuntime();
  return runtime.kind === 'packaged'
    ? { command: runtime.executable, args: ['--git-askpass'] }
    : { command: runtime.node, args: [runtime.cli, 'github', 'askpass'] };
}

function upstreamOf(value: string | undefined): RepoRef {
  const repo = parseRepoName(value ?? DEFAULT_UPSTREAM);
  if (!repo)
    throw new ServiceError('bad-url', `"${value}" is not a repository name; expected OWNER/REPO, for example ${DEFAULT_UPSTREAM}.`);
  return repo;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The write to submit: the one named, or the newest that is still in place. */
async function writeRecord(root: string, operationId: string | undefined, historyDir: string | undefined): Promise<HistoryRecord> {
  const history = await registryHistory(root, historyDir ? { historyDir } : {});
  const record = operationId
    ? history.find((r) => r.id === operationId)
    : history.find((r) => r.kind !== 'undo' && r.undoneBy === undefined);
  if (!record)
    throw new ServiceError(
      'no_write',
      operationId
        ? `No write ${operationId} is recorded for ${root}.`
        : `Nothing written to ${root} is waiting to be submitted. Write the change first (the wizard, or companion registry add|update|disable).`,
    );
  if (record.kind === 'undo' || record.undoneBy !== undefined)
    throw new ServiceError('no_write', `The write "${record.summary}" was undone, so there is nothing of it to submit.`);
  return record;
}

/**
 * The written change as the pull request describes it, read back from the disk. Each file must still be
 * exactly what the write left: the commit then holds the reviewed change and nothing else.
 */
async function writtenChange(root: string, record: HistoryRecord): Promise<ChangePlan> {
  const files = [];
  for (const file of record.files) {
    const after = await readFile(join(root, file.path)).catch(() => null);
    if (after === null || file.afterHash === null || sha256(after) !== file.afterHash)
      throw new ServiceError(
        'changed_since_write',
        `${file.path} is no longer what the wizard wrote (it was changed or removed since "${record.summary}"). Undo or write the change again, then submit it.`,
      );
    files.push({ path: file.path, before: file.beforeHash === null ? null : Buffer.alloc(0), after });
  }
  const list = files.find((f) => f.path.endsWith('/list.json'));
  const doc = list ? parseList(list.after, { path: list.path, chain: record.chain }) : undefined;
  const entry = doc?.entries.find(
    (e): e is Record<string, unknown> => typeof e === 'object' && e !== null && (e as { id?: unknown }).id === record.validatorId,
  );
  return {
    operation: { kind: record.kind as 'add' | 'update' | 'disable' },
    chain: record.chain,
    id: record.validatorId,
    entry: entry ?? { id: record.validatorId },
    entryJson: JSON.stringify(entry ?? { id: record.validatorId }, null, 2),
    findings: [],
    blocking: [],
    overrides: [],
    files,
    diff: '',
    summary: record.summary,
  };
}

/** Commits the written change on a branch, pushes it to the user's fork and opens (or finds) the pull request. */
export async function pushLocalChange(
  request: LocalPushRequest,
  ctx: GitHubContext,
  options: LocalPushOptions = {},
): Promise<LocalPushResult> {
  const upstream = upstreamOf(request.upstream);
  const step = options.onStep ?? (() => undefined);
  let record: HistoryRecord;
  try {
    record = await writeRecord(request.root, request.operationId, options.historyDir);
  } catch (error) {
    if (error instanceof RegistryError) throw new ServiceError(error.code, error.message);
    throw error;
  }
  const plan = await writtenChange(request.root, record);
  const problems = pullRequestRuleProblems(plan.files.map((f) => f.path));
  if (problems.length) throw new ServiceError('pull-request-rules', problems.join(' '));
  const title = pullRequestTitle(plan);
  // Signed in first: a missing or unusable token is said before the folder is touched.
  const session = options.session ?? (await signedIn(ctx));
  const login = session.account.login;
  const askpass = options.askpass ?? askpassProgram();

  step('committing');
  const identity = await identityFallback(request.root, accountIdentity(session.account, session.endpoints));
  const prepared: PreparedCommit = await prepareCommit(request.root, {
    branch: request.branch ?? branchName(plan),
    title: request.title?.replace(/\s+/g, ' ').trim() || title,
    paths: plan.files.map((f) => f.path),
    identity,
  });

  let pushed = false;
  try {
    step('forking');
    const ready = await prepareFork(session.client, request.root, upstream, login, {
      onStep: step,
      ...(options.forkWaitMs !== undefined ? { forkWaitMs: options.forkWaitMs } : {}),
      ...(options.pollIntervalMs !== undefined ? { pollIntervalMs: options.pollIntervalMs } : {}),
      ...(ctx.sleep ? { sleep: ctx.sleep } : {}),
    });
    step('pushing');
    await pushToFork({
      client: session.client,
      endpoints: session.endpoints,
      login,
      root: request.root,
      fork: ready.fork,
      branch: prepared.branch,
      commit: prepared.commit,
      askpass,
      userEnv: ctx.env,
      ...(ctx.sleep ? { sleep: ctx.sleep } : {}),
    });
    pushed = true;
    step('opening-pull-request');
    const pr = await openLocalPullRequest(session.client, upstream, ready.fork, prepared.branch, plan);
    return {
      upstream: `${upstream.owner}/${upstream.repo}`,
      url: pr.url,
      number: pr.number,
      title,
      branch: prepared.branch,
      commit: prepared.commit,
      files: plan.files.map((f) => f.path),
      fork: `${ready.fork.owner}/${ready.fork.repo}`,
      reusedCommit: prepared.reused,
      reusedPullRequest: pr.reused,
      identityFromAccount: identity.length > 0 && !prepared.reused,
      notes: [...ready.notes],
    };
  } catch (error) {
    // A pushed branch stays (a retry reuses it); everything else goes back to how the user had it.
    const restored = await prepared.restore({ keepBranch: pushed }).then(
      (done) => (done.length ? ` Your folder is back as it was: ${done.join('; ')}.` : ''),
      (e: Error) => ` ${e.message}`,
    );
    const kept = pushed ? ` The branch ${prepared.branch} reached your fork and is kept; trying again reuses it.` : '';
    if (error instanceof GitHubError || error instanceof ServiceError)
      throw new ServiceError(error.code, `${error.message}${restored}${kept}`);
    throw error;
  }
}
