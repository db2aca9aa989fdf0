import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, watch } from 'node:fs';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultHistoryDir } from './history';
import { solidPng } from './image-fixtures';
import { parseList } from './list-reader';
import { checkRegistry } from './scanner';
import { applyWrite, registryHistory, undo } from './write-apply';
import { journalPath } from './write-journal';
import { planWrite } from './write-plan';
import { copyCorpus, newValoperId, removeDir, tempDir } from './test-support';

/** Kills of the real `companion registry add` with a logo (the count). */
const KILLS = 200;
/** Kills of an in-process update loop; the CLI test above carries the full count, so this one stays short. */
const FLIP_KILLS = 100;
/** At most this many kills past the write's measured end, when none of the 200 landed after the write. */
const MAX_EXTRA_KILLS = 12;

/**
 * One bundled file starts in well under 100 ms, so 200 child processes take seconds, not minutes. It is
 * ESM (the CLI's command list loads with top-level await); sharp and the keychain binding stay outside and
 * resolve from this checkout's node_modules, linked next to the bundle.
 */
async function buildChild(work: string): Promise<string> {
  const script = join(work, 'crash-child.mjs');
  await symlink(join(import.meta.dirname, '..', 'node_modules'), join(work, 'node_modules'));
  await build({
    entryPoints: [join(import.meta.dirname, 'crash-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: script,
    external: ['sharp', '@napi-rs/keyring', 'electron'],
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'error',
  });
  return script;
}
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
    childScript = await buildChild(work);
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

describe('crash safety of the real command line', () => {
  const CLI_CHAIN = 'akash';
  let work: string;
  let root: string;
  let childScript: string;
  let env: NodeJS.ProcessEnv;
  let historyDir: string;
  let lockDir: string;
  let logoFile: string;
  let logo: Buffer;
  const validators = () => join(root, 'blockchains', CLI_CHAIN, 'validators');
  const listFile = () => join(validators(), 'list.json');

  beforeAll(async () => {
    work = await tempDir('registry-cli-crash-');
    root = await copyCorpus([CLI_CHAIN]);
    childScript = await buildChild(work);
    // The CLI finds its history and lock folders the usual way: per-user config folder and system temp.
    const config = join(work, 'config');
    const temp = join(work, 'tmp');
    env = { ...process.env, XDG_CONFIG_HOME: config, TMPDIR: temp };
    historyDir = await defaultHistoryDir(root, { env, platform: process.platform, homedir: work });
    lockDir = join(temp, 'gateway-companion-locks');
    await mkdir(lockDir, { recursive: true });
    logo = await solidPng();
    logoFile = join(work, 'logo.png');
    await writeFile(logoFile, logo);
  });
  afterAll(async () => {
    await removeDir(work);
    await removeDir(root);
  });

  interface CliChild {
    proc: ChildProcess;
    idle: Promise<void>;
    exit: Promise<[number | null, NodeJS.Signals | null]>;
    out: () => string;
  }

  /** A preloaded `companion <args>` that starts when told to. */
  function cli(args: readonly string[]): CliChild {
    const proc = spawn(process.execPath, [childScript, 'cli', ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const idle = new Promise<void>((resolve, reject) => {
      let err = '';
      const onData = (d: Buffer) => {
        err += d.toString();
        if (err.includes('idle\n')) {
          proc.stderr.off('data', onData);
          proc.stderr.on('data', (more: Buffer) => (out += more.toString()));
          resolve();
        }
      };
      proc.stderr.on('data', onData);
      proc.once('exit', () => reject(new Error(`child exited before it was ready: ${err}`)));
    });
    idle.catch(() => undefined);
    return { proc, idle, exit: once(proc, 'exit') as Promise<[number | null, NodeJS.Signals | null]>, out: () => out };
  }

  const addArgs = (id: string) => [
    'registry',
    'add',
    root,
    '--chain',
    CLI_CHAIN,
    '--id',
    id,
    '--name',
    `Crash Test ${id.slice(-6)}`,
    '--description',
    'Added while being killed.',
    '--website',
    'https://example.org',
    '--logo',
    logoFile,
  ];

  /** When `pid` takes the registry lock (the write begins) and when it lets go of it (the write is done). */
  function watchLock(pid: number): { taken: Promise<number>; released: Promise<number>; stop: () => void } {
    let onTaken: (t: number) => void = () => undefined;
    let onReleased: (t: number) => void = () => undefined;
    const taken = new Promise<number>((resolve) => (onTaken = resolve));
    const released = new Promise<number>((resolve) => (onReleased = resolve));
    let held: string | null = null;
    const watcher = watch(lockDir, (_event, name) => {
      if (!name?.endsWith('.lock')) return;
      let content = '';
      try {
        content = readFileSync(join(lockDir, name), 'utf8');
      } catch {
        // Gone: released, if it was ours.
      }
      if (held === null && content.startsWith(`${pid} `)) {
        held = name;
        onTaken(performance.now());
      } else if (held === name && content === '') {
        onReleased(performance.now());
        watcher.close();
      }
    });
    return { taken, released, stop: () => watcher.close() };
  }

  it(
    `after ${KILLS} SIGKILLs of "companion registry add" with a logo, spread across the write, the next command leaves the registry untouched or fully changed, and history matches`,
    { timeout: 900_000 },
    async () => {
      const original = await readFile(listFile());
      const assets = async () => (await readdir(join(validators(), 'assets')).catch(() => [] as string[])).sort();
      const originalAssets = await assets();

      // How long the write takes here (the lock is held from its start to its end), over a few whole runs.
      // A lock taken and released between two looks of the watcher is not seen; such a run does not count.
      const spans: number[] = [];
      for (let n = 0; n < 10 && spans.length < 3; n++) {
        const child = cli(addArgs(await newValoperId('akashvaloper', 1000 + n)));
        await child.idle;
        const lock = watchLock(child.proc.pid!);
        child.proc.stdin!.write('go\n');
        const [code] = await child.exit;
        const span = await Promise.race([
          Promise.all([lock.taken, lock.released]).then(([taken, released]) => released - taken),
          new Promise<null>((r) => setTimeout(r, 200, null)),
        ]);
        lock.stop();
        expect({ code, out: child.out() }).toMatchObject({ code: 0, out: expect.stringContaining('Written.') });
        if (span !== null) spans.push(span);
      }
      expect(spans.length, 'the watcher never saw the CLI take the lock').toBeGreaterThan(0);
      // The median of the latest whole writes: it follows the machine's load as the test runs.
      const median = () => [...spans.slice(-15)].sort((a, b) => a - b)[Math.floor(Math.min(spans.length, 15) / 2)]!;
      let writeMs = median();
      const delays: number[] = [];
      let expectedHistory = await registryHistory(root, { historyDir, lockDir }).then((h) => h.length);
      let previous = await readFile(listFile());

      const outcomes = { untouched: 0, changed: 0, finishedBeforeKill: 0, cliChecks: 0 };
      // Moments spread evenly over the write (and a little past it), each at its own offset. Under load a write can
      // take longer than the whole runs measured; when no kill of the spread landed after its end, more kills follow
      // at moments growing ×1.5 past it, so that both outcomes are tested on a slow machine too.
      const moment = (kill: number) =>
        kill < KILLS ? ((kill + Math.random()) / KILLS) * writeMs * 1.1 : writeMs * 1.1 * 1.5 ** (kill - KILLS + 1);
      let kill = 0;
      // Children load while earlier ones run: only the killing is sequential.
      const pool: CliChild[] = [];
      for (let n = 0; n < 3; n++) pool.push(cli(addArgs(await newValoperId('akashvaloper', n))));
      try {
        for (; kill < KILLS || (outcomes.changed === 0 && kill < KILLS + MAX_EXTRA_KILLS); kill++) {
          const id = await newValoperId('akashvaloper', kill);
          const child = pool.shift() ?? cli(addArgs(id));
          if (kill + 3 < KILLS) pool.push(cli(addArgs(await newValoperId('akashvaloper', kill + 3))));
          await child.idle;
          // The list a completed add would leave, planned in-process from the same entry (the logo does not change it).
          const plan = await planWrite(
            root,
            {
              kind: 'add',
              chain: CLI_CHAIN,
              entry: { id, name: `Crash Test ${id.slice(-6)}`, description: 'Added while being killed.', website: 'https://example.org' },
            },
            { override: ['logo-missing'], historyDir, lockDir },
          );
          const changedList = plan.files.find((f) => f.path.endsWith('list.json'))!.after;

          const lock = watchLock(child.proc.pid!);
          child.proc.stdin!.write('go\n');
          const delay = moment(kill);
          const killed = lock.taken.then(async () => {
            await new Promise((r) => setTimeout(r, delay));
            child.proc.kill('SIGKILL');
          });
          delays.push(delay);
          const [code, signal] = await child.exit;
          await Promise.race([killed, new Promise((r) => setTimeout(r, 50))]);
          if (signal !== 'SIGKILL') {
            expect({ kill, code, out: child.out() }).toMatchObject({ kill, code: 0, out: expect.stringContaining('Written.') });
            outcomes.finishedBeforeKill++;
            const span = await Promise.race([
              Promise.all([lock.taken, lock.released]).then(([taken, released]) => released - taken),
              new Promise<null>((r) => setTimeout(r, 50, null)),
            ]);
            if (span !== null) spans.push(span);
            writeMs = median();
          }
          lock.stop();

          // The next command: a check (every 20th through the real CLI), which rolls back a cut-short write.
          if (kill % 20 === 0) {
            const check = cli(['registry', 'check', root, '--chain', CLI_CHAIN]);
            await check.idle;
            check.proc.stdin!.write('go\n');
            const [checkCode] = await check.exit;
            expect(checkCode, check.out()).toBe(1); // the corpus's missing logos are errors
            outcomes.cliChecks++;
          } else {
            await checkRegistry(root, { chains: [CLI_CHAIN], logos: false, historyDir, lockDir });
          }

          const now = await readFile(listFile());
          const folder = join(validators(), 'assets', id);
          const history = await registryHistory(root, { historyDir, lockDir });
          const where = `kill ${kill} at +${delay.toFixed(1)} ms of ${writeMs.toFixed(1)} ms`;
          expect(existsSync(journalPath(historyDir)), `${where}: a journal is left`).toBe(false);
          expect((await readdir(validators())).sort(), `${where}: stray files`).toEqual(['assets', 'list.json']);
          if (now.equals(previous)) {
            expect(existsSync(folder), `${where}: a logo folder without its list change`).toBe(false);
            expect(history, `${where}: history changed though the registry did not`).toHaveLength(expectedHistory);
            outcomes.untouched++;
          } else {
            expect(now.equals(changedList), `${where}: list.json is neither the old nor the new version`).toBe(true);
            expect(await readdir(folder), `${where}: logo folder`).toEqual(['logo.png']);
            expect((await readFile(join(folder, 'logo.png'))).equals(logo), `${where}: logo bytes`).toBe(true);
            expect(history.map((r) => r.validatorId)[0], `${where}: the add is not recorded`).toBe(id);
            expect(history, where).toHaveLength(++expectedHistory);
            outcomes.changed++;
            previous = now;
          }
          // Every record's saved versions are complete: its files can be restored.
          for (const record of history.slice(0, 1))
            for (const [i, f] of record.files.entries())
              if (f.beforeHash !== null) expect(existsSync(join(historyDir, record.id, `${i}.before`)), where).toBe(true);
        }
      } finally {
        for (const c of pool) c.proc.kill('SIGKILL');
      }
      expect(outcomes.untouched + outcomes.changed).toBe(kill);
      // Both outcomes happen: kills land before the change is complete and after it.
      expect(outcomes.untouched).toBeGreaterThan(0);
      expect(outcomes.changed).toBeGreaterThan(0);
      console.log(
        `CLI crash test: ${kill} kills, ${new Set(delays.map((d) => d.toFixed(2))).size} distinct moments from +0 to +${Math.max(...delays).toFixed(1)} ms after the lock (write median ${writeMs.toFixed(1)} ms):`,
        { ...outcomes, extraKills: Math.max(0, kill - KILLS) },
      );

      // Undo takes every completed add back, newest first, to the exact original bytes.
      for (let n = 0; n < expectedHistory; n++) await undo(root, { historyDir, lockDir });
      await expect(undo(root, { historyDir, lockDir })).rejects.toThrow(/nothing to undo/);
      expect((await readFile(listFile())).equals(original)).toBe(true);
      expect(await assets()).toEqual(originalAssets);
    },
  );
});
