/**
 * `npm run bench:doctor`: a healthy `companion doctor` run against the built-in (embedded) reference gateway,
 * from the command to the verdict: the built CLI spawned as a user runs it (`node out/main/cli.js doctor`),
 * wall time from spawn to exit, median of 7. Two rows: with the app's gateway already running (found on its
 * port and proved by its CA), and with nothing running (the doctor starts it in-process). A first run
 * creates the gateway's certificates and demo account and is not counted. Target: under 2 s.
 *
 * Run under a D-Bus session with an unlocked keyring (`/work/wt/kr` or `dbus-run-session`); builds first
 * unless `--no-build`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createLogger } from '../../bridge/logger';
import { ensureEmbeddedGateway } from '../../main/bridge-host/embedded-gateway';
import { currentPathContext } from '../../platform/credentials/config-paths';
import { ensureDefaultProfile } from '../../platform/credentials/default-profile';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'out/main/cli.js');
const RUNS = 7;

if (!process.argv.includes('--no-build')) spawnSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'ignore' });

function doctorOnce(env: NodeJS.ProcessEnv): Promise<{ ms: number; code: number | null; out: string }> {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(process.execPath, [CLI, 'doctor'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => done({ ms: performance.now() - started, code, out }));
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function series(env: NodeJS.ProcessEnv): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await doctorOnce(env);
    if (run.code !== 0) throw new Error(`the doctor was not healthy (exit ${run.code}):\n${run.out}`);
    times.push(run.ms);
  }
  return times;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loadAtStart = load();
const home = await mkdtemp(join(tmpdir(), 'bench-doctor-'));
const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, 'config') };
try {
  await doctorOnce(env); // creates the CA, certificates and demo account
  const cold = await series(env);
  const paths = currentPathContext(env);
  const profile = await ensureDefaultProfile({ paths, env });
  const running = await ensureEmbeddedGateway({ profile, paths, env, log: createLogger({ debug: false, tag: 'bench' }) });
  const warm = await series(env);
  await running.close();
  console.log(
    `companion doctor, healthy, built-in gateway; median of ${RUNS}; load average ${loadAtStart} at the start, ${load()} at the end`,
  );
  console.log('| gateway | command to verdict, median | min–max |');
  console.log('|---|---|---|');
  for (const [label, times] of [
    ['already running (the app is open)', warm],
    ['not running (the doctor starts it)', cold],
  ] as const)
    console.log(`| ${label} | ${Math.round(median(times))} ms | ${Math.round(Math.min(...times))}–${Math.round(Math.max(...times))} ms |`);
} finally {
  await rm(home, { recursive: true, force: true });
}
