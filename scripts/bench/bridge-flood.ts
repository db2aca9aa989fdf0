/**
 * The hostile-gateway rows of `npm run bench:bridge`: the real bridge process (`out/main/cli.js bridge`)
 * against a loopback gateway (`bridge/testing/hostile-gateway.ts`) that streams 60 KB notifications as
 * fast as its socket takes them for 30 s, on the GET event stream or on a tools/call's reply stream, with
 * a host that reads the bridge's stdout as fast as it can and with one that stops reading it. Each row
 * samples the bridge's RSS (`VmRSS` every 200 ms, and the kernel's high-water mark `VmHWM` at the end)
 * against the goal: under 150 MB. A last row floods a call's reply stream with progress only (a unique
 * event id and progress token each) and shows the call ends at the overall limit (`--max-call-time`).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { floodEvents, logEvent, startHostileGateway, type FloodCount } from '../../bridge/testing/hostile-gateway';

/** The goal for every row: the bridge's RSS stays under this through the flood. */
const GOAL_MB = 150;
const PAYLOAD_BYTES = 60 * 1024;
const SAMPLE_MS = 200;

export interface FloodBench {
  /** `out/main/cli.js`. */
  readonly cli: string;
  readonly env: NodeJS.ProcessEnv;
  /** Points the bench's flood profile at this gateway URL (credentials already stored) and returns its name. */
  readonly useGateway: (url: string) => Promise<string>;
  readonly seconds: number;
}

interface Row {
  readonly label: string;
  readonly peakSampledMb: number;
  readonly hwmMb: number;
  readonly gatewayMb: number;
  readonly hostMb: number;
  readonly note: string;
}

const mb = (bytes: number) => bytes / (1024 * 1024);

function statusKb(pid: number, field: string): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  } catch {
    return Number.NaN;
  }
}

const line = (message: unknown) => `${JSON.stringify(message)}\n`;
const INITIALIZE = line({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench-flood', version: '1' } },
});
const INITIALIZED = line({ jsonrpc: '2.0', method: 'notifications/initialized' });
const CALL = line({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'flood', arguments: {}, _meta: { progressToken: 'p' } } });

/** The host side: stdout read as fast as it comes (counting bytes and spotting the call's answer) or not at all. */
function attachHost(child: ChildProcessWithoutNullStreams, stalled: boolean) {
  let bytes = 0;
  let tail = '';
  let initialized: () => void = () => undefined;
  let answered: (text: string) => void = () => undefined;
  const ready = new Promise<void>((resolve) => (initialized = resolve));
  const answer = new Promise<string>((resolve) => (answered = resolve));
  let sawInitialize = false;
  child.stdout.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    tail += chunk.toString('utf8');
    let nl: number;
    while ((nl = tail.indexOf('\n')) !== -1) {
      const text = tail.slice(0, nl);
      tail = tail.slice(nl + 1);
      // Only the two answers matter here; notifications are counted, not parsed.
      if (text.includes('"method"')) continue;
      const message = JSON.parse(text) as { id?: unknown };
      if (message.id === 0 && !sawInitialize) {
        sawInitialize = true;
        // A stalled host stops reading the moment the session is up.
        if (stalled) child.stdout.pause();
        initialized();
      } else if (message.id === 1) answered(text);
    }
  });
  return { ready, answer, read: () => bytes };
}

async function stop(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGKILL');
  await once(child, 'exit');
}

interface RowSpec {
  readonly label: string;
  readonly stalled: boolean;
  /** Which stream floods. */
  readonly stream: 'get' | 'reply' | 'progress';
  readonly args?: readonly string[];
}

