/**
 * `npm run bench:bridge`: our bridge against mcp-remote and a direct SDK client, in one run against the
 * same local reference gateway (a child process on a free port, real HTTPS with its own CA).
 *
 * - cold start: spawn → `initialize` result, median of 20, ours and mcp-remote (--header + env vars);
 * - added latency per tools/call over a direct SDK client: p50 / p99 of 1,000 sequential calls, both
 *   (the three clients take turns in blocks of 100, so load drift on a shared machine hits all alike);
 * - throughput with 64 calls in flight, relative to direct;
 * - our bridge's RSS after 1,000 calls;
 * - its RSS against a hostile gateway that floods 60 KB notifications for 30 s, with a fast and a stalled
 *   host (`bridge-flood.ts`).
 *
 * Credentials go through the real OS keychain; outside a D-Bus session on Linux this re-runs itself
 * under `dbus-run-session` with an unlocked gnome-keyring, as `npm test` does. `--no-build` skips the build;
 * `--flood-only` runs only the hostile-gateway rows, `--flood-seconds N` floods N s instead of 30.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Agent, fetch as undiciFetch } from 'undici';
import { currentPathContext, profilesFile } from '../../platform/credentials/config-paths';
import { clearCredentials, storeCredentials } from '../../platform/credentials/credentials';
import { ProfileStore } from '../../platform/credentials/profiles';
import { benchFlood } from './bridge-flood';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'out/main/cli.js');
const MCP_REMOTE = join(ROOT, 'node_modules/.bin/mcp-remote');
const PROFILE = `bench-${process.pid}`;
const FLOOD_PROFILE = `bench-flood-${process.pid}`;
const FLOOD_ONLY = process.argv.includes('--flood-only');
const floodSecondsArg = process.argv.indexOf('--flood-seconds');
const FLOOD_SECONDS = floodSecondsArg === -1 ? 30 : Number(process.argv[floodSecondsArg + 1]);
const COLD_RUNS = 20;
const SEQUENTIAL = 1_000;
const WARMUP = 100;
const IN_FLIGHT = 64;
const THROUGHPUT_CALLS = 2_000;
/** Sequential calls per turn when the clients take turns. */
const BLOCK = 100;
// A cheap, deterministic tool: the figures are about the bridges, not the gateway's work.
const TOOL = { name: 'validate_address', arguments: { address: '0x52908400098527886E0F7030069857D2E4169EE7', asset_id: 'c60' } };

const have = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
if (process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS && have('dbus-run-session') && have('gnome-keyring-daemon')) {
  const self = [process.execPath, ...process.execArgv, ...process.argv.slice(1)].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const run = spawnSync('dbus-run-session', ['--', 'sh', '-c', `printf pw | gnome-keyring-daemon --unlock >/dev/null; exec ${self}`], {
    stdio: ['inherit', 'inherit', 'ignore'],
  });
  process.exit(run.status ?? 1);
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
const ms = (n: number) => `${n.toFixed(n < 10 ? 3 : 1)} ms`;

interface Gateway {
  url: string;
  caFile: string;
  accessId: string;
  secretKey: string;
  child: ChildProcessWithoutNullStreams;
}

async function startGateway(dir: string, env: NodeJS.ProcessEnv): Promise<Gateway> {
  const child = spawn(process.execPath, [CLI, 'gateway', '--port', '0', '--data-dir', join(dir, 'gateway')], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stderr.resume();
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  child.stdout.resume();
  const info = JSON.parse(line) as { url: string; caCert: string; accessId: string; secretKey: string };
  let caFile = info.caCert;
  if (caFile.startsWith('-----BEGIN')) {
    caFile = join(dir, 'gateway-ca.pem');
    await writeFile(caFile, info.caCert);
  }
  return { url: info.url, caFile, accessId: info.accessId, secretKey: info.secretKey, child };
}

interface BridgeCommand {
  readonly label: string;
  readonly args: string[];
  readonly env: NodeJS.ProcessEnv;
}

const INITIALIZE = `${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } })}\n`;

/** On-CPU time of a process so far (Linux), which a busy machine inflates far less than wall time. */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const out = spawnSync('cat', [`/proc/${pid}/schedstat`], { encoding: 'utf8' }).stdout;
  return out ? Number(out.split(' ')[0]) / 1e6 : Number.NaN;
}

/** Spawn → the `initialize` result on stdout, as a host sees it; then end stdin and wait for the exit. */
async function coldStart(command: BridgeCommand): Promise<{ wall: number; cpu: number }> {
  const start = performance.now();
  const child = spawn(process.execPath, command.args, { env: command.env, stdio: ['pipe', 'pipe', 'ignore'] });
  child.stdin.write(INITIALIZE);
  const lines = createInterface({ input: child.stdout });
  let elapsed = Number.NaN;
  let cpu = Number.NaN;
  for await (const line of lines) {
    const message = JSON.parse(line) as { id?: unknown; result?: unknown; error?: { message: string } };
    if (message.id !== 0) continue;
    if (!message.result) throw new Error(`${command.label}: initialize failed: ${message.error?.message ?? line}`);
    elapsed = performance.now() - start;
    cpu = cpuMs(child.pid);
    break;
  }
  child.stdin.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  if (child.exitCode === null) await once(child, 'exit');
  clearTimeout(timer);
  return { wall: elapsed, cpu };
}

async function connectStdio(command: BridgeCommand): Promise<{ client: Client; pid: number | null; close(): Promise<void> }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: command.args,
    env: command.env as Record<string, string>,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(transport);
  return { client, pid: transport.pid, close: () => client.close() };
}

