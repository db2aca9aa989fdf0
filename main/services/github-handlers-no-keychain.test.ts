// The app's GitHub services on a computer with no OS keychain: the public registry is read without one, a
// pasted token is kept in main's memory for the session (said in one sentence), and the keychain's own
// error text never reaches the operator. Against the fake GitHub, through the dispatcher.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GitHubStatus } from '../../domain/ipc/github-channels';
import { FakeGitHub } from '../../github/testing/fake-github';
import { KeychainError, type Keychain } from '../../platform/credentials/keychain';
import { sessionOnlyNotice, SessionSecrets, withSessionFallback } from '../../platform/credentials/session-secrets';
import { removeDir, tempDir } from '../../registry/test-support';
import { createDispatcher, type Dispatch, type Handlers } from './dispatch';
import { githubHandlers } from './github-handlers';
import type { HostContext } from './host-context';

let fake: FakeGitHub;
let stateDir: string;
let dispatch: Dispatch;
let env: Record<string, string>;
let builtIn = '';

/** @napi-rs/keyring with no D-Bus session bus: every call fails with its raw platform text. */
const noDBus = (): Keychain => {
  const fail = async (): Promise<never> => {
    throw new KeychainError(
      'no-session-bus',
      'The OS keychain is unreachable: there is no D-Bus session bus (Platform failure: DBus error: Failed to connect)',
      'Run inside a desktop session.',
    );
  };
  return { get: fail, set: fail, delete: fail };
};

function start(secrets: SessionSecrets): void {
  const ctx: HostContext = { host: 'browser', openLink: async () => false, emit: () => undefined, log: () => undefined };
  const handlers = githubHandlers(ctx, {
    engineOperation: () => Promise.reject(new Error('not used')),
    env: () => env,
    keychain: withSessionFallback(noDBus(), secrets, 'gateway-companion-github'),
    settingsFile: path.join(stateDir, 'settings.json'),
    builtInClientId: builtIn,
    sleep: async () => undefined,
  });
  dispatch = createDispatcher(handlers as unknown as Handlers);
}

async function call<T>(channel: string, ...args: unknown[]): Promise<T> {
  const answer = await dispatch(channel, args);
  if (!answer.ok) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
  return answer.value as T;
}

beforeEach(async () => {
  fake = await new FakeGitHub().start();
  env = fake.env();
  stateDir = await tempDir();
  builtIn = '';
});

afterEach(async () => {
  await fake.stop();
  await removeDir(stateDir);
  expect(fake.violations).toEqual([]);
});

describe('no keychain', () => {
  it('reads the registry anonymously, signs in for the session, and forgets the token on restart', async () => {
    start(new SessionSecrets());
    const registry = await call<{ chains: unknown[] }>('github:openRegistry', 'trustwallet/assets');
    expect(registry.chains).toHaveLength(2);
    const before = await call<GitHubStatus>('github:status');
    expect(before).toMatchObject({ signedIn: false, sessionOnly: sessionOnlyNotice() });
    expect(JSON.stringify(before)).not.toMatch(/DBus|Platform failure/);

    const token = fake.addToken({ login: 'octo-operator', id: 4242 });
    expect(await call('github:signInWithToken', token)).toEqual({ login: 'octo-operator' });
    const after = await call<GitHubStatus>('github:status');
    expect(after).toMatchObject({ signedIn: true, login: 'octo-operator', source: 'session', sessionOnly: sessionOnlyNotice() });
    expect(JSON.stringify(after)).not.toContain(token);

    // A restarted app has a new memory: signed out, nothing anywhere to read the token back from.
    start(new SessionSecrets());
    expect(await call<GitHubStatus>('github:status')).toMatchObject({ signedIn: false });
  });

  it('offers "Sign in with GitHub" with the client id built into the app, and the token first without one', async () => {
    start(new SessionSecrets());
    expect(await call<GitHubStatus>('github:status')).toMatchObject({ deviceFlow: false, clientId: {} });
    builtIn = fake.clientId;
    start(new SessionSecrets());
    expect(await call<GitHubStatus>('github:status')).toMatchObject({
      deviceFlow: true,
      clientId: { source: 'built-in', inUse: fake.clientId },
    });
  });
});
