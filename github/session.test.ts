// Sign-in, status and sign-out against the fake GitHub; the keychain here is in memory (the CLI tests use the real one).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveClientIdSetting } from './client-id';
import { githubEndpoints } from './config';
import { GitHubError } from './errors';
import { pullRequestRuleProblems } from './pull-request-rules';
import { githubStatus, loginWithDeviceFlow, loginWithToken, logout, signedIn, type GitHubContext } from './session';
import { FakeGitHub } from './testing/fake-github';
import { memoryKeychain } from './testing/memory-keychain';
import { TokenStore } from './token-store';

let fake: FakeGitHub;
let keychain: ReturnType<typeof memoryKeychain>;
let settingsDir: string;
const settingsFile = () => path.join(settingsDir, 'settings.json');
const ctx = (extra: Record<string, string> = {}): GitHubContext => {
  const env = fake.env(extra);
  return { env, store: new TokenStore(keychain, env), settingsFile: settingsFile() };
};

beforeEach(async () => {
  fake = await new FakeGitHub().start();
  keychain = memoryKeychain();
  settingsDir = await mkdtemp(path.join(tmpdir(), 'github-settings-'));
});

afterEach(async () => {
  await fake.stop();
  await rm(settingsDir, { recursive: true, force: true });
  expect(fake.violations).toEqual([]);
});

describe('a pasted token', () => {
  it('is checked with GitHub, stored for its API origin only, shown in status and removed by logout', async () => {
    const token = fake.addToken({ login: 'octo-operator', id: 4242 });
    expect(await loginWithToken(`  ${token}\n`, ctx())).toMatchObject({
      login: 'octo-operator',
      scopes: ['public_repo'],
      tokenKind: 'classic',
    });
    const origin = new URL(fake.apiUrl).origin;
    expect([...keychain.items]).toEqual([[origin, { accessId: 'octo-operator', secretKey: token, origin }]]);
    expect(await githubStatus(ctx())).toEqual({
      apiUrl: fake.apiUrl,
      signedIn: true,
      source: 'keychain',
      login: 'octo-operator',
      scopes: ['public_repo'],
    });
    expect((await signedIn(ctx())).account.login).toBe('octo-operator');
    // Another API origin does not get this token.
    const elsewhere = { env: { COMPANION_GITHUB_API_URL: 'http://localhost:1/api/v3' }, store: new TokenStore(keychain, {}) };
    expect(await githubStatus(elsewhere)).toMatchObject({ signedIn: false });
    expect(await logout(ctx())).toBe(true);
    expect(await logout(ctx())).toBe(false);
    expect(await githubStatus(ctx())).toEqual({ apiUrl: fake.apiUrl, signedIn: false });
  });

  it('refuses a fine-grained token up front, in plain words, without sending it anywhere', async () => {
    const token = fake.addToken({ login: 'octo-operator', id: 4242 }, 'github_pat_');
    const error = await loginWithToken(token, ctx()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubError);
    expect(error).toMatchObject({ code: 'fine-grained-token' });
    expect((error as Error).message).toContain('does not let a fine-grained token open a pull request');
    expect((error as Error).message).toContain(`${fake.webUrl}/settings/tokens/new?scopes=public_repo&description=Gateway%20Companion`);
    expect(fake.requests).toEqual([]);
    expect(keychain.items.size).toBe(0);
  });

  it('refuses a token without public_repo, and a wrong one with what to do', async () => {
    const narrow = fake.addToken({ login: 'octo-operator', id: 4242, scopes: 'read:user, gist' });
    await expect(loginWithToken(narrow, ctx())).rejects.toMatchObject({
      code: 'missing-scope',
      message: expect.stringContaining('[read:user, gist]'),
    });
    await expect(loginWithToken('ghp_wrongwrongwrong', ctx())).rejects.toMatchObject({
      code: 'bad-token',
      message: expect.stringContaining('401'),
    });
    await expect(loginWithToken('ghp_with space', ctx())).rejects.toMatchObject({ code: 'bad-token' });
    expect(keychain.items.size).toBe(0);
  });

  it('COMPANION_GITHUB_TOKEN takes precedence over the keychain, and a revoked token shows as a problem', async () => {
    const stored = fake.addToken({ login: 'stored-user', id: 1 });
    await loginWithToken(stored, ctx());
    const fromEnv = fake.addToken({ login: 'env-user', id: 2 });
    expect(await githubStatus(ctx({ COMPANION_GITHUB_TOKEN: fromEnv }))).toMatchObject({
      signedIn: true,
      source: 'environment',
      login: 'env-user',
    });
    fake.revoke(stored);
    expect(await githubStatus(ctx())).toMatchObject({
      signedIn: false,
      source: 'keychain',
      login: 'stored-user',
      problem: expect.stringContaining('Sign in again'),
    });
  });

  it('says how to sign in when nothing is stored', async () => {
    await expect(signedIn(ctx())).rejects.toMatchObject({
      code: 'no-token',
      message: expect.stringContaining('companion github login --token-stdin'),
    });
  });
});