async function connectDirect(gateway: Gateway): Promise<{ client: Client; close(): Promise<void> }> {
  const agent = new Agent({ connect: { ca: await readFile(gateway.caFile, 'utf8') } });
  const transport = new StreamableHTTPClientTransport(new URL(gateway.url), {
    requestInit: { headers: { 'X-SVC-CREDENTIAL': gateway.accessId, 'X-SVC-SECRET-KEY': gateway.secretKey } },
    fetch: ((url: string | URL, init?: RequestInit) =>
      undiciFetch(url, { ...(init as object), dispatcher: agent })) as unknown as typeof fetch,
  });
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(transport);
  return {
    client,
    async close() {
      await client.close();
      await agent.close();
    },
  };
}

async function callOnce(client: Client): Promise<void> {
  const result = await client.callTool(TOOL);
  if (result.isError) throw new Error(`tools/call failed: ${JSON.stringify(result.content)}`);
}

async function timedCalls(client: Client, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await callOnce(client);
    times.push(performance.now() - t);
  }
  return times;
}

async function throughput(client: Client): Promise<number> {
  let started = 0;
  const worker = async () => {
    while (started < THROUGHPUT_CALLS) {
      started++;
      await callOnce(client);
    }
  };
  const t = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return THROUGHPUT_CALLS / ((performance.now() - t) / 1000);
}

/** The process's peak RSS so far (Linux VmHWM), in MB: what it held at its busiest, with nothing missed between samples. */
function peakRssMb(pid: number | null): number {
  if (pid === null) return Number.NaN;
  const status = spawnSync('cat', [`/proc/${pid}/status`], { encoding: 'utf8' }).stdout;
  const kb = /^VmHWM:\s+(\d+) kB/m.exec(status ?? '')?.[1];
  return kb === undefined ? Number.NaN : Number(kb) / 1024;
}

/** The process's resident memory now, split into its own (anonymous) pages and pages of mapped files (the node binary, libraries), in MB. */
function rssSplitMb(pid: number | null): { anon: number; file: number } {
  if (pid === null) return { anon: Number.NaN, file: Number.NaN };
  const status = spawnSync('cat', [`/proc/${pid}/status`], { encoding: 'utf8' }).stdout ?? '';
  const mb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) / 1024;
  return { anon: mb('RssAnon'), file: mb('RssFile') };
}

function rssMb(pid: number | null): number {
  if (pid === null) return Number.NaN;
  const out = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  return Number(out) / 1024;
}

function verdict(ok: boolean): string {
  return ok ? 'met' : 'MISSED';
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync(join(ROOT, 'node_modules/.bin/electron-vite'), ['build'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) throw new Error('the build failed');
  }
  const dir = await mkdtemp(join(tmpdir(), 'bench-bridge-'));
  // A host-like environment: a temp home for config and logs, the session bus for the keychain, no CA extras.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: dir,
    XDG_CONFIG_HOME: join(dir, 'config'),
    ...(process.env.DBUS_SESSION_BUS_ADDRESS ? { DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS } : {}),
  };
  const paths = currentPathContext(env);
  try {
    if (!FLOOD_ONLY) await compare(dir, env);
    const profiles = new ProfileStore(profilesFile(paths));
    await benchFlood({
      cli: CLI,
      env,
      seconds: FLOOD_SECONDS,
      useGateway: async (url) => {
        // Credentials are bound to the origin they were stored for: each row's gateway has its own port.
        await profiles.save({ name: FLOOD_PROFILE, kind: 'remote', url });
        await storeCredentials(FLOOD_PROFILE, { accessId: 'bench', secretKey: 'bench-secret' });
        return FLOOD_PROFILE;
      },
    });
  } finally {
    await clearCredentials(FLOOD_PROFILE).catch(() => false);
    await rm(dir, { recursive: true, force: true });
  }
}

