// Sign-in, status and sign-out against the fake GitHub; the keychain here is in memory (the CLI tests use the real one).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { githubEndpoints } from './config';
import { GitHubError } from './errors';
import { pullRequestRuleProblems } from './pull-request-rules';
import { githubStatus, loginWithDeviceFlow, loginWithToken, logout, signedIn, type GitHubContext } from './session';
import { FakeGitHub } from './testing/fake-github';
import { memoryKeychain } from './testing/memory-keychain';
import { TokenStore } from './token-store';

let fake: FakeGitHub;
let keychain: ReturnType<typeof memoryKeychain>;
const ctx = (extra: Record<string, string> = {}): GitHubContext => {
  const env = fake.env(extra);
  return { env, store: new TokenStore(keychain, env) };
};

beforeEach(async () => {
  fake = await new FakeGitHub().start();
  keychain = memoryKeychain();
});

afterEach(async () => {
  await fake.stop();
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
    expect(shown).toEqual([{ userCode: 'WDJB-MJHT', verificationUri: `${fake.webUrl}/login/device`, expiresInSeconds: 900 }]);
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
    await expect(loginWithDeviceFlow({ clientId: 'Iv1.unknown', onVerification: () => undefined }, ctx())).rejects.toMatchObject({
      code: 'device-flow-unavailable',
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
