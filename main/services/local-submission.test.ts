// Local-clone mode to a pull request: a real clone, real git pushing over HTTP to git's own http-backend
// (mounted on the fake GitHub, which checks every API call against GitHub's OpenAPI description), the
// token in the OS keychain and handed to git by the built CLI in its askpass mode.
// Needs `npx electron-vite build` (the askpass helper is out/main/cli.js) and a Secret Service.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeGitHub } from '../../github/testing/fake-github';
import type { GitHttpBackend } from '../../github/testing/git-http-backend';
import { TokenStore } from '../../github/token-store';
import type { SubmitStep } from '../../github/index';
import { solidPng } from '../../registry/image-fixtures';
import { applyWrite, planWrite } from '../../registry/index';
import { copyCorpus, newValoperId } from '../../registry/test-support';
import { pushLocalChange, type LocalPushResult } from './local-submission';
import { ServiceError } from './service-error';

const CLI = path.resolve('out/main/cli.js');
const LOGIN = 'octo-operator';

let fake: FakeGitHub;
let backend: GitHttpBackend;
let token: string;
let home: string;
let root: string;
let historyDir: string;
let id: string;
let seed = 40;

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A clone of the registry with one commit and no git identity of its own (unless `identity`). */
async function makeClone(identity: boolean): Promise<string> {
  const dir = await copyCorpus(['cosmos']);
  git(dir, 'init', '-q', '-b', 'main');
  if (identity) {
    git(dir, 'config', 'user.name', 'Clone Owner');
    git(dir, 'config', 'user.email', 'owner@example.invalid');
  }
  git(dir, 'add', '-A');
  git(dir, '-c', 'user.name=Setup', '-c', 'user.email=setup@example.invalid', 'commit', '-q', '-m', 'corpus');
  return dir;
}

/** Writes an added validator as the wizard does; returns the written paths. */
async function writeValidator(name: string): Promise<string[]> {
  id = await newValoperId('cosmosvaloper', seed++);
  const plan = await planWrite(root, {
    kind: 'add',
    chain: 'cosmos',
    entry: { id, name, description: 'Pushed from a clone.', website: 'https://clone.example' },
    logo: { source: await solidPng() },
  });
  const applied = await applyWrite(plan, { historyDir });
  return [...applied.written];
}

/** Every file under a folder as text, for proving the token was never written there. */
async function allText(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return (await Promise.all(files.map((f) => readFile(f, 'latin1').catch(() => '')))).join('\n');
}

/**
 * Looks at every process's arguments and environment while `work` runs. Fails if the token shows up; says
 * how many git transport or askpass processes it saw, so a test can prove it looked during the push.
 */
async function watchProcesses<T>(secret: string, work: () => Promise<T>): Promise<{ value: T; seen: number; leaks: string[] }> {
  const leaks: string[] = [];
  const seenPids = new Set<string>();
  // Only processes started from now on: the push's git, its transport and the askpass helper are among them.
  const pids = () => readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  const before = new Set(pids());
  const look = () => {
    for (const pid of pids().filter((p) => !before.has(p))) {
      for (const file of ['cmdline', 'environ']) {
        let text: string;
        try {
          text = readFileSync(`/proc/${pid}/${file}`, 'latin1');
        } catch {
          continue;
        }
        if (text.includes(secret)) leaks.push(`${pid}/${file}: ${text.replace(/\0/g, ' ').slice(0, 200)}`);
        if (file === 'cmdline' && /remote-http|askpass/.test(text)) seenPids.add(pid);
      }
    }
  };
  const timer = setInterval(look, 3);
  try {
    const value = await work();
    return { value, seen: seenPids.size, leaks };
  } finally {
    clearInterval(timer);
  }
}

const ctx = () => ({ env: fake.env(), sleep: async () => undefined });
const push = (options: { steps?: SubmitStep[]; branch?: string } = {}): Promise<LocalPushResult> =>
  pushLocalChange({ root, upstream: 'trustwallet/assets', ...(options.branch ? { branch: options.branch } : {}) }, ctx(), {
    historyDir,
    pollIntervalMs: 1,
    ...(options.steps ? { onStep: (s: SubmitStep) => void options.steps!.push(s) } : {}),
  });

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

