// The remote-mode services through the dispatcher (arguments validated as from a renderer), against the
// fake GitHub, whose every request and answer is checked against GitHub's OpenAPI description.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventName, EventPayload } from '../../domain/ipc/contract';
import { LOGO_PART_BYTES, type WizardOperation } from '../../domain/ipc/registry-channels';
import { FakeGitHub } from '../../github/testing/fake-github';
import { localClock } from '../../github/client';
import { memoryKeychain } from '../../github/testing/memory-keychain';
import { FEE_BOT, PullRequestActivity } from '../../github/testing/pull-request-activity';
import { solidPng } from '../../registry/image-fixtures';
import { newValoperId, removeDir, tempDir } from '../../registry/test-support';
import { createDispatcher, type Dispatch, type Handlers } from './dispatch';
import { githubHandlers } from './github-handlers';
import type { HostContext } from './host-context';
import { registryService } from './registry-handlers';

const LIST = 'blockchains/cosmos/validators/list.json';
const FEE_COMMENT =
  'Thanks! To merge, pay the fee of 500 TWT to 0x0000000000000000000000000000000000000001 and comment with the transaction.';

let fake: FakeGitHub;
let activity: PullRequestActivity;
let keychain: ReturnType<typeof memoryKeychain>;
let env: Record<string, string>;
let events: { event: string; payload: unknown }[];
let stateDir: string;
let dispatch: Dispatch;
let NEW_ID: string;
let logo: Buffer;
const settingsFile = () => path.join(stateDir, 'config', 'settings.json');

async function call<T>(channel: string, ...args: unknown[]): Promise<T> {
  const answer = await dispatch(channel, args);
  if (!answer.ok) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
  return answer.value as T;
}

async function failure(channel: string, ...args: unknown[]): Promise<{ code: string; message: string }> {
  const answer = await dispatch(channel, args);
  if (answer.ok) throw new Error(`${channel} succeeded`);
  return answer.error;
}

async function upload(bytes: Buffer): Promise<string> {
  const parts = Math.max(1, Math.ceil(bytes.length / LOGO_PART_BYTES));
  const uploadId = `test-${Math.random().toString(36).slice(2, 10)}`;
  for (let i = 0; i < parts; i++)
    await call('registry:uploadLogoPart', uploadId, i, bytes.subarray(i * LOGO_PART_BYTES, (i + 1) * LOGO_PART_BYTES));
  return (await call<{ logoId: string }>('registry:inspectLogo', uploadId, parts, 'logo.png')).logoId;
}

const addOp = (logoId: string): WizardOperation => ({
  kind: 'add',
  chain: 'cosmos',
  entry: { id: NEW_ID, name: 'Example Stake', description: 'An example validator for tests.', website: 'https://example.com' },
  logo: { logoId },
});

beforeAll(async () => {
  logo = await solidPng(256);
  NEW_ID = await newValoperId();
});

beforeEach(async () => {
  fake = await new FakeGitHub().start();
  activity = new PullRequestActivity(fake);
  keychain = memoryKeychain();
  env = fake.env({ COMPANION_GITHUB_CLIENT_ID: fake.clientId });
  events = [];
  stateDir = await tempDir();
  const ctx: HostContext = {
    host: 'browser',
    openLink: async () => false,
    emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void events.push({ event, payload }),
    log: () => undefined,
  };
  const registry = registryService(ctx, { stateDir });
  const all = {
    ...registry.handlers,
    ...githubHandlers(ctx, {
      engineOperation: registry.engineOperation,
      env: () => env,
      keychain,
      settingsFile: settingsFile(),
      sleep: async () => undefined,
    }),
  };
  dispatch = createDispatcher(all as unknown as Handlers);
});

afterEach(async () => {
  await fake.stop();
  await removeDir(stateDir);
  expect(fake.violations).toEqual([]);
});

