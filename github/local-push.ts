/**
 * Local-clone mode's way to a pull request: the change is already committed in the user's clone; this
 * finds or makes their fork (the same fork wait as remote mode), adds `fork` and `upstream` remotes when
 * missing, pushes the commit to the fork with the token handed to git by the askpass helper, checks on
 * GitHub that it arrived, and opens (or finds) the pull request with the same code as remote mode.
 *
 * git runs through platform/process/git (no hooks, filters or helpers of the folder). The push names the
 * fork's URL as GitHub reported it rather than a remote, so no remote setting of the folder applies, and a
 * folder whose own configuration changes how git talks to servers (http.*, url.*) is refused: the token
 * is not sent under settings the app did not choose.
 */
import { runGit, type GitRun } from '../platform/process/git';
import { isLoopbackHost } from '../platform/credentials/endpoint-url';
import { askpassEnvironment, withAskpassScript, type AskpassProgram } from './askpass';
import type { ChangePlan } from './change-plan';
import { defaultSleep, statusOf, type GitHubClient } from './client';
import type { GitHubEndpoints } from './config';
import { GitHubError } from './errors';
import { checkPullRequestRules } from './pull-request-rules';
import { pullRequestBody, pullRequestTitle } from './pull-request-text';
import { pullRequestTemplate, readHead, RemoteTree, repoName, type RepoRef } from './remote-registry';
import { ensureFork, openPullRequest, type Fork, type ForkWait } from './submit';

export interface ForkReady {
  readonly fork: Fork;
  /** The remote names that point at the fork and the upstream after this (undefined: none does). */
  readonly remotes: { readonly fork?: string; readonly upstream?: string };
  /** Remotes added, and existing ones that point elsewhere, in plain words. */
  readonly notes: readonly string[];
}

