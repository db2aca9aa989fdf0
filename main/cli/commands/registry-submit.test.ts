// `companion registry submit` and `companion github …`, run as users run them: the built CLI against the fake GitHub.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../../../github/testing/fake-github';
import { localClock } from '../../../github/client';
import { osKeychain } from '../../../platform/credentials/keychain';
import { solidPng } from '../../../registry/image-fixtures';
import { newValoperId } from '../../../registry/test-support';

const CLI = 'out/main/cli.js';
let fake: FakeGitHub;
let home: string;
let token: string;
let id: string;
let logo: string;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI with only the environment given (plus PATH and a private HOME), stdin from `input`. */
function cli(args: string[], env: Record<string, string> = {}, input = ''): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: home,
          XDG_CONFIG_HOME: path.join(home, 'config'),
          ...(process.env.DBUS_SESSION_BUS_ADDRESS ? { DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS } : {}),
          ...fake.env(),
          ...env,
        },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(input);
  });
}

/** Every file under a folder, for proving the token was never written anywhere. */
async function allText(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return (await Promise.all(files.map((f) => readFile(f, 'latin1')))).join('\n');
}

beforeAll(async () => {
  expect(existsSync(CLI), 'build first: npx electron-vite build').toBe(true);
  id = await newValoperId('cosmosvaloper', 7);
});

beforeEach(async () => {
  fake = await new FakeGitHub().start();
  token = fake.addToken({ login: 'octo-operator', id: 4242 });
  home = await mkdtemp(path.join(tmpdir(), 'submit-cli-'));
  logo = path.join(home, 'logo.png');
  await writeFile(logo, await solidPng(256));
});

afterEach(async () => {
  await fake.stop();
  await rm(home, { recursive: true, force: true });
  expect(fake.violations).toEqual([]);
});

const addArgs = () => [
  'registry',
  'submit',
  'add',
  '--chain',
  'cosmos',
  '--id',
  id,
  '--name',
  'CLI Stake',
  '--description',
  'A validator submitted from the CLI.',
  '--website',
  'https://cli.example',
  '--logo',
  logo,
];

describe('companion registry submit', () => {
  it('opens the pull request, prints its URL last and exits 0; --json gives url, number, branch, commit and files; a retry reuses it', async () => {
    const run = await cli(addArgs(), { COMPANION_GITHUB_TOKEN: token });
    expect(run.code).toBe(0);
    const url = `${fake.webUrl}/trustwallet/assets/pull/1`;
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(url);
    expect(run.stdout).toContain('Opened pull request #1 from octo-operator/assets branch companion/add-cosmos-');
    expect(fake.pulls[0]!.title).toBe('Add CLI Stake validator to Cosmos Hub');

    const again = await cli([...addArgs(), '--json'], { COMPANION_GITHUB_TOKEN: token });
    expect(again.code).toBe(0);
    const json = JSON.parse(again.stdout) as Record<string, unknown>;
    expect(json).toMatchObject({
      ok: true,
      url,
      number: 1,
      branch: `companion/add-cosmos-${id}`,
      commit: fake.head('octo-operator/assets', `companion/add-cosmos-${id}`),
      files: [`blockchains/cosmos/validators/assets/${id}/logo.png`, 'blockchains/cosmos/validators/list.json'],
      reusedCommit: true,
      reusedPullRequest: true,
    });
    expect(fake.pulls).toHaveLength(1);
    for (const r of [run, again]) expect(r.stdout + r.stderr).not.toContain(token);
    expect(await allText(home)).not.toContain(token);
  });

  it('--dry-run reads the upstream without a token and submits nothing', async () => {
    const run = await cli([...addArgs(), '--dry-run']);
    expect(run).toMatchObject({ code: 0, stdout: expect.stringContaining('Dry run: nothing was submitted.') });
    expect(run.stdout).toContain('Pull request: "Add CLI Stake validator to Cosmos Hub"');
    expect(fake.requests.every((r) => r.method === 'GET')).toBe(true);
  });

  it('exits 1 on findings and on GitHub refusals, 2 on bad usage', async () => {
    const bad = await cli(
      [
        'registry',
        'submit',
        'add',
        '--chain',
        'cosmos',
        '--id',
        'cosmosvaloper1nope',
        '--name',
        'X',
        '--description',
        'X',
        '--website',
        'https://x.example',
        '--logo',
        logo,
      ],
      { COMPANION_GITHUB_TOKEN: token },
    );
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('Nothing was submitted: fix the errors above');
    const unsigned = await cli(addArgs());
    expect(unsigned).toMatchObject({ code: 1, stderr: expect.stringContaining('Not signed in to GitHub') });
    const fine = await cli(addArgs(), { COMPANION_GITHUB_TOKEN: 'github_pat_11AAAAAAA0abcdefghijklmnopqrstuvwxyz' });
    expect(fine).toMatchObject({ code: 1, stderr: expect.stringContaining('fine-grained personal access token') });
    fake.rateLimitRemaining = 0;
    fake.rateLimitResetAt = Math.floor(Date.parse('2031-05-06T07:08:00Z') / 1000);
    const limited = await cli(addArgs(), { COMPANION_GITHUB_TOKEN: token });
    expect(limited).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`until ${localClock(Date.parse('2031-05-06T07:08:00Z'))} (your local time)`),
    });
    fake.rateLimitRemaining = 5000;
    expect((await cli(['registry', 'submit', 'add', '--chain', 'cosmos'])).code).toBe(2);
    expect((await cli([...addArgs(), '--upstream', 'not a repo'])).code).toBe(2);
    expect((await cli(['registry', 'submit', 'disable', '--chain', 'cosmos', '--id', id, '--note', ' '])).code).toBe(2);
    expect(fake.pulls).toHaveLength(0);
  });
});

