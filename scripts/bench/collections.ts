/**
 * `npm run bench:collections`: `companion test` on a 100-item collection against a local reference
 * gateway (a child process on a free port, real HTTPS with its own CA, reached as a remote profile with
 * its credentials in the OS keychain, as `bench:bridge` does).
 *
 * - the runner's own overhead per item: from the first call going out to the last call's answer, less
 *   the sum of the calls' own durations, divided by the number of items (median of the runs);
 * - the time from spawning `companion test` to its first call (median of the runs);
 * - the bridge's cold start, spawn → `initialize` result, measured the same way as `bench:bridge`
 *   (median of 10), and the ratio of the two.
 *
 * Both commands run with Node's compile cache in the (temporary) home's cache folder, as `companion` sets
 * it up: the first start of each fills it and is printed apart, out of the medians; then the runs
 * alternate. `--baseline OTHER/out/main/cli.js` also runs another build the same way, interleaved with this
 * one, so a before/after comparison sees the same machine load.
 *
 * Goals: overhead < 2 ms per item; first call within 1.5× the bridge's cold start. `--no-build` skips the build.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { serializeCollection, type Collection } from '../../domain/collections/format';
import type { RunReport } from '../../domain/collections/report';
import { currentPathContext, profilesFile } from '../../platform/credentials/config-paths';
import { clearCredentials, storeCredentials } from '../../platform/credentials/credentials';
import { ProfileStore } from '../../platform/credentials/profiles';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'out/main/cli.js');
const PROFILE = `bench-collections-${process.pid}`;
const ITEMS = 100;
const RUNS = 7;
const COLD_RUNS = 10;

const have = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
if (process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS && have('dbus-run-session') && have('gnome-keyring-daemon')) {
  const self = [process.execPath, ...process.execArgv, ...process.argv.slice(1)].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const run = spawnSync('dbus-run-session', ['--', 'sh', '-c', `printf pw | gnome-keyring-daemon --unlock >/dev/null; exec ${self}`], {
    stdio: ['inherit', 'inherit', 'ignore'],
  });
  process.exit(run.status ?? 1);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const ms = (n: number) => `${n.toFixed(n < 10 ? 3 : 1)} ms`;

async function startGateway(dir: string, env: NodeJS.ProcessEnv) {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [CLI, 'gateway', '--port', '0', '--data-dir', join(dir, 'gateway')],
    {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  child.stderr.resume();
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  child.stdout.resume();
  const info = JSON.parse(line) as { url: string; caCert: string; accessId: string; secretKey: string };
  return { ...info, child };
}

/** A cheap, deterministic mix: the figures are about the runner, not the gateway's work. */
function collection(): Collection {
  const items: Collection['items'] = [];
  for (let i = 0; i < ITEMS; i++) {
    items.push(
      i % 2 === 0
        ? {
            name: `address ${i}`,
            tool: 'validate_address',
            arguments: { address: '{{wallet}}', asset_id: 'c60' },
            assertions: [{ assert: 'success' }, { assert: 'equals', pointer: '/structuredContent/status', value: 'ok' }],
          }
        : {
            name: `price ${i}`,
            tool: 'get_token_prices',
            arguments: { assets: ['c60'] },
            assertions: [{ assert: 'schema' }, { assert: 'type', pointer: '/structuredContent/tickers/0/price', type: 'number' }],
          },
    );
  }
  return { name: 'bench', variables: { wallet: '0x52908400098527886E0F7030069857D2E4169EE7' }, items };
}

interface Run {
  readonly firstCall: number;
  readonly overhead: number;
  readonly total: number;
}

const INITIALIZE = `${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } })}\n`;

/** Spawn → the `initialize` result on stdout, as a host sees it (as bench:bridge measures it). */
async function bridgeColdStart(cli: string, env: NodeJS.ProcessEnv): Promise<number> {
  const start = performance.now();
  const child = spawn(process.execPath, [cli, 'bridge', '--profile', PROFILE], { env, stdio: ['pipe', 'pipe', 'ignore'] });
  child.stdin.write(INITIALIZE);
  let elapsed = Number.NaN;
  for await (const line of createInterface({ input: child.stdout })) {
    const message = JSON.parse(line) as { id?: unknown; result?: unknown };
    if (message.id !== 0) continue;
    if (!message.result) throw new Error(`the bridge's initialize failed: ${line}`);
    elapsed = performance.now() - start;
    break;
  }
  child.stdin.end();
  if (child.exitCode === null) await once(child, 'exit');
  return elapsed;
}

