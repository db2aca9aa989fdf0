/**
 * `npm run test:interop`: installs the pinned peers (scripts/interop/install-peers.ts), builds the CLI, then
 * runs the interop tests (interop/*.test.ts) with their own Vitest config. Like `npm test` it runs in a private
 * D-Bus session with a throwaway gnome-keyring. Where it can (Linux, allowed to create a network namespace),
 * the tests run in one that has only loopback, so no peer can reach anything but the local gateway and the
 * local fake model servers. Ends with `N passed, N failed, N skipped`; the counts are also in
 * test-results/interop.json for scripts/test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { reexecInPrivateKeyring } from '../private-keyring';
import { installPeers } from './install-peers';
import { ROOT } from './peers';
import { INTEROP_RESULTS } from './results';

reexecInPrivateKeyring();
rmSync(INTEROP_RESULTS, { force: true });

const started = Date.now();
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

console.log('=== Interop peers ===');
installPeers();

if (!process.env.COMPANION_INTEROP_NO_BUILD) {
  console.log('=== Build ===');
  const build = spawnSync(bin('electron-vite'), ['build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) {
    console.log('The build failed, so the interop tests cannot run.\n0 passed, 1 failed, 0 skipped');
    process.exit(1);
  }
}

/** A network namespace with only loopback, when this machine lets us make one. */
function loopbackOnly(): string[] | undefined {
  if (process.platform !== 'linux' || process.env.COMPANION_INTEROP_ISOLATE === '0') return undefined;
  const probe = spawnSync('unshare', ['-n', '--', 'sh', '-c', 'ip link set lo up'], { stdio: 'ignore' });
  return probe.status === 0 ? ['unshare', '-n', '--', 'sh', '-c', 'ip link set lo up && exec "$0" "$@"'] : undefined;
}

mkdirSync(join(ROOT, 'test-results'), { recursive: true });
const isolation = loopbackOnly();
console.log(
  `=== Interop tests (${isolation ? 'in a network namespace with only loopback' : 'no network namespace here: hosts are set to call only loopback'}) ===`,
);
const vitestArgs = [
  'run',
  '--config',
  join(ROOT, 'interop', 'vitest.config.ts'),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${INTEROP_RESULTS}`,
  ...process.argv.slice(2),
];
const command = [...(isolation ?? []), bin('vitest'), ...vitestArgs];
const vitest = spawnSync(command[0]!, command.slice(1), {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, COMPANION_INTEROP_ISOLATED: isolation ? '1' : '' },
});

let counts = { passed: 0, failed: 1, skipped: 0 };
try {
  const v = JSON.parse(readFileSync(INTEROP_RESULTS, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  counts = {
    passed: v.numPassedTests,
    failed: v.numFailedTests + (vitest.status !== 0 && v.numFailedTests === 0 ? 1 : 0),
    skipped: v.numPendingTests + v.numTodoTests,
  };
} catch {
  // no report: counted as one failure
}
console.log(`\nInterop tests took ${((Date.now() - started) / 1000).toFixed(0)} s.`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exitCode = counts.failed > 0 ? 1 : 0;
