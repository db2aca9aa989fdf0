import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureSessionBus, sessionBusCandidates } from './session-bus';

const uid = process.getuid?.() ?? 0;
let dir: string;
let server: Server | undefined;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'session-bus-'));
});
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

const listen = (file: string) =>
  new Promise<void>((resolve) => {
    server = createServer().listen(file, resolve);
  });

describe.skipIf(process.platform !== 'linux')('ensureSessionBus', () => {
  it('looks in $XDG_RUNTIME_DIR/bus, then /run/user/<uid>/bus', () => {
    expect(sessionBusCandidates({ XDG_RUNTIME_DIR: '/run/user/1000/' }, 1000)).toEqual(['/run/user/1000/bus']);
    expect(sessionBusCandidates({ XDG_RUNTIME_DIR: '/tmp/rt' }, 1000)).toEqual(['/tmp/rt/bus', '/run/user/1000/bus']);
    // A relative runtime dir is not trusted.
    expect(sessionBusCandidates({ XDG_RUNTIME_DIR: 'rt' }, 7)).toEqual(['/run/user/7/bus']);
  });

  it('sets the address of the socket it finds when none is set', async () => {
    await listen(path.join(dir, 'bus'));
    const env: NodeJS.ProcessEnv = { XDG_RUNTIME_DIR: dir };
    expect(ensureSessionBus(env, 'linux', uid)).toBe(`unix:path=${dir}/bus`);
    expect(env.DBUS_SESSION_BUS_ADDRESS).toBe(`unix:path=${dir}/bus`);
  });

  it('leaves a set address alone, and never uses a plain file, another user’s socket or another OS', async () => {
    await listen(path.join(dir, 'bus'));
    const set: NodeJS.ProcessEnv = { XDG_RUNTIME_DIR: dir, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/elsewhere' };
    expect(ensureSessionBus(set, 'linux', uid)).toBeUndefined();
    expect(set.DBUS_SESSION_BUS_ADDRESS).toBe('unix:path=/elsewhere');
    expect(ensureSessionBus({ XDG_RUNTIME_DIR: dir }, 'linux', uid + 1)).toBeUndefined();
    expect(ensureSessionBus({ XDG_RUNTIME_DIR: dir }, 'darwin', uid)).toBeUndefined();
    const plain = await mkdtemp(path.join(tmpdir(), 'session-bus-plain-'));
    await writeFile(path.join(plain, 'bus'), 'not a socket');
    const env: NodeJS.ProcessEnv = { XDG_RUNTIME_DIR: plain };
    ensureSessionBus(env, 'linux', uid);
    expect(env.DBUS_SESSION_BUS_ADDRESS === `unix:path=${plain}/bus`).toBe(false);
    await rm(plain, { recursive: true, force: true });
  });
});