/** One `companion test` process: time from spawn to the first call, and the runner's overhead per item. */
async function testRun(cli: string, file: string, env: NodeJS.ProcessEnv): Promise<Run> {
  const spawnedAt = performance.timeOrigin + performance.now();
  const child = spawn(process.execPath, [cli, 'test', file, '--profile', PROFILE, '--reporter', 'json'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  const report = JSON.parse(out) as RunReport;
  const items = report.collections[0]?.items ?? [];
  if (code !== 0 || items.length !== ITEMS) throw new Error(`companion test exited ${code}: ${out.slice(0, 2000)}`);
  const first = items[0]!;
  const last = items.at(-1)!;
  const span = last.startedAt! + last.durationMs! - first.startedAt!;
  const calls = items.reduce((sum, item) => sum + (item.durationMs ?? 0), 0);
  return { firstCall: first.startedAt! - spawnedAt, overhead: (span - calls) / ITEMS, total: report.durationMs };
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync(join(ROOT, 'node_modules/.bin/electron-vite'), ['build'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) throw new Error('the build failed');
  }
  const dir = await mkdtemp(join(tmpdir(), 'bench-collections-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: dir,
    XDG_CONFIG_HOME: join(dir, 'config'),
    ...(process.env.DBUS_SESSION_BUS_ADDRESS ? { DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS } : {}),
  };
  const gateway = await startGateway(dir, env);
  try {
    let caFile = gateway.caCert;
    if (caFile.startsWith('-----BEGIN')) {
      caFile = join(dir, 'gateway-ca.pem');
      await writeFile(caFile, gateway.caCert);
    }
    await new ProfileStore(profilesFile(currentPathContext(env))).save({ name: PROFILE, kind: 'remote', url: gateway.url, caFile });
    await storeCredentials(PROFILE, { accessId: gateway.accessId, secretKey: gateway.secretKey });
    const file = join(dir, 'bench.collection.json');
    await writeFile(file, serializeCollection(collection()));
    console.log(
      `Gateway ${gateway.url}; ${ITEMS} items (validate_address, get_token_prices); Node ${process.version}, ${process.platform}`,
    );

    const builds = [{ name: 'this build', cli: CLI }];
    const baseline = process.argv.indexOf('--baseline');
    if (baseline !== -1 && process.argv[baseline + 1]) builds.push({ name: 'baseline', cli: resolve(process.argv[baseline + 1]!) });
    const figures = builds.map(() => ({
      cold: [] as number[],
      runs: [] as Run[],
      firstCold: Number.NaN,
      firstRun: undefined as Run | undefined,
    }));
    // The first start of each fills the compile cache (empty in this fresh home): timed apart.
    for (const [b, build] of builds.entries()) {
      figures[b]!.firstCold = await bridgeColdStart(build.cli, env);
      figures[b]!.firstRun = await testRun(build.cli, file, env);
    }
    // Alternate, so drift in machine load hits both alike.
    for (let i = 0; i < Math.max(COLD_RUNS, RUNS); i++) {
      for (const [b, build] of builds.entries()) {
        if (i < COLD_RUNS) figures[b]!.cold.push(await bridgeColdStart(build.cli, env));
        if (i < RUNS) figures[b]!.runs.push(await testRun(build.cli, file, env));
      }
    }
    const load = spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout.split(' ')[0] ?? '?';
    console.log(
      `load average ${load}; ${RUNS} runs of companion test, ${COLD_RUNS} bridge cold starts${builds.length > 1 ? ' each, the builds interleaved' : ''}`,
    );
    for (const [b, build] of builds.entries()) {
      const { cold, runs, firstCold, firstRun } = figures[b]!;
      const coldStart = median(cold);
      const firstCall = median(runs.map((r) => r.firstCall));
      const overhead = median(runs.map((r) => r.overhead));
      const ratio = firstCall / coldStart;
      if (builds.length > 1) console.log(`--- ${build.name} (${build.cli})`);
      console.log(
        `runner overhead per item (median): ${ms(overhead)}  [runs: ${runs.map((r) => r.overhead.toFixed(3)).join(', ')}]  goal < 2 ms: ${overhead < 2 ? 'met' : 'MISSED'}`,
      );
      console.log(
        `companion test start → first call (median): ${ms(firstCall)}  [runs: ${runs.map((r) => r.firstCall.toFixed(0)).join(', ')}]`,
      );
      console.log(`bridge cold start, spawn → initialize (median): ${ms(coldStart)}  [runs: ${cold.map((c) => c.toFixed(0)).join(', ')}]`);
      console.log(`ratio first call / bridge cold start: ${ratio.toFixed(2)}×  goal ≤ 1.5×: ${ratio <= 1.5 ? 'met' : 'MISSED'}`);
      console.log(
        `with an empty compile cache (each command's first start): first call ${ms(firstRun?.firstCall ?? Number.NaN)}, bridge cold start ${ms(firstCold)}`,
      );
      console.log(`whole run of ${ITEMS} items (median, in the process): ${ms(median(runs.map((r) => r.total)))}`);
    }
  } finally {
    await clearCredentials(PROFILE).catch(() => undefined);
    gateway.child.kill('SIGTERM');
    await once(gateway.child, 'exit').catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
