// `companion registry push`, run as users run it: the built CLI writes to a clone, then pushes it over real
// git HTTP to the fake GitHub with COMPANION_GITHUB_TOKEN (the askpass helper reads it; nothing else does).
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../../../github/testing/fake-github';
import type { GitHttpBackend } from '../../../github/testing/git-http-backend';
import { solidPng } from '../../../registry/image-fixtures';
import { copyCorpus, newValoperId } from '../../../registry/test-support';

const CLI = 'out/main/cli.js';
let fake: FakeGitHub;
let backend: GitHttpBackend;
let home: string;
let root: string;
let token: string;

function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: home,
          XDG_CONFIG_HOME: path.join(home, 'config'),
          GIT_CONFIG_NOSYSTEM: '1',
          ...fake.env(),
          ...env,
        },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr }),
    ).stdin!.end();
  });
}

const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

async function allText(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return (await Promise.all(files.map((f) => readFile(f, 'latin1').catch(() => '')))).join('\n');
}

beforeAll(() => {
  expect(existsSync(CLI), 'build first: npx electron-vite build').toBe(true);
});

beforeEach(async () => {
  fake = await new FakeGitHub({ chains: ['cosmos'] }).start();
  home = await mkdtemp(path.join(tmpdir(), 'push-cli-'));
  backend = fake.serveGit(path.join(home, 'github-git'));
  token = fake.addToken({ login: 'octo-operator', id: 4242 });
  root = await copyCorpus(['cosmos']);
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('-c', 'user.name=Setup', '-c', 'user.email=setup@example.invalid', 'commit', '-q', '-m', 'corpus');
});

afterEach(async () => {
  await fake.stop();
  await rm(home, { recursive: true, force: true });
  await rm(root, { recursive: true, force: true });
  expect(fake.violations).toEqual([]);
});

describe('companion registry push', { timeout: 180_000 }, () => {
  it('pushes the written change to the fork and opens the pull request (exit 0, URL last); --json; bad usage exits 2; not signed in exits 1', async () => {
    const id = await newValoperId('cosmosvaloper', 90);
    const logo = path.join(home, 'logo.png');
    await writeFile(logo, await solidPng(256));
    const history = ['--history-dir', path.join(home, 'history')];
    const add = await cli([
      'registry',
      'add',
      root,
      ...history,
      '--chain',
      'cosmos',
      '--id',
      id,
      '--name',
      'Pushed Stake',
      '--description',
      'A validator pushed from the CLI.',
      '--website',
      'https://pushed.example',
      '--logo',
      logo,
    ]);
    expect(add.code, add.stderr).toBe(0);

    expect((await cli(['registry', 'push'])).code).toBe(2);
    expect((await cli(['registry', 'push', root, '--upstream', 'not a repo'])).code).toBe(2);
    const unsigned = await cli(['registry', 'push', root, ...history]);
    expect(unsigned.code).toBe(1);
    expect(unsigned.stderr).toContain('COMPANION_GITHUB_TOKEN');
    expect(git('status', '--porcelain', '--untracked-files=all').trim().split('\n')).toHaveLength(2); // untouched

    const run = await cli(['registry', 'push', root, ...history], { COMPANION_GITHUB_TOKEN: token });
    expect(run.code, run.stderr).toBe(0);
    const url = `${fake.webUrl}/trustwallet/assets/pull/1`;
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(url);
    expect(run.stdout).toContain(
      `Opened pull request #1 "Add Pushed Stake validator to Cosmos Hub" from octo-operator/assets branch companion/add-cosmos-${id}`,
    );
    expect(run.stdout).toContain('the commit carries your GitHub name and noreply address');
    expect(run.stderr).toContain('… pushing the branch to your fork');
    const branch = `companion/add-cosmos-${id}`;
    expect(git('log', '-1', '--format=%ae').trim()).toBe('4242+octo-operator@users.noreply.127.0.0.1');
    const pushed = backend.requests.filter((r) => r.service === 'git-receive-pack' && r.method === 'POST');
    expect(pushed.length).toBeGreaterThan(0);
    expect(pushed.every((r) => r.user === 'octo-operator' && r.authorized && r.status === 200)).toBe(true);

    const again = await cli(['registry', 'push', root, ...history, '--json'], { COMPANION_GITHUB_TOKEN: token });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      ok: true,
      url,
      number: 1,
      branch,
      commit: git('rev-parse', 'HEAD').trim(),
      fork: 'octo-operator/assets',
      reusedCommit: true,
      reusedPullRequest: true,
      files: [`blockchains/cosmos/validators/assets/${id}/logo.png`, 'blockchains/cosmos/validators/list.json'],
    });
    expect(fake.pulls).toHaveLength(1);
    expect(await allText(path.join(root, '.git'))).not.toContain(token);
    expect(await allText(home)).not.toContain(token);
  });
});
