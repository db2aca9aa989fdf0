// The remote submission against the fake GitHub (every request and answer checked against GitHub's OpenAPI description).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { planChange, planWrite, type WriteOperation } from '../registry/index';
import { solidPng } from '../registry/image-fixtures';
import { copyCorpus, newValoperId, removeDir } from '../registry/test-support';
import { createClient, localClock, type GitHubClient } from './client';
import { githubEndpoints } from './config';
import { GitHubError } from './errors';
import { reviewSubmission, SubmissionBlocked, submitPullRequest, type SubmitOptions } from './submit';
import { FakeGitHub } from './testing/fake-github';

const LIST = 'blockchains/cosmos/validators/list.json';
let NEW_ID: string;
let logo: Buffer;
let fake: FakeGitHub;
let token: string;
let client: GitHubClient;
let sleeps: number[];

const add = (id: string = NEW_ID, name = 'Example Stake'): WriteOperation => ({
  kind: 'add',
  chain: 'cosmos',
  entry: { id, name, description: 'An example validator for tests.', website: 'https://example.com' },
  logo: { source: logo },
});

function options(operation: WriteOperation, extra: Partial<SubmitOptions> = {}): SubmitOptions {
  return {
    client,
    login: 'octo-operator',
    upstream: { owner: 'trustwallet', repo: 'assets' },
    planner: (files) => planChange(files, operation),
    pollIntervalMs: 1,
    sleep: async (ms) => void sleeps.push(ms),
    ...extra,
  };
}

beforeAll(async () => {
  logo = await solidPng(256);
  NEW_ID = await newValoperId();
});

beforeEach(async () => {
  fake = await new FakeGitHub().start();
  token = fake.addToken({ login: 'octo-operator', id: 4242 });
  sleeps = [];
  client = createClient({
    endpoints: githubEndpoints(fake.env()),
    token,
    sleep: async (ms) => void sleeps.push(ms),
    maxRateLimitWaitMs: 5000,
  });
});

afterEach(async () => {
  await fake.stop();
  expect(fake.violations).toEqual([]);
});

describe('review', () => {
  it('plans on the upstream head with the same bytes as a local write of the same registry, reading only', async () => {
    const review = await reviewSubmission(client, { owner: 'trustwallet', repo: 'assets' }, (files) => planChange(files, add()));
    const root = await copyCorpus(['cosmos']);
    try {
      const local = await planWrite(root, add());
      expect(review.plan.files.map((f) => [f.path, f.after])).toEqual(local.files.map((f) => [f.path, f.after]));
      expect(review.plan.diff).toBe(local.diff);
    } finally {
      await removeDir(root);
    }
    expect(review.title).toBe('Add Example Stake validator to Cosmos Hub');
    expect(review.branch).toBe(`companion/add-cosmos-${NEW_ID}`);
    expect(review.ruleProblems).toEqual([]);
    expect(fake.requests.every((r) => r.method === 'GET')).toBe(true);
    // Folders are read one at a time: never a recursive listing of the whole repository.
    expect(fake.requests.some((r) => r.path.includes('recursive'))).toBe(false);
  });

  it('refuses a chain the upstream does not have, in plain words', async () => {
    await expect(
      reviewSubmission(client, { owner: 'trustwallet', repo: 'assets' }, (files) => planChange(files, { ...add(), chain: 'osmosis' })),
    ).rejects.toThrow('trustwallet/assets@');
  });
});