describe('sign-in', () => {
  it('says who is signed in, and what sign-in is possible, without ever returning the token', async () => {
    const before = await call<Record<string, unknown>>('github:status');
    expect(before).toMatchObject({ signedIn: false, deviceFlow: true, apiUrl: fake.apiUrl, defaultUpstream: 'trustwallet/assets' });
    expect(before['tokenUrl']).toBe(`${fake.webUrl}/settings/tokens/new?scopes=public_repo&description=Gateway%20Companion`);

    const token = fake.addToken({ login: 'octo-operator', id: 4242 });
    expect(await call('github:signInWithToken', `  ${token}\n`)).toEqual({ login: 'octo-operator' });
    const after = await call<Record<string, unknown>>('github:status');
    expect(after).toMatchObject({ signedIn: true, login: 'octo-operator', source: 'keychain', scopes: ['public_repo'] });
    expect(JSON.stringify(after)).not.toContain(token);
    expect([...keychain.items.values()].map((c) => c.secretKey)).toEqual([token]);

    expect(await call('github:signOut')).toEqual({ signedOut: true });
    expect(keychain.items.size).toBe(0);
    expect(await call('github:signOut')).toEqual({ signedOut: false });
  });

  it('refuses a fine-grained token up front, in plain words, without sending it to GitHub', async () => {
    const token = fake.addToken({ login: 'octo-operator', id: 4242 }, 'github_pat_');
    const error = await failure('github:signInWithToken', token);
    expect(error.code).toBe('fine-grained-token');
    expect(error.message).toContain('classic token with the public_repo scope');
    expect(fake.requests).toEqual([]);
    expect(keychain.items.size).toBe(0);
  });

  it('refuses a classic token without public_repo, naming its scopes', async () => {
    const token = fake.addToken({ login: 'octo-operator', id: 4242, scopes: 'gist' });
    const error = await failure('github:signInWithToken', token);
    expect(error).toMatchObject({ code: 'missing-scope' });
    expect(error.message).toContain('[gist]');
  });

  it('signs in through the device flow: the code first, then the state until GitHub has the user', async () => {
    fake.deviceApproveAfterPolls = 2;
    const started = await call<{ flowId: string; userCode: string; verificationUri: string }>('github:startDeviceSignIn');
    expect(started).toMatchObject({ userCode: 'WDJB-MJHT', verificationUri: `${fake.webUrl}/login/device` });
    await vi.waitFor(
      async () => expect(await call('github:deviceSignInState', started.flowId)).toEqual({ state: 'signed-in', login: 'octo-operator' }),
      { timeout: 15_000, interval: 50 },
    );
    expect(await call('github:status')).toMatchObject({ signedIn: true, login: 'octo-operator' });
  });

  it('explains that the device flow needs a client id, and offers the classic token instead', async () => {
    delete env['COMPANION_GITHUB_CLIENT_ID'];
    expect(await call('github:status')).toMatchObject({ deviceFlow: false, clientId: { settingsFile: settingsFile() } });
    const error = await failure('github:startDeviceSignIn');
    expect(error.code).toBe('device-flow-unavailable');
    expect(error.message).toContain("enter it in the app's Settings under GitHub");
    expect(error.message).toContain('settings/tokens/new?scopes=public_repo');
  });

  it('saves the client id in the settings file, uses it for the device flow, and clears it', async () => {
    delete env['COMPANION_GITHUB_CLIENT_ID'];
    expect(await call('github:setClientId', ` ${fake.clientId}\n`)).toEqual({
      source: 'settings',
      inUse: fake.clientId,
      kind: 'oauth-app',
      saved: fake.clientId,
      settingsFile: settingsFile(),
    });
    expect(JSON.parse(await readFile(settingsFile(), 'utf8'))).toEqual({ version: 1, settings: { githubClientId: fake.clientId } });
    expect(await call('github:status')).toMatchObject({ deviceFlow: true, clientId: { source: 'settings', inUse: fake.clientId } });
    const started = await call<{ flowId: string; userCode: string }>('github:startDeviceSignIn');
    expect(started.userCode).toBe('WDJB-MJHT');

    // COMPANION_GITHUB_CLIENT_ID wins over the setting, which is still shown.
    env['COMPANION_GITHUB_CLIENT_ID'] = 'Ov23liFromTheShell00';
    expect(await call('github:status')).toMatchObject({
      clientId: { source: 'environment', inUse: 'Ov23liFromTheShell00', saved: fake.clientId },
    });
    delete env['COMPANION_GITHUB_CLIENT_ID'];

    expect(await call('github:setClientId', null)).toEqual({ settingsFile: settingsFile() });
    expect(JSON.parse(await readFile(settingsFile(), 'utf8'))).toEqual({ version: 1, settings: {} });
    expect(await call('github:status')).toMatchObject({ deviceFlow: false });
  });

  it('refuses junk as a client id in plain words, and keeps what was saved', async () => {
    await call('github:setClientId', fake.clientId);
    for (const [value, message] of [
      ['ghp_0123456789abcdefghijklmnopqrstuvwxyz', 'This is a GitHub token, not a client id'],
      ['0123456789abcdef0123456789abcdef01234567', "looks like the app's client secret"],
      ['hello', 'This is not a GitHub client id'],
    ] as const) {
      const error = await failure('github:setClientId', value);
      expect(error.code).toBe('invalid_arguments');
      expect(error.message).toContain(message);
    }
    expect(JSON.parse(await readFile(settingsFile(), 'utf8'))).toEqual({ version: 1, settings: { githubClientId: fake.clientId } });
  });

  it('reports a malformed COMPANION_GITHUB_CLIENT_ID in the status instead of failing it', async () => {
    env['COMPANION_GITHUB_CLIENT_ID'] = 'not-an-id';
    const status = await call<{ deviceFlow: boolean; clientId: { problem?: string } }>('github:status');
    expect(status.deviceFlow).toBe(false);
    expect(status.clientId.problem).toContain('The client id from COMPANION_GITHUB_CLIENT_ID cannot be used.');
    expect(await failure('github:startDeviceSignIn')).toMatchObject({ code: 'bad-client-id' });
  });

  it('cancel stops polling GitHub in main at once and stores nothing', async () => {
    fake.deviceApproveAfterPolls = 1000;
    fake.deviceInterval = 1;
    const started = await call<{ flowId: string }>('github:startDeviceSignIn');
    await expect.poll(() => fake.devicePolls.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(await call('github:cancelDeviceSignIn', started.flowId)).toEqual({ cancelled: true });
    const polls = fake.devicePolls.length;
    // Three intervals on, GitHub has heard nothing more from this sign-in.
    await new Promise((r) => setTimeout(r, 3000));
    expect(fake.devicePolls.length).toBe(polls);
    expect(await call('github:deviceSignInState', started.flowId)).toMatchObject({ state: 'failed' });
    expect(await call('github:cancelDeviceSignIn', started.flowId)).toEqual({ cancelled: false });
    expect(keychain.items.size).toBe(0);
  });
});

describe('the upstream registry, read without a clone', () => {
  it('lists the chains upstream, reads a list, checks an entry and plans a change with the uploaded logo', async () => {
    const registry = await call<{ upstream: string; chains: { slug: string }[]; commit: string }>(
      'github:openRegistry',
      'trustwallet/assets',
    );
    expect(registry.chains.map((c) => c.slug)).toEqual(['cosmos', 'tezos']);
    expect(registry.commit).toBe(fake.head('trustwallet/assets', 'master'));

    const { entries } = await call<{ entries: { id: string }[] }>('github:chainEntries', 'trustwallet/assets', 'cosmos');
    expect(entries.length).toBeGreaterThan(5);
    const existing = entries[0]!.id;
    const { findings } = await call<{ findings: { code: string }[] }>(
      'github:checkEntry',
      'trustwallet/assets',
      'cosmos',
      { id: existing, name: 'X' },
      {},
    );
    expect(findings.map((f) => f.code)).toContain('id-duplicate');

    const logoId = await upload(logo);
    const plan = await call<{
      files: { path: string; absolutePath: string }[];
      title: string;
      branch: string;
      base: string;
      ruleProblems: string[];
    }>('github:plan', 'trustwallet/assets', addOp(logoId));
    expect(plan.files.map((f) => f.path).sort()).toEqual([`blockchains/cosmos/validators/assets/${NEW_ID}/logo.png`, LIST]);
    expect(plan.files.find((f) => f.path === LIST)?.absolutePath).toBe(`trustwallet/assets/${LIST}`);
    expect(plan).toMatchObject({
      title: 'Add Example Stake validator to Cosmos Hub',
      branch: `companion/add-cosmos-${NEW_ID}`,
      ruleProblems: [],
    });
    expect(plan.base).toBe(registry.commit);
    // Reading and planning never write to GitHub.
    expect(fake.requests.every((r) => r.method === 'GET')).toBe(true);
  });

  it('says in plain words when the upstream has no such chain or does not exist', async () => {
    const chain = await failure('github:chainEntries', 'trustwallet/assets', 'ethereum');
    expect(chain.message).toMatch(/trustwallet\/assets has no validator list for Ethereum/);
    const repo = await failure('github:openRegistry', 'nobody/nothing');
    expect(repo).toMatchObject({ code: 'not-found' });
    const bad = await failure('github:openRegistry', '../etc');
    expect(bad.code).toBe('invalid_arguments');
  });
});

describe('the pull request', () => {
  it('asks for sign-in before anything is written', async () => {
    const logoId = await upload(logo);
    const error = await failure('github:openPullRequest', {
      upstream: 'trustwallet/assets',
      operation: addOp(logoId),
      submissionId: 'sub-00000001',
    });
    expect(error.code).toBe('no-token');
    expect(fake.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('opens it with progress, finds the same one on a retry, and reports its checks, the bot comments as written and the merge', async () => {
    await call('github:signInWithToken', fake.addToken({ login: 'octo-operator', id: 4242 }));
    const logoId = await upload(logo);
    const plan = await call<{ planId: string }>('github:plan', 'trustwallet/assets', addOp(logoId));
    const request = { upstream: 'trustwallet/assets', operation: addOp(logoId), planId: plan.planId, submissionId: 'sub-00000001' };
    const opened = await call<{ number: number; url: string; reusedPullRequest: boolean; files: string[]; fork: string }>(
      'github:openPullRequest',
      request,
    );
    expect(opened).toMatchObject({
      number: 1,
      url: `${fake.webUrl}/trustwallet/assets/pull/1`,
      reusedPullRequest: false,
      fork: 'octo-operator/assets',
    });
    expect([...opened.files].sort()).toEqual([`blockchains/cosmos/validators/assets/${NEW_ID}/logo.png`, LIST]);
    const steps = events.filter((e) => e.event === 'github:progress').map((e) => (e.payload as { step: string }).step);
    expect(steps).toEqual(expect.arrayContaining(['forking', 'committing', 'opening-pull-request']));

    // A retry (the answer was lost, or the user pressed again): the same pull request, no second commit.
    const commits = fake.commitsAhead('octo-operator/assets', `companion/add-cosmos-${NEW_ID}`);
    const again = await call<{ number: number; reusedPullRequest: boolean; reusedCommit: boolean }>('github:openPullRequest', {
      ...request,
      planId: undefined,
    });
    expect(again).toMatchObject({ number: 1, reusedPullRequest: true, reusedCommit: true });
    expect(fake.pulls).toHaveLength(1);
    expect(fake.commitsAhead('octo-operator/assets', `companion/add-cosmos-${NEW_ID}`)).toEqual(commits);

    const open = await call<Record<string, unknown>>('github:pullRequest', 'trustwallet/assets', 1);
    expect(open).toMatchObject({ state: 'open', comments: [], checks: { available: true, runs: [] } });

    activity.setChecks(1, [
      { name: 'Check', status: 'completed', conclusion: 'success' },
      { name: 'Lint', status: 'in_progress', conclusion: null },
    ]);
    activity.botComment(1, FEE_COMMENT);
    const reviewed = await call<{
      checks: { runs: unknown[] };
      comments: { author: string; bot: boolean; body: string }[];
      rateLimit: { remaining: number };
    }>('github:pullRequest', 'trustwallet/assets', 1);
    expect(reviewed.checks.runs).toEqual([
      { name: 'Check', status: 'completed', conclusion: 'success', url: expect.any(String) as string },
      { name: 'Lint', status: 'in_progress', conclusion: null, url: expect.any(String) as string },
    ]);
    expect(reviewed.comments).toEqual([expect.objectContaining({ author: FEE_BOT, bot: true, body: FEE_COMMENT })]);
    expect(reviewed.rateLimit.remaining).toBeGreaterThan(0);

    activity.merge(1);
    expect(await call('github:pullRequest', 'trustwallet/assets', 1)).toMatchObject({
      state: 'merged',
      mergedAt: expect.any(String) as string,
    });
  });

  it('reports a pull request closed without merging as closed, not merged', async () => {
    await call('github:signInWithToken', fake.addToken({ login: 'octo-operator', id: 4242 }));
    const logoId = await upload(logo);
    const opened = await call<{ number: number }>('github:openPullRequest', {
      upstream: 'trustwallet/assets',
      operation: addOp(logoId),
      submissionId: 'sub-00000003',
    });
    activity.close(opened.number);
    expect(await call('github:pullRequest', 'trustwallet/assets', opened.number)).toMatchObject({
      state: 'closed',
      mergedAt: null,
      closedAt: expect.any(String) as string,
    });
  });

  it('after a rate limit, the next poll of the pull request sends nothing to GitHub until the limit resets', async () => {
    // Not signed in: GitHub answers 403 with x-ratelimit-remaining 0 and the reset an hour away.
    fake.anonymousRateLimitRemaining = 0;
    const first = await failure('github:pullRequest', 'trustwallet/assets', 1);
    expect(first).toMatchObject({
      code: 'rate-limited',
      message: `GitHub's limit for reading without signing in (60 requests an hour) is used up until ${localClock(fake.anonymousRateLimitResetAt * 1000)} (your local time). Signing in to GitHub raises it to 5,000 an hour.`,
    });
    expect(fake.rateLimitedAnswers).toBe(1);
    // The page polls again: refused here with the same reset time, nothing sent.
    const again = await failure('github:pullRequest', 'trustwallet/assets', 1);
    expect(again).toEqual(first);
    expect(fake.rateLimitedAnswers).toBe(1);
    expect(fake.count('pulls/get')).toBe(1);
  });

  it('reports an upstream that moved after the review, planned again on its new head', async () => {
    await call('github:signInWithToken', fake.addToken({ login: 'octo-operator', id: 4242 }));
    const logoId = await upload(logo);
    const plan = await call<{ planId: string; base: string }>('github:plan', 'trustwallet/assets', addOp(logoId));
    const moved = fake.pushUpstream((files) => files.set('README.md', Buffer.from('# Assets, moved\n')));
    const opened = await call<{ base: string; replanned?: { from: string; to: string } }>('github:openPullRequest', {
      upstream: 'trustwallet/assets',
      operation: addOp(logoId),
      planId: plan.planId,
      submissionId: 'sub-00000002',
    });
    expect(opened.base).toBe(moved);
    expect(opened.replanned).toMatchObject({ from: plan.base, to: moved });
  });
});