describe('the device flow', () => {
  it('shows the code, polls until the user approves, checks and stores the token', async () => {
    fake.deviceApproveAfterPolls = 3;
    const shown: unknown[] = [];
    const account = await loginWithDeviceFlow({ clientId: fake.clientId, onVerification: (v) => void shown.push(v) }, ctx());
    expect(shown).toEqual([
      { userCode: 'WDJB-MJHT', verificationUri: `${fake.webUrl}/login/device`, expiresInSeconds: 900, clientIdSource: 'flag' },
    ]);
    expect(account).toMatchObject({ login: 'octo-operator', tokenKind: 'oauth', scopes: ['public_repo'] });
    expect([...keychain.items.values()][0]!.secretKey).toMatch(/^gho_/);
  });

  it('takes the client id from COMPANION_GITHUB_CLIENT_ID, and says plainly when there is none', async () => {
    await expect(
      loginWithDeviceFlow({ onVerification: () => undefined }, ctx({ COMPANION_GITHUB_CLIENT_ID: fake.clientId })),
    ).resolves.toMatchObject({
      login: 'octo-operator',
    });
    const none = await loginWithDeviceFlow({ onVerification: () => undefined }, ctx()).catch((e: unknown) => e);
    expect(none).toMatchObject({ code: 'device-flow-unavailable' });
    expect((none as Error).message).toContain('none is configured');
    expect((none as Error).message).toContain('settings/tokens/new?scopes=public_repo');
  });

  it('explains a cancelled sign-in and an unknown client id', async () => {
    fake.deviceDeny = true;
    await expect(loginWithDeviceFlow({ clientId: fake.clientId, onVerification: () => undefined }, ctx())).rejects.toMatchObject({
      code: 'device-flow-failed',
      message: expect.stringContaining('cancelled'),
    });
    await expect(loginWithDeviceFlow({ clientId: 'Ov23liUnknownApp0000', onVerification: () => undefined }, ctx())).rejects.toMatchObject({
      code: 'device-flow-unavailable',
      message: expect.stringContaining('GitHub does not know the client id Ov23liUnknownApp0000 (from --client-id)'),
    });
    expect(keychain.items.size).toBe(0);
  });

  it('takes the client id from --client-id, else COMPANION_GITHUB_CLIENT_ID, else the saved setting', async () => {
    const other = 'Ov23liSomeOtherApp00';
    const sources: unknown[] = [];
    const onVerification = (v: { clientIdSource: string }) => void sources.push(v.clientIdSource);
    await saveClientIdSetting(ctx(), `  ${fake.clientId}\n`);
    await loginWithDeviceFlow({ onVerification }, ctx());
    await loginWithDeviceFlow({ onVerification }, ctx({ COMPANION_GITHUB_CLIENT_ID: fake.clientId }));
    await loginWithDeviceFlow({ clientId: fake.clientId, onVerification }, ctx({ COMPANION_GITHUB_CLIENT_ID: other }));
    expect(sources).toEqual(['settings', 'environment', 'flag']);
    // The environment wins over the setting even when it names an app GitHub does not know.
    await expect(loginWithDeviceFlow({ onVerification }, ctx({ COMPANION_GITHUB_CLIENT_ID: other }))).rejects.toMatchObject({
      message: expect.stringContaining(`${other} (from COMPANION_GITHUB_CLIENT_ID)`),
    });
  });

  it('refuses a client id that is not one GitHub issues before asking GitHub, naming where it came from', async () => {
    await expect(
      loginWithDeviceFlow({ onVerification: () => undefined }, ctx({ COMPANION_GITHUB_CLIENT_ID: 'my-oauth-app' })),
    ).rejects.toMatchObject({ code: 'bad-client-id', message: expect.stringContaining('from COMPANION_GITHUB_CLIENT_ID cannot be used') });
    await expect(loginWithDeviceFlow({ clientId: 'ghp_0123456789abcdef', onVerification: () => undefined }, ctx())).rejects.toMatchObject({
      code: 'bad-client-id',
      message: expect.stringContaining('This is a GitHub token, not a client id'),
    });
    // A settings file edited into something we cannot read is reported, and left as it was.
    await writeFile(settingsFile(), '{ "version": 1, "settings": ');
    await expect(loginWithDeviceFlow({ onVerification: () => undefined }, ctx())).rejects.toMatchObject({
      code: 'settings-file',
      message: expect.stringContaining('is not valid JSON'),
    });
    expect(fake.webRequests).toEqual([]);
  });

  it('stops at once when cancelled while waiting: no further poll, nothing stored', async () => {
    // An hour between polls: if cancelling did not end the wait, this test would time out.
    fake.deviceInterval = 3600;
    const abort = new AbortController();
    let shown: () => void = () => undefined;
    const codeShown = new Promise<void>((resolve) => (shown = resolve));
    const login = loginWithDeviceFlow({ clientId: fake.clientId, signal: abort.signal, onVerification: () => shown() }, ctx());
    await codeShown;
    abort.abort();
    await expect(login).rejects.toMatchObject({ code: 'cancelled', message: 'Sign-in cancelled; nothing was stored.' });
    expect(fake.devicePolls).toEqual([]);
    expect(keychain.items.size).toBe(0);
  });

  it('cancelled after GitHub approved but before the token is stored, stores nothing', async () => {
    const abort = new AbortController();
    fake.intercept('users/get-authenticated', () => {
      abort.abort();
      return undefined;
    });
    await expect(
      loginWithDeviceFlow({ clientId: fake.clientId, signal: abort.signal, onVerification: () => undefined }, ctx()),
    ).rejects.toMatchObject({ code: 'cancelled' });
    expect(keychain.items.size).toBe(0);
  });

  it('ends with the same plain message when GitHub itself answers expired_token', async () => {
    fake.deviceApproveAfterPolls = 1000;
    // GitHub's clock runs past the code's 15 minutes while ours has not: the answer decides.
    const onVerification = () => void (fake.now = () => Date.now() + 901_000);
    await expect(loginWithDeviceFlow({ clientId: fake.clientId, onVerification }, ctx())).rejects.toMatchObject({
      code: 'device-flow-failed',
      message: 'The code expired before it was entered on GitHub. Start the sign-in again for a new code.',
    });
    expect(fake.devicePolls).toHaveLength(1);
  });

  it('waits the longer interval GitHub sends with slow_down before polling again', async () => {
    fake.deviceSlowDowns = 1;
    fake.deviceSlowDownStep = 1;
    await loginWithDeviceFlow({ clientId: fake.clientId, onVerification: () => undefined }, ctx());
    // Two polls: slow_down (the interval is now 1 s), then, at least a second later, approved.
    expect(fake.devicePolls).toHaveLength(2);
    expect(fake.devicePolls[1]! - fake.devicePolls[0]!).toBeGreaterThanOrEqual(990);
  });

  it('ends with a plain message when the code expires before it is entered', async () => {
    fake.deviceApproveAfterPolls = 1000;
    fake.deviceExpiresIn = 1;
    fake.deviceInterval = 1;
    await expect(loginWithDeviceFlow({ clientId: fake.clientId, onVerification: () => undefined }, ctx())).rejects.toMatchObject({
      code: 'device-flow-failed',
      message: 'The code expired before it was entered on GitHub. Start the sign-in again for a new code.',
    });
    expect(keychain.items.size).toBe(0);
  });
});

