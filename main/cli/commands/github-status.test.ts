// `companion github status` on a computer without a session bus (so without the OS keychain): the built CLI
// says in one plain sentence that no token can be read and the two ways out, never the keychain library's text.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { noKeychainProblem } from '../../../github/session';

const CLI = 'out/main/cli.js';
let home: string;

beforeAll(async () => {
  expect(existsSync(CLI), 'build first: npx electron-vite build').toBe(true);
  home = await mkdtemp(path.join(tmpdir(), 'github-status-'));
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

/** The built CLI with no DBUS_SESSION_BUS_ADDRESS: as on a server or in a container without a desktop session. */
function withoutSessionBus(args: string[]) {
  const run = spawnSync(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: path.join(home, 'config') },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

it('says in one plain sentence that the keychain cannot be reached and what to do, with no D-Bus text', () => {
  const run = withoutSessionBus(['github', 'status']);
  expect(run.code).toBe(1);
  expect(run.stdout).toBe(`${noKeychainProblem()}\n`);
  expect(run.stdout).toContain('COMPANION_GITHUB_TOKEN');
  for (const raw of [/d-?bus/i, /platform failure/i, /autolaunch/i]) expect(run.stdout + run.stderr).not.toMatch(raw);
});

it('gives the same sentence as the problem in --json', () => {
  const run = withoutSessionBus(['github', 'status', '--json']);
  expect(run.code).toBe(1);
  expect(JSON.parse(run.stdout)).toEqual({ apiUrl: 'https://api.github.com', signedIn: false, problem: noKeychainProblem() });
});