describe('submitPullRequest', () => {
  it('forks, commits exactly the list and the logo on a branch from the upstream head, and opens the pull request', async () => {
    const upstreamHead = fake.head('trustwallet/assets', 'master')!;
    const result = await submitPullRequest(options(add()));
    expect(result).toMatchObject({
      url: `${fake.webUrl}/trustwallet/assets/pull/1`,
      number: 1,
      branch: `companion/add-cosmos-${NEW_ID}`,
      files: [`blockchains/cosmos/validators/assets/${NEW_ID}/logo.png`, LIST],
      fork: 'octo-operator/assets',
      base: upstreamHead,
      reusedCommit: false,
      reusedPullRequest: false,
    });
    expect(result.replanned).toBeUndefined();
    const before = fake.filesAt('trustwallet/assets', 'master');
    const after = fake.filesAt('octo-operator/assets', result.branch);
    const changed = [...after.keys()].filter((p) => !before.get(p)?.equals(after.get(p)!));
    expect(changed.sort()).toEqual([...result.files].sort());
    expect(after.get(LIST)!.equals(result.plan.files[1]!.after)).toBe(true);
    expect(fake.commitsAhead('octo-operator/assets', result.branch)).toEqual([result.commit]);
    const pr = fake.pulls[0]!;
    expect(pr).toMatchObject({
      title: 'Add Example Stake validator to Cosmos Hub',
      head: `octo-operator:${result.branch}`,
      base: 'master',
    });
    // The repository's template comes first, then what the change is.
    expect(pr.body.startsWith('## Checklist')).toBe(true);
    expect(pr.body).toContain(`- \`${LIST}\` (changed)`);
  });

  it('is safe to repeat: the same pull request, no second commit', async () => {
    const first = await submitPullRequest(options(add()));
    const second = await submitPullRequest(options(add()));
    expect(second).toMatchObject({ url: first.url, commit: first.commit, reusedCommit: true, reusedPullRequest: true });
    expect(fake.count('git/create-commit')).toBe(1);
    expect(fake.pulls).toHaveLength(1);
  });

  it('syncs a fork that is behind the upstream before committing', async () => {
    await submitPullRequest(options(add()));
    expect(fake.count('repos/merge-upstream')).toBe(0);
    fake.pushUpstream((files) => files.set('README.md', Buffer.from('# Assets\n\nMoved on.\n')));
    const second = await submitPullRequest(options(add(await newValoperId('cosmosvaloper', 3), 'Second Stake')));
    expect(fake.count('repos/merge-upstream')).toBe(1);
    expect(fake.head('octo-operator/assets', 'master')).toBe(fake.head('trustwallet/assets', 'master'));
    expect(second.base).toBe(fake.head('trustwallet/assets', 'master'));
    expect(fake.pulls.map((p) => p.number)).toEqual([1, 2]);
  });

  it('update and disable get their own titles and branches', async () => {
    const id = 'cosmosvaloper1y0us8xvsvfvqkk9c6nt5cfyu5au5tww2ztve7q';
    const update = await submitPullRequest(
      options({ kind: 'update', chain: 'cosmos', id, changes: { website: 'https://swiss-staking.example' } }),
    );
    expect(fake.pulls[0]!.title).toBe('Update Swiss Staking validator on Cosmos Hub');
    expect(update.files).toEqual([LIST]);
    const disable = await submitPullRequest(options({ kind: 'disable', chain: 'cosmos', id, note: 'Retired' }));
    expect(fake.pulls[1]!.title).toBe('Disable Swiss Staking validator on Cosmos Hub');
    expect(disable.branch).toBe(`companion/disable-cosmos-${id}`);
    expect(fake.filesAt('octo-operator/assets', disable.branch).get(LIST)!.toString()).toContain('"note": "Retired"');
  });

  it('waits for a new fork to appear (202, then 404 until it exists), within a bounded wait', async () => {
    fake.forkDelayReads = 3;
    const result = await submitPullRequest(options(add()));
    expect(result.number).toBe(1);
    expect(sleeps.length).toBeGreaterThanOrEqual(3);
  });

  it('gives up on a fork that does not appear in time, and a later retry resumes', async () => {
    fake.forkDelayReads = 1000;
    const error = await submitPullRequest(options(add(), { forkWaitMs: 0 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubError);
    expect(error).toMatchObject({
      code: 'fork-timeout',
      message: expect.stringContaining('still creating your fork octo-operator/assets'),
    });
    fake.repos.get('octo-operator/assets')!.pendingReads = 0;
    expect((await submitPullRequest(options(add()))).number).toBe(1);
  });

  it('refuses a blocked change and breaks no registry pull request rule', async () => {
    const bad = add('cosmosvaloper1notavalidid');
    const error = await submitPullRequest(options(bad)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SubmissionBlocked);
    expect(fake.count('repos/create-fork')).toBe(0);
  });

  it('finds the pull request when creating it answers 422 "already exists"', async () => {
    // GitHub's list can lag behind: the first lookup misses the pull request an earlier attempt opened.
    await submitPullRequest(options(add()));
    fake.intercept('pulls/list', (n) => (n === 2 ? { status: 200, body: [] as unknown as Record<string, unknown> } : undefined));
    const again = await submitPullRequest(options(add()));
    expect(fake.count('pulls/create')).toBe(2);
    expect(again).toMatchObject({ number: 1, reusedPullRequest: true });
    expect(fake.pulls).toHaveLength(1);
  });

  it('retries a ref update that conflicts with a concurrent change, and says so when it keeps conflicting', async () => {
    fake.intercept('git/create-ref', (n) => {
      if (n !== 1) return undefined;
      // Someone created the branch at the same moment, on another commit.
      const fork = fake.repos.get('octo-operator/assets')!;
      fork.refs.set(`companion/add-cosmos-${NEW_ID}`, fork.refs.get('master')!);
      return { status: 422, body: { message: 'Reference already exists', documentation_url: 'https://docs.github.com/rest' } };
    });
    const result = await submitPullRequest(options(add()));
    expect(fake.head('octo-operator/assets', result.branch)).toBe(result.commit);
    expect(fake.count('git/update-ref')).toBe(1);

    fake.intercept('git/update-ref', () => ({
      status: 422,
      body: { message: 'Update is not a fast forward', documentation_url: 'https://docs.github.com/rest' },
    }));
    const other = await submitPullRequest(options(add(NEW_ID, 'Renamed Stake'))).catch((e: unknown) => e);
    expect(other).toMatchObject({ code: 'ref-conflict', message: expect.stringContaining('keeps changing') });
  });

  it('plans again when the upstream moves between review and commit, and reports what changed', async () => {
    const other = await newValoperId('cosmosvaloper', 2);
    const review = await reviewSubmission(client, { owner: 'trustwallet', repo: 'assets' }, (files) => planChange(files, add()));
    fake.intercept('repos/create-fork', (n) => {
      if (n === 1)
        fake.pushUpstream((files) => {
          const text = files.get(LIST)!.toString();
          files.set(
            LIST,
            Buffer.from(
              text.replace(
                /\n\]\s*$/,
                `,\n    {\n        "id": "${other}",\n        "name": "Other",\n        "description": "x",\n        "website": "https://other.example"\n    }\n]\n`,
              ),
            ),
          );
        });
      return undefined;
    });
    const result = await submitPullRequest(options(add(), { reviewed: review }));
    expect(result.replanned).toMatchObject({ from: review.base.commit, to: fake.head('trustwallet/assets', 'master') });
    expect(result.replanned!.changes.join(' ')).toMatch(/list\.json changed upstream/);
    expect(result.base).toBe(fake.head('trustwallet/assets', 'master'));
    const list = fake.filesAt('octo-operator/assets', result.branch).get(LIST)!.toString();
    expect(list).toContain(other);
    expect(list).toContain(NEW_ID);
  });

  it('refuses when the upstream moved and the change no longer applies', async () => {
    const review = await reviewSubmission(client, { owner: 'trustwallet', repo: 'assets' }, (files) => planChange(files, add()));
    // Someone else added the same validator meanwhile.
    const theirs = await reviewSubmission(client, { owner: 'trustwallet', repo: 'assets' }, (files) =>
      planChange(files, add(NEW_ID, 'Theirs')),
    );
    fake.pushUpstream((files) => files.set(LIST, theirs.plan.files[1]!.after));
    const error = await submitPullRequest(options(add(), { reviewed: review })).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'upstream-changed', message: expect.stringContaining('already has a validator with the id') });
  });

  for (const [operation, at] of [
    ['git/create-ref', 'after the branch was created'],
    ['pulls/create', 'after the pull request was opened'],
  ] as const) {
    it(`resumes with no duplicate commit or pull request when the connection drops ${at}`, async () => {
      fake.intercept(operation, (n) => (n === 1 ? 'drop-after' : undefined));
      const error = await submitPullRequest(options(add())).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'network' });
      const result = await submitPullRequest(options(add()));
      expect(result.reusedCommit).toBe(true);
      expect(fake.pulls).toHaveLength(1);
      expect(fake.commitsAhead('octo-operator/assets', result.branch)).toEqual([result.commit]);
      expect(result.reusedPullRequest).toBe(operation === 'pulls/create');
    });
  }
});