describe('companion github login / status / logout (OS keychain)', () => {
  const keychain = osKeychain('gateway-companion-github');
  afterEach(async () => {
    await keychain.delete(new URL(fake.apiUrl).origin).catch(() => false);
  });

  it('stores a token read from stdin in the keychain, shows the account, and removes it', async () => {
    const login = await cli(['github', 'login', '--token-stdin'], {}, `${token}\n`);
    expect(login).toMatchObject({
      code: 0,
      stdout: 'Signed in to GitHub as @octo-operator (scopes: public_repo). The token is in the OS keychain.\n',
    });
    expect(await keychain.get(new URL(fake.apiUrl).origin)).toMatchObject({ secretKey: token, accessId: 'octo-operator' });
    const status = await cli(['github', 'status', '--json']);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toEqual({
      apiUrl: fake.apiUrl,
      signedIn: true,
      source: 'keychain',
      login: 'octo-operator',
      scopes: ['public_repo'],
    });
    // The stored token now works for a submission without COMPANION_GITHUB_TOKEN.
    expect((await cli(addArgs())).code).toBe(0);
    expect(await cli(['github', 'logout'])).toMatchObject({ code: 0, stdout: 'Removed the GitHub token from the OS keychain.\n' });
    expect(await cli(['github', 'status'])).toMatchObject({ code: 1, stdout: expect.stringContaining('Not signed in') });
    expect(await allText(home)).not.toContain(token);
  });

  it('runs the device flow, and without a client id says so and points at the token page', async () => {
    const flow = await cli(['github', 'login', '--client-id', fake.clientId]);
    expect(flow.code).toBe(0);
    expect(flow.stderr).toContain(`Open ${fake.webUrl}/login/device and enter the code WDJB-MJHT`);
    expect(flow.stdout).toContain('Signed in to GitHub as @octo-operator');
    const none = await cli(['github', 'login']);
    expect(none).toMatchObject({ code: 1, stderr: expect.stringContaining('none is configured') });
    expect(none.stderr).toContain('/settings/tokens/new?scopes=public_repo&description=Gateway%20Companion');
  });

  it('refuses a fine-grained token at login, before storing or sending it', async () => {
    const run = await cli(['github', 'login', '--token-stdin'], {}, 'github_pat_11AAAAAAA0abcdefghijklmnopqrstuvwxyz\n');
    expect(run).toMatchObject({ code: 1, stderr: expect.stringContaining('does not let a fine-grained token open a pull request') });
    expect(fake.requests).toEqual([]);
    expect(await keychain.get(new URL(fake.apiUrl).origin)).toBeUndefined();
  });
});