/** `host/path` of a repository URL in any of git's forms (https, ssh://, scp-like), for comparing remotes. */
export function repoKey(url: string): string | undefined {
  const clean = (host: string, path: string) =>
    `${host.toLowerCase()}/${path
      .replace(/^\/+|\/+$/g, '')
      .replace(/\.git$/i, '')
      .toLowerCase()}`;
  const scp = /^(?:[^@/]+@)?([^:/]+):(?!\/)(.+)$/.exec(url);
  if (scp && !/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return clean(scp[1]!, scp[2]!);
  try {
    const parsed = new URL(url);
    return parsed.hostname ? clean(parsed.hostname, parsed.pathname) : undefined;
  } catch {
    return undefined;
  }
}

function firstLine(run: GitRun): string {
  return (
    `${run.stderr}\n${run.stdout}`
      .split('\n')
      .map((l) => l.replace(/^(fatal|error|remote): /, '').trim())
      .find((l) => l !== '') ?? 'git reported an error'
  );
}

/** The folder's remotes, name → fetch URL. */
async function listRemotes(root: string): Promise<Map<string, string>> {
  const run = await runGit(root, ['config', '--get-regexp', '^remote\\..*\\.url$']);
  const remotes = new Map<string, string>();
  if (!run.ok) return remotes; // exit code 1: no remote at all
  for (const line of run.stdout.split('\n')) {
    const match = /^remote\.(.+)\.url (.+)$/.exec(line.trim());
    if (match && !remotes.has(match[1]!)) remotes.set(match[1]!, match[2]!);
  }
  return remotes;
}

/** Finds the remote that points at `url`, or adds `name` for it; never changes an existing remote. */
async function ensureRemote(
  root: string,
  remotes: Map<string, string>,
  name: string,
  url: string,
  what: string,
  notes: string[],
): Promise<string | undefined> {
  const key = repoKey(url);
  for (const [remote, existing] of remotes) if (key && repoKey(existing) === key) return remote;
  const taken = remotes.get(name);
  if (taken !== undefined) {
    notes.push(`Your remote "${name}" points to ${taken}, not to ${what} (${url}); it was left as it is.`);
    return undefined;
  }
  const added = await runGit(root, ['remote', 'add', name, url]);
  if (!added.ok) {
    notes.push(`The remote "${name}" for ${what} could not be added (${firstLine(added)}); the push does not need it.`);
    return undefined;
  }
  remotes.set(name, url);
  notes.push(`Added the remote "${name}" for ${what} (${url}).`);
  return name;
}

/** The fork (made and waited for as in remote mode) and the remotes for it and the upstream. */
export async function prepareFork(
  client: GitHubClient,
  root: string,
  upstream: RepoRef,
  login: string,
  wait: ForkWait = {},
): Promise<ForkReady> {
  const upstreamRepo = await client.rest.repos.get({ owner: upstream.owner, repo: upstream.repo }).catch((error: unknown) => {
    if (statusOf(error) === 404)
      throw new GitHubError('not-found', `The repository ${repoName(upstream)} does not exist or is not visible to this account.`);
    throw error;
  });
  const fork = await ensureFork(client, upstream, login, wait);
  const notes: string[] = [];
  const remotes = await listRemotes(root);
  const forkRemote = await ensureRemote(root, remotes, 'fork', fork.cloneUrl, `your fork ${fork.owner}/${fork.repo}`, notes);
  const upstreamRemote = await ensureRemote(
    root,
    remotes,
    'upstream',
    upstreamRepo.data.clone_url,
    `the registry ${repoName(upstream)}`,
    notes,
  );
  return {
    fork,
    remotes: { ...(forkRemote ? { fork: forkRemote } : {}), ...(upstreamRemote ? { upstream: upstreamRemote } : {}) },
    notes,
  };
}

/** Refuses a folder whose own git configuration changes how git reaches servers (proxies, TLS checks, URL rewrites). */
async function refuseFolderNetworkSettings(root: string): Promise<void> {
  const run = await runGit(root, ['config', '--show-scope', '--name-only', '--get-regexp', '^(http|url)\\.']);
  if (!run.ok) return; // exit code 1: no such setting anywhere
  const own = run.stdout
    .split('\n')
    .map((l) => l.split('\t'))
    .filter(([scope]) => scope === 'local' || scope === 'worktree')
    .map(([, name]) => name);
  if (own.length > 0)
    throw new GitHubError(
      'unsafe-git-config',
      `The registry folder's own git configuration sets ${[...new Set(own)].join(', ')}, which changes how git talks to servers. ` +
        'Gateway Companion does not send your GitHub token under settings it did not choose: remove them from .git/config (git config --unset …), or push the branch yourself.',
    );
}

/** Where the token may go: the fork's URL must be on the GitHub the app is signed in to. */
function checkPushUrl(url: string, endpoints: GitHubEndpoints): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new GitHubError('api', `GitHub reported "${url}" as your fork's address, which is not a URL.`);
  }
  const web = new URL(endpoints.webUrl);
  const plainOk = parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname);
  if ((parsed.protocol !== 'https:' && !plainOk) || parsed.username || parsed.password || parsed.origin !== web.origin)
    throw new GitHubError(
      'api',
      `GitHub reported ${url} as your fork's address; the token is only sent over https to ${web.origin}, so nothing was pushed.`,
    );
  return parsed;
}

export interface PushOptions {
  readonly client: GitHubClient;
  readonly endpoints: GitHubEndpoints;
  readonly login: string;
  readonly root: string;
  readonly fork: Fork;
  readonly branch: string;
  /** The local commit to put on the fork's branch. */
  readonly commit: string;
  readonly askpass: AskpassProgram;
  /** The user's environment: COMPANION_GITHUB_TOKEN passes through to the helper when they set it. */
  readonly userEnv: NodeJS.ProcessEnv;
  readonly sleep?: (ms: number) => Promise<void>;
}

