import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseList } from './list-reader';
import { bundleChild } from './testing/bundle-child';
import { applyWrite, registryHistory } from './write-apply';
import { planWrite } from './write-plan';
import { copyCorpus, removeDir, tempDir } from './test-support';

/** Kills of an in-process update loop; the real command line's crash test (main/cli/registry-crash-1.test.ts and -2) carries the full count. */
const FLIP_KILLS = 100;
const CHAIN = 'akash'; // no logos in the corpus, so the child never loads sharp

interface Child {
  proc: ChildProcess;
  idle: Promise<void>;
  /** Resolves once the child has completed its first write. */
  wrote: Promise<void>;
  exit: Promise<[number | null, NodeJS.Signals | null]>;
  stderr: () => string;
}

describe('crash safety and concurrent writers', () => {
  let work: string;
  let root: string;
  let childScript: string;
  let historyDir: string;
  let lockDir: string;
  let id: string;
  const listFile = () => join(root, 'blockchains', CHAIN, 'validators', 'list.json');

  beforeAll(async () => {
    work = await tempDir('registry-crash-');
    root = await copyCorpus([CHAIN]);
    historyDir = join(work, 'history');
    lockDir = join(work, 'locks');
    childScript = await bundleChild(join(import.meta.dirname, 'testing', 'crash-child.ts'), work);
    id = (parseList(await readFile(listFile()), { path: 'x' }).entries[3] as { id: string }).id;
  });
  afterAll(async () => {
    await removeDir(work);
    await removeDir(root);
  });

  function start(): Child {
    const proc = spawn(process.execPath, [childScript, 'flip', root, CHAIN, historyDir, lockDir, id], { stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    let out = '';
    const waiting: [string, () => void][] = [];
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      for (const [word, resolve] of waiting) if (out.includes(word)) resolve();
    });
    const saw = (word: string) =>
      new Promise<void>((resolve, reject) => {
        waiting.push([word, resolve]);
        proc.once('exit', () => reject(new Error(`child exited before "${word}": ${err}`)));
      });
    const idle = saw('idle');
    const wrote = saw('wrote');
    idle.catch(() => undefined);
    wrote.catch(() => undefined);
    return { proc, idle, wrote, exit: once(proc, 'exit') as Promise<[number | null, NodeJS.Signals | null]>, stderr: () => err };
  }

  it(
    `after ${FLIP_KILLS} SIGKILLs at random moments, list.json always parses and is the old or the new version`,
    { timeout: 300_000 },
    async () => {
      const toA = await planWrite(
        root,
        { kind: 'update', chain: CHAIN, id, changes: { description: 'version A' } },
        { override: ['logo-missing'], historyDir, lockDir },
      );
      await applyWrite(toA, { historyDir, lockDir });
      const versionA = await readFile(listFile());
      const versionB = (
        await planWrite(root, { kind: 'update', chain: CHAIN, id, changes: { description: 'version B' } }, { historyDir, lockDir })
      ).files[0]!.after;
      expect(versionA.equals(versionB)).toBe(false);

      let seed = Date.now() % 100_000;
      const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
      const startSeed = seed;
      const seen = { A: 0, B: 0 };
      // Children load while the previous one runs: only the killing is sequential.
      const pool = [start(), start(), start(), start()];
      try {
        for (let kill = 0; kill < FLIP_KILLS; kill++) {
          const child = pool.shift()!;
          pool.push(start());
          await child.idle;
          child.proc.stdin!.write('go\n');
          // Most kills land within the first write or two; every tenth child first completes a write, so
          // writes are known to finish during the test even on a slow, busy machine.
          if (kill % 10 === 0) await child.wrote;
          await new Promise((r) => setTimeout(r, random() * 50));
          child.proc.kill('SIGKILL');
          const [code, signal] = await child.exit;
          expect({ kill, code, signal, stderr: child.stderr() }).toEqual({ kill, code: null, signal: 'SIGKILL', stderr: '' });

          const bytes = await readFile(listFile());
          const doc = parseList(bytes, { path: 'list.json' });
          expect(doc.ok, `kill ${kill} (seed ${startSeed}): list.json does not parse`).toBe(true);
          const which = bytes.equals(versionA) ? 'A' : bytes.equals(versionB) ? 'B' : null;
          expect(which, `kill ${kill} (seed ${startSeed}): list.json is neither the old nor the new version`).not.toBeNull();
          seen[which!]++;
        }
      } finally {
        for (const child of pool) child.proc.kill('SIGKILL');
      }
      expect(seen.A + seen.B).toBe(FLIP_KILLS);
      // Every completed write is recorded in the history first; at least the waited-for writes finished.
      expect((await registryHistory(root, { historyDir })).length).toBeGreaterThanOrEqual(FLIP_KILLS / 10);

      // The next ordinary write clears what the killed writers left behind: temp files and the lock.
      const doc = parseList(await readFile(listFile()), { path: 'x' });
      const current = (doc.entries.find((e) => (e as { id: string }).id === id) as { description: string }).description;
      await applyWrite(
        await planWrite(
          root,
          { kind: 'update', chain: CHAIN, id, changes: { description: current === 'version A' ? 'version B' : 'version A' } },
          { override: ['logo-missing'], historyDir, lockDir },
        ),
        { historyDir, lockDir },
      );
      expect((await readdir(join(root, 'blockchains', CHAIN, 'validators'))).sort()).toEqual(['list.json']);
      expect(await readdir(lockDir)).toEqual([]);
    },
  );
  it(
    'concurrent writer processes never lose an update: refused writers re-plan, and every entry arrives',
    { timeout: 120_000 },
    async () => {
      const before = parseList(await readFile(listFile()), { path: 'x' }).entries.length;
      const writers = ['alpha', 'beta', 'gamma'].map((prefix) => {
        const proc = spawn(process.execPath, [childScript, 'append', root, CHAIN, historyDir, lockDir, prefix, '12'], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let err = '';
        proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
        proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
        return once(proc, 'exit').then(([code]) => ({ code, out, err }));
      });
      const results = await Promise.all(writers);
      for (const r of results) expect(r).toEqual({ code: 0, out: expect.stringMatching(/^refused \d+\n$/), err: '' });
      const ids = (parseList(await readFile(listFile()), { path: 'x' }).entries as { id: string }[]).map((e) => e.id);
      expect(ids).toHaveLength(before + 36);
      for (const prefix of ['alpha', 'beta', 'gamma']) {
        // Each writer's entries are all there, in its own order.
        expect(ids.filter((i) => i.startsWith(`${prefix}-`))).toEqual(Array.from({ length: 12 }, (_, n) => `${prefix}-${n}`));
      }
    },
  );
});
