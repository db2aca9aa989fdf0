/**
 * `npm run bench:gateway`: tools/call latency and throughput of the reference gateway on loopback.
 *
 * The gateway runs as the built CLI in a child process (real HTTPS with its own CA, verification on,
 * and the embedded upstream signing and verifying every call), so client and server do not share an
 * event loop. For `get_token_prices` with 50 asset ids and for `validate_address` it prints p50 and
 * p99 latency and calls per second at 1, 16 and 64 calls in flight, through the official SDK client,
 * and the CPU time per call of the gateway process and of the client: on a machine shared with other
 * work, wall-clock figures drop with the load while CPU per call barely moves.
 * `--no-build` skips the build; `--seconds N` sets the time per measurement (default 4).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Dataset } from '../../gateway/dataset/dataset';
import { connectClient } from '../../gateway/testing/client';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'out/main/cli.js');
const CONCURRENCY = [1, 16, 64];
const WARMUP_CALLS = 500;
const args = process.argv.slice(2);
const SECONDS = Number(args[args.indexOf('--seconds') + 1] ?? 4) || 4;

const PRICE_IDS = new Dataset().assets.slice(0, 50).map((a) => a.assetId);
const SCENARIOS = [
  { label: 'get_token_prices (50 ids)', call: { name: 'get_token_prices', arguments: { assets: PRICE_IDS } } },
  {
    label: 'validate_address',
    call: { name: 'validate_address', arguments: { address: '0x52908400098527886E0F7030069857D2E4169EE7', asset_id: 'c60' } },
  },
];

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/** CPU time (user + system, µs) a child process has used; Linux only. */
function childCpuMicros(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * (1_000_000 / 100); // clock ticks of 10 ms
  } catch {
    return undefined;
  }
}

async function startGatewayProcess(dataDir: string) {
  const child = spawn(process.execPath, [CLI, 'gateway', '--data-dir', dataDir, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolveLine, reject) => {
    createInterface({ input: child.stdout }).once('line', resolveLine);
    child.once('exit', (code) => reject(new Error(`the gateway exited with ${code} before it was ready`)));
  });
  return { child, info: JSON.parse(line) as { url: string; caCert: string; accessId: string; secretKey: string } };
}

/**
 * Runs `inFlight` callers for `seconds`; each keeps one call outstanding. Also measures the CPU time
 * per call of the gateway process and of this client, which a busy machine does not distort much.
 */
async function measure(
  client: Client,
  call: { name: string; arguments: Record<string, unknown> },
  inFlight: number,
  seconds: number,
  serverPid: number | undefined,
) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  const serverCpu0 = childCpuMicros(serverPid);
  const clientCpu0 = process.cpuUsage();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const result = await client.callTool(call);
        latencies.push(performance.now() - t);
        if (result.isError) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const clientCpu = process.cpuUsage(clientCpu0);
  const serverCpu1 = childCpuMicros(serverPid);
  latencies.sort((a, b) => a - b);
  const n = latencies.length;
  return {
    calls: n,
    perSecond: n / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
    serverCpuPerCall: serverCpu0 === undefined || serverCpu1 === undefined ? undefined : (serverCpu1 - serverCpu0) / n,
    clientCpuPerCall: (clientCpu.user + clientCpu.system) / n,
  };
}

async function main(): Promise<void> {
  if (!args.includes('--no-build')) {
    const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    if (build.status !== 0) throw new Error('build failed: run npx electron-vite build to see why');
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'gw-bench-'));
  const { child, info } = await startGatewayProcess(dataDir);
  const caCertPem = await readFile(info.caCert, 'utf8');
  const { client, close } = await connectClient({
    url: info.url,
    caCertPem,
    headers: { 'X-SVC-CREDENTIAL': info.accessId, 'X-SVC-SECRET-KEY': info.secretKey },
  });
  try {
    await client.listTools(); // caches the output schemas, so every result is validated as in real use
    console.log(
      `Reference gateway benchmark: Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), HTTPS on loopback, ${SECONDS} s per row.`,
    );
    console.log('tools/call through the SDK client; gateway (with its embedded signed upstream) in a child process.');
    // Other work on the machine shares the two cores; the load average says how much.
    console.log(
      `Load average before the run: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}\n`,
    );
    console.log(
      `${'tool'.padEnd(27)} ${'in flight'.padStart(9)} ${'calls'.padStart(7)} ${'calls/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'gateway CPU µs/call'.padStart(20)} ${'client CPU µs/call'.padStart(19)}`,
    );
    for (const scenario of SCENARIOS) {
      for (let i = 0; i < WARMUP_CALLS; i++) await client.callTool(scenario.call);
      for (const inFlight of CONCURRENCY) {
        const r = await measure(client, scenario.call, inFlight, SECONDS, child.pid);
        if (r.errors > 0) throw new Error(`${scenario.label}: ${r.errors} calls failed`);
        const server = r.serverCpuPerCall === undefined ? 'n/a' : r.serverCpuPerCall.toFixed(0);
        console.log(
          `${scenario.label.padEnd(27)} ${String(inFlight).padStart(9)} ${String(r.calls).padStart(7)} ${r.perSecond.toFixed(0).padStart(9)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${server.padStart(20)} ${r.clientCpuPerCall.toFixed(0).padStart(19)}`,
        );
      }
    }
  } finally {
    await close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench:gateway failed: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = 1;
});