/** Why a push failed, in plain words, from git's own output. */
function pushFailure(run: GitRun, options: PushOptions): GitHubError {
  const text = `${run.stderr}\n${run.stdout}`;
  const where = `your fork ${options.fork.owner}/${options.fork.repo}`;
  // The askpass helper's own refusal (or a keychain problem), as it wrote it.
  const ours = /Gateway Companion: ([^\n]*)/.exec(text)?.[1];
  if (ours) return new GitHubError('push-refused', `The push to ${where} was stopped: ${ours.trim()}`);
  if (/Authentication failed|could not read (Username|Password)|Invalid username or password|\b401\b|\b403\b/i.test(text))
    return new GitHubError(
      'push-refused',
      `GitHub refused the push to ${where}: it did not accept the signed-in token (it may have been revoked, or lack the public_repo scope). Sign in to GitHub again, then retry.`,
    );
  const remoteRejected = /\[remote rejected\][^\n]*/.exec(text);
  if (remoteRejected)
    return new GitHubError('push-rejected', `GitHub refused the branch "${options.branch}" on ${where}: ${remoteRejected[0].trim()}.`);
  if (/\[rejected\]|non-fast-forward|fetch first/i.test(text))
    return new GitHubError(
      'push-rejected',
      `${where} already has a branch "${options.branch}" with other commits, so GitHub refused to replace it. Choose another branch name, or delete that branch on GitHub, then retry.`,
    );
  if (/Repository not found|\b404\b/i.test(text))
    return new GitHubError('push-failed', `GitHub says ${where} does not exist (yet). Wait a minute and retry.`);
  const transport = /transport '([\w+-]+)' not allowed/.exec(text);
  if (transport)
    return new GitHubError(
      'push-failed',
      `Your git configuration rewrites the fork's address to use ${transport[1]} (a url.…insteadOf or pushInsteadOf setting), but the app pushes only over ${new URL(options.fork.cloneUrl).protocol.slice(0, -1)} with your GitHub token. Push the branch yourself, or remove that setting, then retry.`,
    );
  if (run.missing) return new GitHubError('push-failed', 'git is not installed, so nothing could be pushed. Install git and retry.');
  return new GitHubError('push-failed', `The push to ${where} failed: ${firstLine(run)}. Check the connection and retry.`);
}

/** Pushes `commit` to the fork's `branch` with the token from the askpass helper, then checks GitHub has it. */
export async function pushToFork(options: PushOptions): Promise<void> {
  const { root, fork, branch, commit, client } = options;
  const url = checkPushUrl(fork.cloneUrl, options.endpoints);
  await refuseFolderNetworkSettings(root);
  const scheme = url.protocol.slice(0, -1);
  const run = await withAskpassScript(options.askpass, (script) =>
    runGit(root, ['push', '--porcelain', '--no-verify', url.href, `${commit}:refs/heads/${branch}`], {
      config: [
        [`protocol.${scheme}.allow`, 'always'],
        // A redirect would take the request, and git's next password prompt, somewhere else.
        ['http.followRedirects', 'false'],
        ['push.recurseSubmodules', 'no'],
        ['push.followTags', 'false'],
        ['push.gpgSign', 'false'],
      ],
      env: askpassEnvironment(script, url.href, options.login, options.endpoints.apiUrl, options.userEnv),
      timeoutMs: 10 * 60_000,
    }),
  );
  if (!run.ok) throw pushFailure(run, options);
  // The branch must be on GitHub as pushed, or the pull request would show something else.
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 0; ; attempt++) {
    const sha = await client.rest.git
      .getRef({ owner: fork.owner, repo: fork.repo, ref: `heads/${branch}` })
      .then((r) => r.data.object.sha)
      .catch((error: unknown) => {
        if (statusOf(error) === 404) return undefined;
        throw error;
      });
    if (sha === commit) return;
    if (attempt >= 2)
      throw new GitHubError(
        'push-failed',
        `git reported the push as done, but GitHub shows the branch "${branch}" of ${fork.owner}/${fork.repo} at ${sha ? sha.slice(0, 7) : 'nothing'} instead of ${commit.slice(0, 7)}. Check your git settings for URL rewrites, then retry.`,
      );
    await sleep(1000);
  }
}

/** Opens the pull request from the fork's branch with the registry's title and the repository's template, or finds the open one. */
export async function openLocalPullRequest(
  client: GitHubClient,
  upstream: RepoRef,
  fork: Fork,
  branch: string,
  plan: ChangePlan,
): Promise<{ url: string; number: number; reused: boolean }> {
  checkPullRequestRules(plan.files.map((f) => f.path));
  const head = await readHead(client, upstream);
  const template = await pullRequestTemplate(new RemoteTree(client, head));
  return openPullRequest(client, upstream, fork, {
    branch,
    title: pullRequestTitle(plan),
    baseBranch: head.defaultBranch,
    body: pullRequestBody(plan, template),
  });
}