async function runRow(bench: FloodBench, spec: RowSpec): Promise<Row> {
  const deadline = Date.now() + bench.seconds * 1000;
  const event = logEvent(PAYLOAD_BYTES);
  const floods: FloodCount[] = [];
  const flood = (res: http.ServerResponse) => {
    if (spec.stream === 'progress') {
      floods.push(
        floodEvents(res, (sent) =>
          res.destroyed
            ? undefined
            : `id: e${sent.events}\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: `t${sent.events}`, progress: sent.events } })}\n\n`,
        ),
      );
    } else floods.push(floodEvents(res, () => (Date.now() < deadline ? event : undefined)));
  };
  const gateway = await startHostileGateway({
    ...(spec.stream === 'get' ? { get: flood } : { get: (res) => res.writeHead(405).end() }),
    ...(spec.stream !== 'get' ? { request: (_message, res) => flood(res) } : {}),
  });
  const profile = await bench.useGateway(gateway.url);
  const child = spawn(process.execPath, [bench.cli, 'bridge', '--profile', profile, ...(spec.args ?? [])], {
    env: bench.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stderr.resume();
  const pid = child.pid as number;
  const host = attachHost(child, spec.stalled);
  let peakKb = 0;
  const started = Date.now();
  let endedAfter: number | undefined;
  let answerText: string | undefined;
  try {
    child.stdin.write(INITIALIZE);
    await host.ready;
    child.stdin.write(INITIALIZED);
    if (spec.stream !== 'get') child.stdin.write(CALL);
    void host.answer.then((text) => {
      endedAfter = (Date.now() - started) / 1000;
      answerText = text;
    });
    // The progress row runs until the bridge ends the call (or 15 s past the flood's time, which would be a miss).
    const until = spec.stream === 'progress' ? deadline + 15_000 : deadline;
    while (Date.now() < until && !(spec.stream === 'progress' && answerText !== undefined)) {
      peakKb = Math.max(peakKb, statusKb(pid, 'VmRSS') || 0);
      await sleep(SAMPLE_MS);
    }
    peakKb = Math.max(peakKb, statusKb(pid, 'VmRSS') || 0);
    const hwmKb = statusKb(pid, 'VmHWM');
    const sent = floods.reduce((sum, f) => sum + f.bytes, 0);
    let note = `${floods.length} stream(s) opened`;
    if (spec.stream === 'progress') {
      const events = floods.reduce((sum, f) => sum + f.events, 0);
      const data = answerText ? (JSON.parse(answerText) as { error?: { data?: { cause?: string } } }).error?.data : undefined;
      note =
        endedAfter === undefined
          ? `${events} progress events; the call had NOT ended ${(until - started) / 1000} s in`
          : `${events} progress events; the call ended after ${endedAfter.toFixed(1)} s (cause: ${data?.cause ?? 'none'})`;
    }
    return { label: spec.label, peakSampledMb: peakKb / 1024, hwmMb: hwmKb / 1024, gatewayMb: mb(sent), hostMb: mb(host.read()), note };
  } finally {
    await stop(child);
    await gateway.close();
  }
}

/** Runs the rows in turn and prints them. */
export async function benchFlood(bench: FloodBench): Promise<void> {
  const rows: RowSpec[] = [
    { label: 'GET stream, fast host', stalled: false, stream: 'get' },
    { label: 'GET stream, stalled host', stalled: true, stream: 'get' },
    { label: 'reply stream, fast host', stalled: false, stream: 'reply' },
    { label: 'reply stream, stalled host', stalled: true, stream: 'reply' },
    { label: 'progress only, fast host', stalled: false, stream: 'progress', args: ['--max-call-time', String(bench.seconds)] },
  ];
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `\nHostile gateway: ${PAYLOAD_BYTES / 1024} KB notifications as fast as the socket takes them for ${bench.seconds} s (load average ${load})`,
  );
  console.log(`  row                          peak RSS (sampled / VmHWM)   gateway sent   host read   goal < ${GOAL_MB} MB`);
  for (const spec of rows) {
    const row = await runRow(bench, spec);
    const peak = Math.max(row.peakSampledMb, row.hwmMb);
    console.log(
      `  ${row.label.padEnd(28)} ${row.peakSampledMb.toFixed(1).padStart(6)} / ${row.hwmMb.toFixed(1).padStart(6)} MB      ` +
        `${row.gatewayMb.toFixed(0).padStart(7)} MB   ${row.hostMb.toFixed(0).padStart(6)} MB   ${peak < GOAL_MB ? 'met' : 'MISSED'}  (${row.note})`,
    );
  }
}