describe('configuration and rules', () => {
  it('accepts https anywhere and plain http only for loopback', () => {
    expect(githubEndpoints({})).toEqual({ apiUrl: 'https://api.github.com', webUrl: 'https://github.com' });
    expect(githubEndpoints({ COMPANION_GITHUB_API_URL: 'https://ghe.example.com/api/v3/' }).apiUrl).toBe('https://ghe.example.com/api/v3');
    expect(() => githubEndpoints({ COMPANION_GITHUB_API_URL: 'http://ghe.example.com/api/v3' })).toThrow(/plain http to ghe\.example\.com/);
    expect(() => githubEndpoints({ COMPANION_GITHUB_URL: 'ftp://x' })).toThrow(/https/);
    expect(githubEndpoints({ COMPANION_GITHUB_URL: 'http://[::1]:8080' }).webUrl).toBe('http://[::1]:8080');
  });

  it('checks the registry pull request rules: one chain, only validator files, at most 10 logos', () => {
    const logo = (chain: string, i: number) => `blockchains/${chain}/validators/assets/id${i}/logo.png`;
    expect(pullRequestRuleProblems(['blockchains/cosmos/validators/list.json', logo('cosmos', 1)])).toEqual([]);
    expect(pullRequestRuleProblems(Array.from({ length: 10 }, (_, i) => logo('cosmos', i)))).toEqual([]);
    expect(pullRequestRuleProblems(Array.from({ length: 11 }, (_, i) => logo('cosmos', i)))).toEqual([
      expect.stringContaining('at most 10'),
    ]);
    expect(pullRequestRuleProblems([logo('cosmos', 1), logo('tezos', 1)])).toEqual([expect.stringContaining('one chain per pull request')]);
    expect(pullRequestRuleProblems(['README.md'])).toEqual([expect.stringContaining('README.md is not a validator list or logo')]);
    expect(pullRequestRuleProblems(['blockchains/cosmos/validators/assets/x/logo.jpg'])).toHaveLength(1);
    expect(pullRequestRuleProblems([])).toEqual([expect.stringContaining('Nothing would change')]);
  });
});
