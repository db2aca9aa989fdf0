import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runChecks, type Check, type CheckResult } from './run-checks';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'run-checks-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A check that is a small Node program: `code` runs with `log(line)` appending to a shared file. */
const node = (title: string, code: string, priority?: number): Check => ({
  title,
  cmd: process.execPath,
  args: [
    '-e',
    `const fs = require('node:fs'); const log = (l) => fs.appendFileSync(${JSON.stringify(join(dir, 'log'))}, l + '\\n');
     const waitFor = (f) => { const end = Date.now() + 30000; while (!fs.existsSync(f)) { if (Date.now() > end) process.exit(9); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10); } };
     ${code}`,
  ],
  ...(priority === undefined ? {} : { priority }),
});

async function run(checks: Check[], slots: number) {
  const reported: Array<[string, CheckResult]> = [];
  const results = await runChecks(checks, { slots, cwd: dir, report: (check, result) => reported.push([check.title, result]) });
  return { results, reported };
}

describe('runChecks', () => {
  it('one slot: starts them one after another, the highest priority first, and reports in the given order', async () => {
    const { results, reported } = await run(
      [
        node('a', `log('start a'); console.log('out a'); log('end a');`),
        node('b', `log('start b'); console.error('err b'); log('end b'); process.exit(3);`, 2),
        node('c', `log('start c'); log('end c');`, 1),
      ],
      1,
    );
    expect(readFileSync(join(dir, 'log'), 'utf8').trim().split('\n')).toEqual(['start b', 'end b', 'start c', 'end c', 'start a', 'end a']);
    expect(reported.map(([title, r]) => [title, r.status, r.output])).toEqual([
      ['a', 0, 'out a\n'],
      ['b', 3, 'err b\n'],
      ['c', 0, ''],
    ]);
    expect(results.map((r) => r.status)).toEqual([0, 3, 0]);
  });

  it('two slots: runs checks side by side, yet reports a slow first check before a quick second one', async () => {
    const aDone = join(dir, 'a-done');
    // The first check can only end once the second has run: they must overlap.
    const { reported } = await run(
      [
        node('first', `waitFor(${JSON.stringify(aDone)}); console.log('first saw second');`, 1),
        node('second', `fs.writeFileSync(${JSON.stringify(aDone)}, ''); console.log('second');`),
      ],
      2,
    );
    expect(existsSync(aDone)).toBe(true);
    expect(reported.map(([title, r]) => [title, r.status, r.output])).toEqual([
      ['first', 0, 'first saw second\n'],
      ['second', 0, 'second\n'],
    ]);
  });

  it('counts a command that cannot start as failed, saying why', async () => {
    const { results } = await run([{ title: 'missing', cmd: join(dir, 'no-such-tool'), args: [] }], 2);
    expect(results[0]?.status).toBe(1);
    expect(results[0]?.output).toMatch(/no-such-tool could not start: .*ENOENT/);
  });
});
