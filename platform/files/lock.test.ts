import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { LockBusyError, withFileLock } from './lock';
import { deadPid, useTempDir } from './test-support';

const tempDir = useTempDir('file-lock-');
let lock: string;
beforeEach(() => {
  lock = join(tempDir(), 'locks', 'x.lock');
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('withFileLock', () => {
  it('lets one holder in at a time and removes the lock afterwards', async () => {
    const log: string[] = [];
    const holder = (name: string) =>
      withFileLock(lock, async () => {
        log.push(`${name} in`);
        // The owner is inside the lock file while it is held.
        expect(readFileSync(lock, 'utf8')).toMatch(new RegExp(`^${process.pid} ${hostname()} [0-9a-f]{16} (\\d+|-)$`));
        await sleep(30);
        log.push(`${name} out`);
        return name;
      });
    expect(await Promise.all([holder('a'), holder('b'), holder('c')])).toEqual(['a', 'b', 'c']);
    for (let i = 0; i < log.length; i += 2) expect(log[i + 1]).toBe(log[i]!.replace(' in', ' out'));
    expect(existsSync(lock)).toBe(false);
  });

  it('releases the lock when the work throws', async () => {
    await expect(withFileLock(lock, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(existsSync(lock)).toBe(false);
  });

  it.runIf(process.platform === 'linux')('takes over at once a lock whose owner pid now belongs to another process', async () => {
    await withFileLock(lock, async () => undefined); // creates the folder
    // A killed holder's pid, since given to a live process (here this one): the start time tells them apart.
    writeFileSync(lock, `${process.pid} ${hostname()} 0000000000000000 1`);
    // Without the start time this pid is alive, and a 50 ms wait would end in LockBusyError.
    expect(await withFileLock(lock, async () => 'taken', { timeoutMs: 50 })).toBe('taken');
    // The same pid with its real start time is a live holder, waited for.
    await withFileLock(lock, async () => {
      await expect(withFileLock(lock, async () => 'second', { timeoutMs: 50 })).rejects.toBeInstanceOf(LockBusyError);
    });
  });

  it('takes over a lock whose owner process is gone', async () => {
    await withFileLock(lock, async () => undefined); // creates the folder
    writeFileSync(lock, `${deadPid()} ${hostname()} 0000000000000000`);
    expect(await withFileLock(lock, async () => 'mine', { timeoutMs: 200 })).toBe('mine');
  });

  it('takes over an empty lock once it is old, but waits for a fresh one', async () => {
    await withFileLock(lock, async () => undefined);
    writeFileSync(lock, '');
    await expect(withFileLock(lock, async () => 'fresh', { timeoutMs: 100 })).rejects.toBeInstanceOf(LockBusyError);
    const old = (Date.now() - 60_000) / 1000;
    utimesSync(lock, old, old);
    expect(await withFileLock(lock, async () => 'old', { timeoutMs: 100 })).toBe('old');
  });

  it('waits for a live owner and gives up with a message naming it', async () => {
    await withFileLock(lock, async () => undefined);
    writeFileSync(lock, `${process.pid} ${hostname()} 0000000000000000`);
    const error = (await withFileLock(lock, async () => 'never', { timeoutMs: 100 }).catch((e: unknown) => e)) as LockBusyError;
    expect(error).toBeInstanceOf(LockBusyError);
    expect(error.owner).toBe(`process ${process.pid}`);
    expect(error.message).toContain(`${lock} is held by process ${process.pid}`);
    // A lock from another machine cannot be probed: it is waited for too, and named with its host.
    writeFileSync(lock, `${deadPid()} some-other-host 0000000000000000`);
    const remote = (await withFileLock(lock, async () => 'never', { timeoutMs: 100 }).catch((e: unknown) => e)) as LockBusyError;
    expect(remote.owner).toMatch(/^process \d+ on some-other-host$/);
    expect(readFileSync(lock, 'utf8')).toMatch(/some-other-host/);
  });

  it('leaves a lock that is no longer its own', async () => {
    await withFileLock(lock, async () => {
      writeFileSync(lock, 'someone else');
    });
    expect(readFileSync(lock, 'utf8')).toBe('someone else');
  });
});