const forkUrl = () => `${fake.webUrl}/${LOGIN}/assets.git`;
const upstreamUrl = () => `${fake.webUrl}/trustwallet/assets.git`;
const forkRepo = () => backend.repoDir(`${LOGIN}/assets`);

beforeAll(() => {
  expect(existsSync(CLI), 'build first: npx electron-vite build').toBe(true);
  expect(process.env.DBUS_SESSION_BUS_ADDRESS, 'run under dbus-run-session with an unlocked keyring').toBeTruthy();
});

beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'local-push-home-'));
  // No git identity anywhere: an empty global config, no system config, none of git's identity variables.
  writeFileSync(path.join(home, '.gitconfig'), '');
  vi.stubEnv('HOME', home);
  vi.stubEnv('GIT_CONFIG_GLOBAL', path.join(home, '.gitconfig'));
  vi.stubEnv('GIT_CONFIG_NOSYSTEM', '1');
  for (const name of ['EMAIL', 'GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_COMMITTER_NAME', 'GIT_COMMITTER_EMAIL'])
    vi.stubEnv(name, undefined);
  fake = await new FakeGitHub({ chains: ['cosmos'] }).start();
  backend = fake.serveGit(path.join(home, 'github-git'));
  token = fake.addToken({ login: LOGIN, id: 4242 });
  await new TokenStore().set(fake.apiUrl, token, LOGIN);
  historyDir = path.join(home, 'history');
});

afterEach(async () => {
  await new TokenStore().delete(fake.apiUrl).catch(() => false);
  await fake.stop();
  vi.unstubAllEnvs();
  await rm(home, { recursive: true, force: true });
  if (root) await rm(root, { recursive: true, force: true });
  expect(fake.violations).toEqual([]);
});