/** Ours against mcp-remote and a direct SDK client, on the reference gateway. */
async function compare(dir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const gateway = await startGateway(dir, env);
  const paths = currentPathContext(env);
  try {
    await new ProfileStore(profilesFile(paths)).save({ name: PROFILE, kind: 'remote', url: gateway.url, caFile: gateway.caFile });
    await storeCredentials(PROFILE, { accessId: gateway.accessId, secretKey: gateway.secretKey });
    const ours: BridgeCommand = { label: 'ours', args: [CLI, 'bridge', '--profile', PROFILE], env };
    const remote: BridgeCommand = {
      label: 'mcp-remote',
      args: [MCP_REMOTE, gateway.url, '--header', 'X-SVC-CREDENTIAL:${GC_ACCESS_ID}', '--header', 'X-SVC-SECRET-KEY:${GC_SECRET_KEY}'],
      env: { ...env, GC_ACCESS_ID: gateway.accessId, GC_SECRET_KEY: gateway.secretKey, NODE_EXTRA_CA_CERTS: gateway.caFile },
    };
    console.log(`Gateway ${gateway.url}; tool ${TOOL.name}; Node ${process.version}, ${process.platform}`);

    const cold: Record<string, Array<{ wall: number; cpu: number }>> = { ours: [], 'mcp-remote': [] };
    for (let i = 0; i < COLD_RUNS; i++) {
      for (const command of [ours, remote]) cold[command.label]?.push(await coldStart(command));
    }
    const wall = (label: string) => (cold[label] ?? []).map((r) => r.wall);
    const coldOurs = median(wall('ours'));
    const coldRemote = median(wall('mcp-remote'));
    const cpuOurs = median((cold.ours ?? []).map((r) => r.cpu));
    const cpuRemote = median((cold['mcp-remote'] ?? []).map((r) => r.cpu));
    const load = spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout.split(' ')[0] ?? '?';

    // All three clients stay connected and take turns in blocks, so drift in machine load hits them alike.
    const direct = await connectDirect(gateway);
    const bridge = await connectStdio(ours);
    const peer = await connectStdio(remote);
    const clients = [direct.client, bridge.client, peer.client];
    for (const client of clients) for (let i = 0; i < WARMUP; i++) await callOnce(client);
    const samples: number[][] = [[], [], []];
    for (let round = 0; round < SEQUENTIAL / BLOCK; round++) {
      for (let k = 0; k < clients.length; k++) {
        const which = (round + k) % clients.length;
        samples[which]?.push(...(await timedCalls(clients[which] as Client, BLOCK)));
      }
    }
    const [directTimes, oursTimes, remoteTimes] = samples.map((t) => t.sort((a, b) => a - b)) as [number[], number[], number[]];
    const rss = rssMb(bridge.pid);
    // What a task manager shows once the assistant pauses: V8 gives back young-generation memory when idle.
    await new Promise((r) => setTimeout(r, 2_000));
    const rssIdle = rssMb(bridge.pid);
    const rates = [0, 0, 0];
    for (let round = 0; round < 2; round++) {
      for (let k = 0; k < clients.length; k++) rates[k] = (rates[k] ?? 0) + (await throughput(clients[k] as Client)) / 2;
    }
    const [directRate, oursRate, remoteRate] = rates as [number, number, number];
    // The sequential phase held one call at a time; the throughput runs held 64, so the peak is theirs.
    const peakInFlight = peakRssMb(bridge.pid);
    const split = rssSplitMb(bridge.pid);
    await Promise.all([direct.close(), bridge.close(), peer.close()]);

    const addedP50 = percentile(oursTimes, 0.5) - percentile(directTimes, 0.5);
    const addedP99 = percentile(oursTimes, 0.99) - percentile(directTimes, 0.99);
    const remoteAddedP50 = percentile(remoteTimes, 0.5) - percentile(directTimes, 0.5);
    const remoteAddedP99 = percentile(remoteTimes, 0.99) - percentile(directTimes, 0.99);

    console.log(`\nCold start, spawn → initialize result (median of ${COLD_RUNS}; load average ${load} on ${availableParallelism()} CPUs)`);
    console.log(
      `  ours        ${ms(coldOurs)}   (min ${ms(Math.min(...wall('ours')))}, max ${ms(Math.max(...wall('ours')))}); on-CPU ${ms(cpuOurs)}`,
    );
    console.log(
      `  mcp-remote  ${ms(coldRemote)}   (min ${ms(Math.min(...wall('mcp-remote')))}, max ${ms(Math.max(...wall('mcp-remote')))}); on-CPU ${ms(cpuRemote)}`,
    );
    console.log('\nPer tools/call, 1,000 sequential calls (p50 / p99)');
    console.log(`  direct SDK client  ${ms(percentile(directTimes, 0.5))} / ${ms(percentile(directTimes, 0.99))}`);
    console.log(
      `  ours               ${ms(percentile(oursTimes, 0.5))} / ${ms(percentile(oursTimes, 0.99))}   added ${ms(addedP50)} / ${ms(addedP99)}`,
    );
    console.log(
      `  mcp-remote         ${ms(percentile(remoteTimes, 0.5))} / ${ms(percentile(remoteTimes, 0.99))}   added ${ms(remoteAddedP50)} / ${ms(remoteAddedP99)}`,
    );
    console.log(`\nThroughput, ${IN_FLIGHT} calls in flight (mean of 2 runs of ${THROUGHPUT_CALLS} calls)`);
    console.log(`  direct      ${directRate.toFixed(0)} calls/s`);
    console.log(`  ours        ${oursRate.toFixed(0)} calls/s   (${(oursRate / directRate).toFixed(2)}× direct)`);
    console.log(`  mcp-remote  ${remoteRate.toFixed(0)} calls/s   (${(remoteRate / directRate).toFixed(2)}× direct)`);
    console.log(`\nOur bridge's RSS after ${SEQUENTIAL + WARMUP} calls: ${rss.toFixed(1)} MB (after 2 s idle: ${rssIdle.toFixed(1)} MB)`);
    console.log(`Our bridge's peak RSS with ${IN_FLIGHT} calls in flight (VmHWM): ${peakInFlight.toFixed(1)} MB`);
    // File-backed pages are mostly the node binary's code, shared with every Node process; anonymous ones are the bridge's own.
    console.log(
      `  right after: ${split.anon.toFixed(1)} MB anonymous (heap, malloc, stacks) + ${split.file.toFixed(1)} MB file-backed (node binary, libraries)`,
    );

    console.log('\nGoals');
    console.log(`  cold start ≤ 150 ms:                 ${ms(coldOurs)}  ${verdict(coldOurs <= 150)}`);
    console.log(`  cold start ≤ 0.5× mcp-remote:        ${(coldOurs / coldRemote).toFixed(2)}×  ${verdict(coldOurs / coldRemote <= 0.5)}`);
    console.log(`  added p50 ≤ 0.3 ms:                  ${ms(addedP50)}  ${verdict(addedP50 <= 0.3)}`);
    // Negative added latency means the bridged path beat the direct client: nothing added to compare.
    const ratio =
      addedP50 <= 0
        ? `ours adds nothing (${ms(addedP50)} vs ${ms(remoteAddedP50)})`
        : remoteAddedP50 <= 0
          ? 'mcp-remote adds nothing'
          : `${(addedP50 / remoteAddedP50).toFixed(2)}×`;
    console.log(`  added p50 ≤ 0.5× mcp-remote's:       ${ratio}  ${verdict(addedP50 <= 0 || addedP50 <= 0.5 * remoteAddedP50)}`);
    console.log(`  throughput ≥ 0.9× direct:            ${(oursRate / directRate).toFixed(2)}×  ${verdict(oursRate / directRate >= 0.9)}`);
    console.log(`  RSS ≤ 60 MB:                         ${rss.toFixed(1)} MB  ${verdict(rss <= 60)}`);
    console.log(`  peak RSS, ${IN_FLIGHT} in flight, < 60 MB:      ${peakInFlight.toFixed(1)} MB  ${verdict(peakInFlight < 60)}`);
  } finally {
    await clearCredentials(PROFILE).catch(() => false);
    gateway.child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(`bench:bridge failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
