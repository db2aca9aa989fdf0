/**
 * Crash safety of the real `companion registry add`: 200 SIGKILLs at moments spread across its write, each
 * followed by the next command (a check, or a complete add and its undo), which must leave the registry
 * untouched or fully changed, with history to match. The child is registry-crash-child.ts.
 *
 * The 200 kills are shared by two test files (registry-crash-*.test.ts), each with its own copy of the
 * registry, so that the suite's two workers run them side by side: part p of 2 takes every second moment of
 * the one spread over the write, so the two parts together land at all 200 moments.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readFileSync, watch } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultHistoryDir } from '../../../registry/history';
import { solidPng } from '../../../registry/image-fixtures';
import { applyWrite, checkRegistry, planWrite, registryHistory, undo } from '../../../registry/index';
import { bundleChild } from '../../../registry/testing/bundle-child';
import { copyCorpus, newValoperId, removeDir, tempDir } from '../../../registry/test-support';
import { journalPath } from '../../../registry/write-journal';

/** Kills of the real `companion registry add` with a logo, over all parts. */
const TOTAL_KILLS = 200;
/** The test files that share them. */
const PARTS = 2;
/** At most this many kills past the write's measured end, when none of the 200 landed after the write. */
const MAX_EXTRA_KILLS = 12;

/** A valid akash operator address of its own for the add after kill `n` (newValoperId's seeds repeat every 256). */
async function afterKillId(n: number): Promise<string> {
  const { bech32 } = await import('@scure/base');
  const bytes = createHash('sha256').update(`after kill ${n}`).digest().subarray(0, 20);
  return bech32.encode('akashvaloper', bech32.toWords(bytes));
}

/** Every file under `dir` (relative path → sha256), to compare whole trees byte for byte. */
async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[relative(dir, path)] = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  }
  return out;
}

/** One part's share of the kills: moments part, part + PARTS, part + 2·PARTS, … of the TOTAL_KILLS spread. */
export function describeCrashSafety(part: number): void {
  const KILLS = TOTAL_KILLS / PARTS;
  describe(`crash safety of the real command line (part ${part + 1} of ${PARTS})`, () => {
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
      childScript = await bundleChild(join(import.meta.dirname, 'registry-crash-child.ts'), work);
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
      const proc = spawn(process.execPath, [childScript, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
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
      `after ${KILLS} of ${TOTAL_KILLS} SIGKILLs of "companion registry add" with a logo, spread across the write, the next command leaves the registry untouched or fully changed, and history matches`,
      { timeout: 1_500_000 },
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
        let previousTree = await tree(validators());

        // untouched / changed: the kill landed before / after the add was complete (committed). recovered: the kill
        // left a journal that the next command rolled back. undone: a complete add after the kill, then undo, gave
        // back the tree byte for byte.
        const outcomes = { untouched: 0, changed: 0, recovered: 0, undone: 0, finishedBeforeKill: 0, cliChecks: 0 };
        // Moments spread evenly over the write (and a little past it), each at its own offset. Under load a write can
        // take longer than the whole runs measured; when no kill of the spread landed after its end, more kills follow
        // at moments growing ×1.5 past it, so that both outcomes are tested on a slow machine too.
        const moment = (kill: number) =>
          kill < KILLS ? ((kill * PARTS + part + Math.random()) / TOTAL_KILLS) * writeMs * 1.1 : writeMs * 1.1 * 1.5 ** (kill - KILLS + 1);
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
            const where = `kill ${kill} at +${delay.toFixed(1)} ms of ${writeMs.toFixed(1)} ms`;
            if (existsSync(journalPath(historyDir))) outcomes.recovered++;

            // The next command: a check through the real CLI (every 20th), or else a complete add straight after the
            // kill (its planning rolls back a cut-short write) and its undo, which must give back the tree as it was
            // after that roll-back, byte for byte.
            if (kill % 20 === 0) {
              const check = cli(['registry', 'check', root, '--chain', CLI_CHAIN]);
              await check.idle;
              check.proc.stdin!.write('go\n');
              const [checkCode] = await check.exit;
              expect(checkCode, check.out()).toBe(1); // the corpus's missing logos are errors
              outcomes.cliChecks++;
            } else {
              const extraId = await afterKillId(kill);
              const entry = { id: extraId, name: `After Kill ${kill}`, description: 'Added after a kill.', website: 'https://example.org' };
              const plan = await planWrite(root, { kind: 'add', chain: CLI_CHAIN, entry, logo: { source: logo } }, { historyDir, lockDir });
              // Planning rolled back what the kill cut short: the tree the undo must give back.
              const recoveredTree = await tree(validators());
              const added = await applyWrite(plan, { historyDir, lockDir });
              expect(added.written, where).toHaveLength(2);
              const undone = await undo(root, { historyDir, lockDir });
              expect(undone.undone.id, `${where}: undo took back another operation`).toBe(added.operationId);
              expect(await tree(validators()), `${where}: add + undo did not give back the tree`).toEqual(recoveredTree);
              outcomes.undone++;
              // The pair is done with: forgotten, so the history holds only the command line's adds, which the end of
              // the test undoes (the history keeps the newest 200 operations; 200 pairs would push those out).
              for (const op of [added.operationId, undone.operationId]) await rm(join(historyDir, op), { recursive: true });
              await checkRegistry(root, { chains: [CLI_CHAIN], logos: false, historyDir, lockDir });
            }

            const now = await readFile(listFile());
            const folder = join(validators(), 'assets', id);
            const history = await registryHistory(root, { historyDir, lockDir });
            expect(existsSync(journalPath(historyDir)), `${where}: a journal is left`).toBe(false);
            expect((await readdir(validators())).sort(), `${where}: stray files`).toEqual(['assets', 'list.json']);
            if (now.equals(previous)) {
              expect(existsSync(folder), `${where}: a logo folder without its list change`).toBe(false);
              expect(history, `${where}: history changed though the registry did not`).toHaveLength(expectedHistory);
              expect(await tree(validators()), `${where}: files changed though list.json did not`).toEqual(previousTree);
              outcomes.untouched++;
            } else {
              expect(now.equals(changedList), `${where}: list.json is neither the old nor the new version`).toBe(true);
              expect(await readdir(folder), `${where}: logo folder`).toEqual(['logo.png']);
              expect((await readFile(join(folder, 'logo.png'))).equals(logo), `${where}: logo bytes`).toBe(true);
              expect(history.map((r) => r.validatorId)[0], `${where}: the add is not recorded`).toBe(id);
              expect(history, where).toHaveLength(++expectedHistory);
              outcomes.changed++;
              previous = now;
              previousTree = await tree(validators());
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
        expect(outcomes.undone + outcomes.cliChecks).toBe(kill);
        console.log(
          `CLI crash test, part ${part + 1} of ${PARTS}: ${kill} kills, ${new Set(delays.map((d) => d.toFixed(2))).size} distinct moments from +0 to +${Math.max(...delays).toFixed(1)} ms after the lock (write median ${writeMs.toFixed(1)} ms):`,
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
}
