// `companion github login`'s device flow as users run it: the built CLI against the fake GitHub's device
// endpoints, the client id from the app's settings file, Ctrl-C while waiting, and a code that expires.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../../../github/testing/fake-github';
import { osKeychain } from '../../../platform/credentials/keychain';

const CLI = 'out/main/cli.js';
let fake: FakeGitHub;
let home: string;
const keychain = osKeychain('gateway-companion-github');

interface Running {
  readonly stdout: () => string;
  readonly stderr: () => string;
  readonly exit: Promise<number | null>;
  readonly signal: (name: NodeJS.Signals) => void;
}

/** Starts the built CLI with only the environment given (plus PATH and a private HOME). */
function start(args: string[], env: Record<string, string> = {}): Running {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, 'config'),
      ...(process.env.DBUS_SESSION_BUS_ADDRESS ? { DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS } : {}),
      ...fake.env(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return {
    stdout: () => out,
    stderr: () => err,
    exit: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
    signal: (name) => child.kill(name),
  };
}

async function saveSetting(clientId: string): Promise<void> {
  const dir = path.join(home, 'config', 'gateway-companion');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'settings.json'), JSON.stringify({ version: 1, settings: { githubClientId: clientId } }));
}

beforeAll(() => {
  expect(existsSync(CLI), 'build first: npx electron-vite build').toBe(true);
});

beforeEach(async () => {
  fake = await new FakeGitHub().start();
  home = await mkdtemp(path.join(tmpdir(), 'github-login-cli-'));
});

afterEach(async () => {
  await keychain.delete(new URL(fake.apiUrl).origin).catch(() => false);
  await fake.stop();
  await rm(home, { recursive: true, force: true });
  expect(fake.violations).toEqual([]);
});

describe('companion github login (device flow)', () => {
  it("uses the client id saved in the app's settings, and says where it came from", async () => {
    await saveSetting(fake.clientId);
    const run = start(['github', 'login']);
    expect(await run.exit).toBe(0);
    expect(run.stderr()).toContain("Signing in with the OAuth app from the app's GitHub settings.");
    expect(run.stderr()).toContain(`Open ${fake.webUrl}/login/device and enter the code WDJB-MJHT`);
    expect(run.stdout()).toContain('Signed in to GitHub as @octo-operator');
    expect(await keychain.get(new URL(fake.apiUrl).origin)).toMatchObject({ accessId: 'octo-operator' });
  });

  it('prefers --client-id over COMPANION_GITHUB_CLIENT_ID over the setting, and refuses a malformed one before asking GitHub (exit 2 for the flag)', async () => {
    await saveSetting('Ov23liSavedButUnused');
    const env = start(['github', 'login'], { COMPANION_GITHUB_CLIENT_ID: fake.clientId });
    expect(await env.exit).toBe(0);
    expect(env.stderr()).toContain('Signing in with the OAuth app from COMPANION_GITHUB_CLIENT_ID.');
    const flag = start(['github', 'login', '--client-id', fake.clientId], { COMPANION_GITHUB_CLIENT_ID: 'Ov23liEnvButUnused00' });
    expect(await flag.exit).toBe(0);
    expect(flag.stderr()).toContain('Signing in with the OAuth app from --client-id.');

    const requests = fake.webRequests.length;
    const bad = start(['github', 'login', '--client-id', 'my-app']);
    expect(await bad.exit).toBe(2);
    expect(bad.stderr()).toContain('companion github login: --client-id: This is not a GitHub client id');
    const badEnv = start(['github', 'login'], { COMPANION_GITHUB_CLIENT_ID: 'ghp_0123456789abcdef' });
    expect(await badEnv.exit).toBe(1);
    expect(badEnv.stderr()).toContain(
      'The client id from COMPANION_GITHUB_CLIENT_ID cannot be used. This is a GitHub token, not a client id',
    );
    expect(fake.webRequests.length).toBe(requests);
  });

  it('Ctrl-C while waiting stops polling at once, stores nothing, prints one line and exits 130', async () => {
    fake.deviceApproveAfterPolls = 1000;
    fake.deviceInterval = 1;
    const run = start(['github', 'login', '--client-id', fake.clientId]);
    await expect.poll(() => fake.devicePolls.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    run.signal('SIGINT');
    expect(await run.exit).toBe(130);
    expect(run.stderr().split('\n').at(-2)).toBe('Sign-in cancelled; nothing was stored.');
    expect(run.stderr().match(/cancelled/g)).toHaveLength(1);
    expect(run.stdout()).toBe('');
    const polls = fake.devicePolls.length;
    await new Promise((r) => setTimeout(r, 2500));
    expect(fake.devicePolls.length).toBe(polls);
    expect(await keychain.get(new URL(fake.apiUrl).origin)).toBeUndefined();
  });

  it('a code that expires before it is entered ends the wait with a plain message and exit 1', async () => {
    fake.deviceApproveAfterPolls = 1000;
    fake.deviceInterval = 1;
    fake.deviceExpiresIn = 2;
    const run = start(['github', 'login', '--client-id', fake.clientId]);
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toContain(
      'companion github login: The code expired before it was entered on GitHub. Start the sign-in again for a new code.',
    );
    expect(await keychain.get(new URL(fake.apiUrl).origin)).toBeUndefined();
  });
});
