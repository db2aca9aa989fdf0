// Reading the public registry as an operator who is not signed in, has no keychain, or is offline: against the fake GitHub.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeychainError, type Keychain } from '../platform/credentials/keychain';
import { createClient, localClock, rateLimitSentence } from './client';
import { ConditionalCache } from './conditional-cache';
import { githubEndpoints } from './config';
import { readHead, RemoteTree, remoteSource } from './remote-registry';
import { githubStatus, readingClient } from './session';
import { FakeGitHub } from './testing/fake-github';
import { TokenStore } from './token-store';

let fake: FakeGitHub;
const UPSTREAM = { owner: 'trustwallet', repo: 'assets' };

beforeEach(async () => {
  fake = await new FakeGitHub().start();
});

afterEach(async () => {
  await fake.stop();
  expect(fake.violations).toEqual([]);
});

/** A keychain whose every call fails the way @napi-rs/keyring does with no D-Bus session bus. */
const noKeychain = (): Keychain => {
  const fail = async (): Promise<never> => {
    throw new KeychainError(
      'no-session-bus',
      'The OS keychain is unreachable: there is no D-Bus session bus (Platform failure: DBus error)',
      'Run…',
    );
  };
  return { get: fail, set: fail, delete: fail };
};

async function readList(client: ReturnType<typeof createClient>): Promise<Buffer | null> {
  const tree = new RemoteTree(client, await readHead(client, UPSTREAM));
  return remoteSource(tree).readFile('blockchains/cosmos/validators/list.json');
}

describe('conditional requests (ETag / If-None-Match)', () => {
  it('reads the registry a second time at no quota: GitHub answers 304 and the kept answer is used', async () => {
    const conditional = new ConditionalCache();
    const endpoints = githubEndpoints(fake.env());
    const first = await readList(createClient({ endpoints, conditional }));
    const spent = fake.anonymousRateLimit - fake.anonymousRateLimitRemaining;
    expect(spent).toBeGreaterThan(3);
    expect(fake.notModifiedAnswers).toBe(0);
    // A new client (the app makes one per call) with the same memory: every GET is revalidated, none is paid for.
    const again = await readList(createClient({ endpoints, conditional }));
    expect(again).toEqual(first);
    expect(fake.notModifiedAnswers).toBe(spent);
    expect(fake.anonymousRateLimit - fake.anonymousRateLimitRemaining).toBe(spent);
  });

  it('gets the new answer when the upstream changed, and never shares answers between identities', async () => {
    const conditional = new ConditionalCache();
    const endpoints = githubEndpoints(fake.env());
    const before = await readHead(createClient({ endpoints, conditional }), UPSTREAM);
    fake.pushUpstream((files) => files.set('README.md', Buffer.from('# moved\n')));
    const after = await readHead(createClient({ endpoints, conditional }), UPSTREAM);
    expect(after.commit).not.toBe(before.commit);
    const token = fake.addToken({ login: 'octo-operator', id: 1 });
    const signedIn = createClient({ endpoints, conditional, token });
    const used = fake.rateLimitRemaining;
    await readHead(signedIn, UPSTREAM);
    // The token's first reads are its own, paid from its own limit: no anonymous answer stood in.
    expect(fake.rateLimitRemaining).toBeLessThan(used);
  });

  it('is bounded: the least recently used answers go first', () => {
    const cache = new ConditionalCache(2, 1_000_000);
    const answer = (n: number) => ({ etag: `"${n}"`, status: 200, url: `u${n}`, headers: {}, data: { n } });
    cache.set('a', answer(1));
    cache.set('b', answer(2));
    cache.get('a');
    cache.set('c', answer(3));
    expect([cache.get('a')?.etag, cache.get('b'), cache.get('c')?.etag]).toEqual(['"1"', undefined, '"3"']);
    const small = new ConditionalCache(10, 40);
    small.set('big', { ...answer(4), data: 'x'.repeat(100) });
    expect(small.size).toBe(0);
  });
});

describe('the anonymous rate limit', () => {
  it('says in one sentence when it resets, in local time, and that signing in raises it', async () => {
    fake.anonymousRateLimitRemaining = 0;
    const error = await readHead(createClient({ endpoints: githubEndpoints(fake.env()) }), UPSTREAM).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'rate-limited',
      resetAt: fake.anonymousRateLimitResetAt * 1000,
      message: `GitHub's limit for reading without signing in (60 requests an hour) is used up until ${localClock(fake.anonymousRateLimitResetAt * 1000)} (your local time). Signing in to GitHub raises it to 5,000 an hour.`,
    });
    // Signed in, the account's own limit applies: the same read goes through.
    const token = fake.addToken({ login: 'octo-operator', id: 1 });
    expect((await readHead(createClient({ endpoints: githubEndpoints(fake.env()), token }), UPSTREAM)).defaultBranch).toBe('master');
  });

  it('reads local time the way the operator does: the clock today, with the date otherwise', () => {
    const now = new Date(2026, 10, 28, 9, 0).getTime();
    expect(localClock(new Date(2026, 10, 28, 14, 5).getTime(), now)).toBe('14:05');
    expect(localClock(new Date(2026, 10, 29, 0, 30).getTime(), now)).toBe('00:30 on 29 Nov');
    expect(rateLimitSentence(undefined, { signedIn: true, secondary: false })).toContain('used up for now');
  });
});

describe('without a keychain, or offline', () => {
  it('reads the public registry anonymously when the keychain cannot be reached', async () => {
    const env = fake.env();
    const ctx = { env, store: new TokenStore(noKeychain(), env) };
    const { client } = await readingClient(ctx);
    expect((await readHead(client, UPSTREAM)).defaultBranch).toBe('master');
    expect(fake.anonymousRateLimitRemaining).toBeLessThan(fake.anonymousRateLimit);
    // The status says "not signed in" with one plain sentence on the keychain (no D-Bus text), instead of failing.
    const status = await githubStatus(ctx);
    expect(status).toMatchObject({ signedIn: false, problem: expect.stringContaining('keychain cannot be reached') as string });
    expect(JSON.stringify(status)).not.toMatch(/D-?Bus/i);
  });

  it('tells an unreachable GitHub apart from everything else', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const endpoints = githubEndpoints({ COMPANION_GITHUB_API_URL: `http://127.0.0.1:${port}/api/v3` });
    const error = await readHead(createClient({ endpoints }), UPSTREAM).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'network',
      message: `GitHub cannot be reached from this computer right now (127.0.0.1:${port}: ECONNREFUSED). Check the internet connection and try again; nothing was lost, a retry resumes where this stopped.`,
    });
    // A repository that does not exist is a different answer.
    const missing = await readHead(createClient({ endpoints: githubEndpoints(fake.env()) }), { owner: 'nobody', repo: 'nothing' }).catch(
      (e: unknown) => e,
    );
    expect(missing).toMatchObject({ code: 'not-found' });
  });
});