describe('rate limits and tokens', () => {
  it('refuses with the reset time when the primary rate limit is used up', async () => {
    fake.rateLimitRemaining = 0;
    fake.rateLimitResetAt = Math.floor(Date.parse('2030-01-01T12:34:00Z') / 1000);
    const error = await submitPullRequest(options(add())).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'rate-limited', resetAt: Date.parse('2030-01-01T12:34:00Z') });
    expect((error as Error).message).toContain(`used up until ${localClock(Date.parse('2030-01-01T12:34:00Z'))} (your local time)`);
  });

  it('waits out a short retry-after and goes on', async () => {
    fake.intercept('repos/get', (n) =>
      n === 1
        ? {
            status: 403,
            body: { message: 'You have exceeded a secondary rate limit.', documentation_url: 'https://docs.github.com/rest' },
            headers: { 'retry-after': '2' },
          }
        : undefined,
    );
    expect((await submitPullRequest(options(add()))).number).toBe(1);
    expect(sleeps).toContain(2000);
  });

  it('sends nothing while x-ratelimit-remaining is 0, until the reset', async () => {
    // One virtual clock for the fake and the client: waiting moves it on.
    let now = Date.now();
    fake.now = () => now;
    fake.rateLimitRemaining = 1;
    fake.rateLimitResetAt = Math.floor(now / 1000) + 50;
    const waiting = createClient({
      endpoints: githubEndpoints(fake.env()),
      token,
      now: () => now,
      sleep: async (ms) => void (sleeps.push(ms), (now += ms)),
    });
    const review = await reviewSubmission(waiting, { owner: 'trustwallet', repo: 'assets' }, (files) => planChange(files, add()));
    expect(review.plan.files).toHaveLength(2);
    // The first answer said 0 remaining: the client waited for the reset instead of collecting a 403.
    expect(sleeps).toHaveLength(1);
    expect(fake.rateLimitedAnswers).toBe(0);
  });

  it('turns a 401 into what to do', async () => {
    fake.revoke(token);
    const error = await submitPullRequest(options(add())).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'bad-token', message: expect.stringContaining('companion github login') });
  });
});

afterAll(() => undefined);
