/**
 * `npm test`: type-check, formatting, lint, dependency rules, build, unit tests (Vitest with line coverage per layer and its floors, including the
 * security scan and the packaging schema check), then end-to-end tests in browser mode (Playwright +
 * Debian Chromium), and in CI (or with COMPANION_INTEROP=1) the interop tests against real MCP peers
 * (`npm run test:interop`). It ends with one plain line, `N passed, N failed`, totalling every suite (skips are listed just above it).
 *
 * Keychain tests need a Secret Service: this re-runs itself under `dbus-run-session` with an unlocked
 * gnome-keyring in a temporary folder, as CI does, so tests never touch a real keyring.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { coverageReport } from './coverage-layers';
import { INTEROP_RESULTS } from './interop/results';
import { reexecInPrivateKeyring } from './private-keyring';
import { runChecks, type Check } from './run-checks';

const ROOT = resolve(import.meta.dirname, '..');
const RESULTS = join(ROOT, 'test-results');
const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);

// Tests must never read or overwrite the developer's real keychain items. .ci/run makes its own session and says so.
reexecInPrivateKeyring();

interface Tally {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
}
const tallies: Tally[] = [];

// Wall time of each check and stage, printed before the summary (the static checks overlap, so theirs do not add up).
const times: Array<{ name: string; seconds: number }> = [];
const started = performance.now();

function step(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  console.log(`\n=== ${name} ===`);
  const stepStarted = performance.now();
  const run = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  times.push({ name, seconds: (performance.now() - stepStarted) / 1000 });
  return run.status ?? 1;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

rmSync(join(RESULTS, 'vitest.json'), { force: true });
rmSync(join(RESULTS, 'playwright.json'), { force: true });
rmSync(INTEROP_RESULTS, { force: true });
mkdirSync(RESULTS, { recursive: true });

// The static checks and the build are independent of each other: they run side by side, one per core, each
// with its output held back and printed whole, in this order. ESLint (type-aware) is the longest, so it starts first.
// tsconfig.depcruise.json spans every layer (the dependency rules resolve imports through it), so it must type-check too.
const pretty = process.stdout.isTTY ? ['--pretty'] : [];
const colour: NodeJS.ProcessEnv = process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {};
const checks: Array<Check & { tally: string }> = [
  ...['tsconfig.node.json', 'tsconfig.web.json', 'tsconfig.e2e.json', 'tsconfig.depcruise.json'].map((project) => ({
    title: `Type-check (${project})`,
    tally: `typecheck ${project}`,
    cmd: bin('tsc'),
    args: ['-p', project, '--noEmit', ...pretty],
    priority: project === 'tsconfig.depcruise.json' ? 5 : 4,
  })),
  { title: 'Formatting (Prettier)', tally: 'formatting', cmd: 'npm', args: ['run', '--silent', 'format:check'], priority: 3 },
  { title: 'Lint (ESLint)', tally: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'], env: colour, priority: 9 },
  {
    title: 'Unused files, exports and dependencies (knip)',
    tally: 'unused code',
    cmd: 'npm',
    args: ['run', '--silent', 'lint:unused'],
    env: colour,
  },
  {
    title: 'Dependency rules (dependency-cruiser)',
    tally: 'dependency rules',
    cmd: 'npm',
    args: ['run', '--silent', 'lint:deps'],
    env: colour,
  },
  { title: 'Build', tally: 'build', cmd: bin('electron-vite'), args: ['build'], env: colour },
];
const staticStarted = performance.now();
const staticTimeAt = times.length;
const staticResults = await runChecks(checks, {
  slots: availableParallelism(),
  cwd: ROOT,
  report: (check, result) => {
    console.log(`\n=== ${check.title} ===`);
    process.stdout.write(result.output);
    times.push({ name: `  ${check.title}`, seconds: result.seconds });
  },
});
for (const [i, check] of checks.entries()) {
  const ok = staticResults[i]?.status === 0;
  tallies.push({ name: check.tally, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
}
times.splice(staticTimeAt, 0, {
  name: `Static checks and build, ${availableParallelism()} at a time`,
  seconds: (performance.now() - staticStarted) / 1000,
});
const buildStatus = staticResults[checks.length - 1]?.status ?? 1;

if (buildStatus === 0) {
  const vitestFile = join(RESULTS, 'vitest.json');
  const coverageDir = join(RESULTS, 'coverage');
  rmSync(coverageDir, { recursive: true, force: true });
  const vitestStatus = step('Unit and integration tests (Vitest, with line coverage)', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestFile}`,
    '--coverage.enabled',
    '--coverage.reporter=json-summary',
    `--coverage.reportsDirectory=${coverageDir}`,
  ]);
  const v = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }>(vitestFile);
  if (v)
    tallies.push({
      name: 'vitest',
      passed: v.numPassedTests,
      failed: v.numFailedTests + (vitestStatus !== 0 && v.numFailedTests === 0 ? 1 : 0),
      skipped: v.numPendingTests + v.numTodoTests,
    });
  else tallies.push({ name: 'vitest', passed: 0, failed: 1, skipped: 0 });

  const summaryFile = join(coverageDir, 'coverage-summary.json');
  if (existsSync(summaryFile)) {
    const { lines, under } = coverageReport(summaryFile, ROOT);
    console.log('\n=== Line coverage per layer (Vitest; code run in child processes is not counted) ===');
    for (const line of lines) console.log(line);
    for (const f of under) console.log(`${f.name}: ${f.percent.toFixed(1)} % of lines is under its floor of ${f.floor} %.`);
    tallies.push({ name: 'coverage floors', passed: under.length === 0 ? 1 : 0, failed: under.length === 0 ? 0 : 1, skipped: 0 });
  } else {
    console.log(`\nNo coverage summary at ${summaryFile}: the coverage floors were not checked.`);
    tallies.push({ name: 'coverage floors', passed: 0, failed: 1, skipped: 0 });
  }

  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.log(`\nEnd-to-end tests need Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH).`);
    tallies.push({ name: 'playwright', passed: 0, failed: 1, skipped: 0 });
  } else {
    const pwFile = join(RESULTS, 'playwright.json');
    const pwStatus = step('End-to-end tests (Playwright, browser mode)', bin('playwright'), ['test'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwFile,
    });
    const p = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(pwFile);
    if (p)
      tallies.push({
        name: 'playwright',
        passed: p.stats.expected + p.stats.flaky,
        failed: p.stats.unexpected + (pwStatus !== 0 && p.stats.unexpected === 0 ? 1 : 0),
        skipped: p.stats.skipped,
      });
    else tallies.push({ name: 'playwright', passed: 0, failed: 1, skipped: 0 });
  }

  // Real hosts and servers from the npm registry take minutes and a registry; always on in CI, opt-in locally.
  if (process.env.CI || process.env.COMPANION_INTEROP === '1') {
    const interopStatus = step('Interop tests (real MCP peers)', 'npm', ['run', '--silent', 'test:interop'], {
      COMPANION_INTEROP_NO_BUILD: '1',
    });
    const v = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }>(INTEROP_RESULTS);
    if (v)
      tallies.push({
        name: 'interop',
        passed: v.numPassedTests,
        failed: v.numFailedTests + (interopStatus !== 0 && v.numFailedTests === 0 ? 1 : 0),
        skipped: v.numPendingTests + v.numTodoTests,
      });
    else tallies.push({ name: 'interop', passed: 0, failed: 1, skipped: 0 });
  } else
    console.log(
      '\nInterop tests with real MCP peers: skipped here (they run in CI; COMPANION_INTEROP=1 runs them, or npm run test:interop).',
    );
}

const total = tallies.reduce((t, x) => ({ passed: t.passed + x.passed, failed: t.failed + x.failed, skipped: t.skipped + x.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
console.log('\n=== Time (wall) ===');
times.push({ name: 'Whole run', seconds: (performance.now() - started) / 1000 });
for (const t of times) console.log(`${t.name.padEnd(60)} ${t.seconds.toFixed(0).padStart(5)} s`);
console.log('\n=== Summary ===');
for (const t of tallies) console.log(`${t.name.padEnd(28)} ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`);
if (total.skipped > 0) console.log(`${total.skipped} skipped (each says why above)`);
// The last line is the plain tally CI reads.
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exitCode = total.failed > 0 ? 1 : 0;