// Each test makes a clone and pushes it with real git: generous time on a loaded machine.
describe('push and open the pull request from a clone', { timeout: 120_000 }, () => {
  it('commits with the account identity when git has none, adds the remotes, pushes with the token from the keychain and opens the pull request', async () => {
    root = await makeClone(false);
    const paths = await writeValidator('Clone Stake');
    const steps: SubmitStep[] = [];
    const { value: result, seen, leaks } = await watchProcesses(token, () => push({ steps }));

    expect(result).toMatchObject({
      url: `${fake.webUrl}/trustwallet/assets/pull/1`,
      number: 1,
      title: 'Add Clone Stake validator to Cosmos Hub',
      branch: `companion/add-cosmos-${id}`,
      fork: `${LOGIN}/assets`,
      reusedCommit: false,
      reusedPullRequest: false,
      identityFromAccount: true,
    });
    expect(steps).toEqual(['committing', 'forking', 'pushing', 'opening-pull-request']);
    // The commit: exactly the written files, on the branch, with GitHub's noreply identity of the account.
    expect(git(root, 'log', '-1', '--format=%an <%ae>|%cn <%ce>|%s').trim()).toBe(
      `${LOGIN} <4242+${LOGIN}@users.noreply.127.0.0.1>|${LOGIN} <4242+${LOGIN}@users.noreply.127.0.0.1>|Add Clone Stake validator to Cosmos Hub`,
    );
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()).toEqual([...paths].sort());
    expect(git(root, 'symbolic-ref', '--short', 'HEAD').trim()).toBe(result.branch);
    expect(git(root, 'status', '--porcelain').trim()).toBe('');
    // The identity was passed per command: no config file learnt it.
    expect(readFileSync(path.join(home, '.gitconfig'), 'utf8')).toBe('');
    expect(git(root, 'config', '--local', '--list')).not.toMatch(/^user\./m);
    // Remotes added for the fork and the upstream.
    expect(git(root, 'remote', 'get-url', 'fork').trim()).toBe(forkUrl());
    expect(git(root, 'remote', 'get-url', 'upstream').trim()).toBe(upstreamUrl());
    // What arrived over HTTP: asked for credentials, then the token with the login as user name.
    const pushes = backend.requests.filter((r) => r.service === 'git-receive-pack');
    expect(pushes.some((r) => r.status === 401 && !r.authorized)).toBe(true);
    // (git may send a small probe before a large pack: every POST carries the token.)
    const posts = pushes.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((r) => r.user === LOGIN && r.authorized && r.status === 200)).toBe(true);
    expect(git(forkRepo(), 'rev-parse', `refs/heads/${result.branch}`).trim()).toBe(result.commit);
    // The pull request, with the registry's title and the repository's template.
    expect(fake.pulls).toHaveLength(1);
    expect(fake.pulls[0]).toMatchObject({ title: result.title, head: `${LOGIN}:${result.branch}`, base: 'master' });
    expect(fake.pulls[0]!.body).toContain('## Checklist');
    expect(fake.pulls[0]!.body).toContain(id);
    // The token is nowhere but the keychain: not in the repository, the home folder, or any process.
    expect(seen, 'the watcher saw the push').toBeGreaterThan(0);
    expect(leaks).toEqual([]);
    expect(await allText(path.join(root, '.git'))).not.toContain(token);
    expect(await allText(home)).not.toContain(token);
    expect(await allText(forkRepo())).not.toContain(token);
  });

  it('keeps existing remotes as they are and says so when one points elsewhere; the user identity is used when set', async () => {
    root = await makeClone(true);
    git(root, 'remote', 'add', 'origin', upstreamUrl());
    git(root, 'remote', 'add', 'fork', 'https://example.invalid/someone-else/assets.git');
    await writeValidator('Remote Keeper');
    const result = await push();

    expect(git(root, 'remote', 'get-url', 'origin').trim()).toBe(upstreamUrl());
    expect(git(root, 'remote', 'get-url', 'fork').trim()).toBe('https://example.invalid/someone-else/assets.git');
    expect(git(root, 'remote').trim().split('\n').sort()).toEqual(['fork', 'origin']); // origin already is the upstream
    expect(result.notes.join('\n')).toContain(
      `Your remote "fork" points to https://example.invalid/someone-else/assets.git, not to your fork`,
    );
    expect(result.identityFromAccount).toBe(false);
    expect(git(root, 'log', '-1', '--format=%an <%ae>').trim()).toBe('Clone Owner <owner@example.invalid>');
    // Pushed to the fork GitHub reported, not to the remote named "fork".
    expect(git(forkRepo(), 'rev-parse', `refs/heads/${result.branch}`).trim()).toBe(result.commit);
    expect(fake.pulls).toHaveLength(1);
  });

  it('a refused push puts the branch and the index back, says why in words, and a retry then succeeds', async () => {
    root = await makeClone(false);
    // Something the user staged themselves stays staged; the written files stay on disk, uncommitted.
    writeFileSync(path.join(root, 'README.md'), 'my notes\n');
    git(root, 'add', 'README.md');
    const paths = await writeValidator('Wrong Token');
    const before = {
      head: git(root, 'rev-parse', 'HEAD'),
      status: git(root, 'status', '--porcelain=v1', '--untracked-files=all'),
      staged: git(root, 'diff', '--cached', '--name-only'),
      files: paths.map((p) => readFileSync(path.join(root, p))),
    };
    fake.gitRefusesTokens = true;
    const error = await failure(push());

    expect(error.code).toBe('push-refused');
    expect(error.message).toMatch(/^GitHub refused the push to your fork octo-operator\/assets: it did not accept the signed-in token/);
    expect(error.message).toContain('Your folder is back as it was: switched back to main');
    expect(git(root, 'symbolic-ref', '--short', 'HEAD').trim()).toBe('main');
    expect(git(root, 'rev-parse', 'HEAD')).toBe(before.head);
    expect(git(root, 'branch', '--list', `companion/*`).trim()).toBe('');
    expect(git(root, 'diff', '--cached', '--name-only')).toBe(before.staged);
    expect(git(root, 'status', '--porcelain=v1', '--untracked-files=all')).toBe(before.status);
    expect(paths.map((p) => readFileSync(path.join(root, p)))).toEqual(before.files);
    expect(fake.pulls).toHaveLength(0);
    expect(await allText(path.join(root, '.git'))).not.toContain(token);

    fake.gitRefusesTokens = false;
    const result = await push();
    expect(result.number).toBe(1);
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()).toEqual([...paths].sort());
    // The user's own staged change is still staged, not committed.
    expect(git(root, 'diff', '--cached', '--name-only').trim()).toBe('README.md');
  });

  it('waits for a fork that appears late', async () => {
    root = await makeClone(false);
    await writeValidator('Late Fork');
    fake.forkDelayReads = 3;
    const steps: SubmitStep[] = [];
    const result = await push({ steps });
    expect(steps).toEqual(['committing', 'forking', 'waiting-for-fork', 'pushing', 'opening-pull-request']);
    expect(git(forkRepo(), 'rev-parse', `refs/heads/${result.branch}`).trim()).toBe(result.commit);
    expect(fake.pulls).toHaveLength(1);
  });

  it('a retry after the connection dropped reuses the pushed branch and finds the pull request it opened', async () => {
    root = await makeClone(false);
    await writeValidator('Dropped Answer');
    // GitHub opens the pull request, but the answer never arrives.
    fake.intercept('pulls/create', (n) => (n === 1 ? 'drop-after' : undefined));
    const error = await failure(push());
    expect(error.code).toBe('network');
    expect(error.message).toContain('reached your fork and is kept');
    expect(git(root, 'symbolic-ref', '--short', 'HEAD').trim()).toBe('main');
    const branch = `companion/add-cosmos-${id}`;
    const first = git(root, 'rev-parse', `refs/heads/${branch}`).trim();
    expect(git(forkRepo(), 'rev-parse', `refs/heads/${branch}`).trim()).toBe(first);

    const result = await push();
    expect(result).toMatchObject({ branch, commit: first, reusedCommit: true, reusedPullRequest: true, number: 1 });
    expect(fake.pulls).toHaveLength(1);
    expect(fake.count('pulls/create')).toBe(1);
    expect(git(root, 'symbolic-ref', '--short', 'HEAD').trim()).toBe(branch);
    expect(git(root, 'status', '--porcelain').trim()).toBe('');
  });

  it("runs none of the clone's own programs (hooks, credential helper, askpass, fsmonitor) while it commits and pushes", async () => {
    root = await makeClone(false);
    const markers = path.join(home, 'markers');
    const bin = path.join(home, 'bin');
    mkdirSync(markers);
    mkdirSync(bin);
    const program = (name: string, body = 'exit 0') => {
      const file = path.join(bin, name);
      writeFileSync(file, `#!/bin/sh\necho "$*" >> '${markers}/${name}'\n${body}\n`, { mode: 0o755 });
      return file;
    };
    for (const hook of ['pre-commit', 'commit-msg', 'post-commit', 'pre-push', 'reference-transaction', 'post-index-change'])
      writeFileSync(path.join(root, '.git', 'hooks', hook), `#!/bin/sh\nexec '${program(`hook-${hook}`)}' "$@"\n`, { mode: 0o755 });
    git(root, 'config', 'credential.helper', program('credential'));
    git(root, 'config', 'core.askPass', program('askpass', 'echo wrong-token'));
    git(root, 'config', 'core.fsmonitor', program('fsmonitor', 'exit 1'));
    await writeValidator('Hostile Clone');

    const result = await push();
    expect(git(forkRepo(), 'rev-parse', `refs/heads/${result.branch}`).trim()).toBe(result.commit);
    expect(readdirSync(markers)).toEqual([]);
    // Control: plain git in the same folder runs them, so the folder really is hostile.
    git(root, '-c', 'user.name=x', '-c', 'user.email=x@example.invalid', 'commit', '-q', '--allow-empty', '-m', 'control');
    expect(readdirSync(markers)).toContain('hook-post-commit');
  });

  it('refuses a clone whose own git configuration changes how git reaches servers, and sends nothing', async () => {
    root = await makeClone(false);
    git(root, 'config', 'http.sslVerify', 'false');
    await writeValidator('Proxy Folder');
    const error = await failure(push());
    expect(error.code).toBe('unsafe-git-config');
    expect(error.message).toContain('http.sslverify');
    expect(backend.requests.filter((r) => r.service === 'git-receive-pack')).toEqual([]);
    expect(git(root, 'symbolic-ref', '--short', 'HEAD').trim()).toBe('main');
  });
});
