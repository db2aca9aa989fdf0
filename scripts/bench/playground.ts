/**
 * npm run bench:playground — the tool playground's two figures, measured in Chromium against the built app
 * in browser mode (run `npm run build` first; like `npm test`, it runs in a private keyring session):
 *
 * 1. Tool list: from the moment the connect call returns in the renderer to the first frame with the 13
 *    tools in the DOM (performance marks `playground:connected` → `playground:tools-painted`), and from the
 *    click on Connect (bridge and reference gateway start-up included).
 * 2. A 5 MB result: the longest main-thread task (PerformanceObserver `longtask`) from pressing Run until
 *    half a second after the result's JSON tree is on screen, for a tool of a small MCP server that answers
 *    with 5 MB of JSON, reached like any gateway, by URL through the bridge. The bench waits with plain
 *    selectors, not role queries, so that its own polling does not count as the page's work. Note that
 *    Playwright keeps the browser's developer tools attached (their network recording copies and decodes
 *    each response on the thread that made the request); the app's large calls run in a worker, so that
 *    copy is not on the page's main thread either.
 *
 * Options: --rounds N (default 5), --megabytes N (default 5), --trace FILE: also record a Chromium
 * performance trace of the 5 MB runs to FILE (open it in the browser's Performance panel) and print,
 * for each main-thread task over 50 ms, the work inside it that took longest. --cpu-slowdown N: run the
 * 5 MB rounds with the page's CPU N times slower (the developer tools' CPU throttling), a repeatable
 * stand-in for a busy machine, where a task's wall-clock time is a few times its CPU time. --history N:
 * start with N earlier calls in the playground's history (it keeps 500), whose list is on the page.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { chromium, type Page } from '@playwright/test';
import { startBrowserMode } from '../../e2e/support/browser-mode';
import { freePort, serveStatelessMcp } from '../../main/playground/testing';
import { seedHistory } from '../../e2e/support/history-seed';
import { reexecInPrivateKeyring } from '../private-keyring';

reexecInPrivateKeyring();

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        rounds: { type: 'string', default: '5' },
        megabytes: { type: 'string', default: '5' },
        trace: { type: 'string' },
        'cpu-slowdown': { type: 'string', default: '1' },
        history: { type: 'string', default: '0' },
      },
      strict: true,
    });
  } catch (error) {
    process.stderr.write(
      `bench:playground: ${(error as Error).message}\nOptions: --rounds N, --megabytes N, --trace FILE, --cpu-slowdown N, --history N (it measures the last build: run npm run build first).\n`,
    );
    process.exit(2);
  }
})();
const rounds = Number(values.rounds);
const targetBytes = Number(values.megabytes) * 1024 * 1024;

/** About `bytes` of JSON shaped like a large listing: many records, nested objects, arrays and long strings. */
function bigDocument(bytes: number) {
  const items: unknown[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const item = {
      id: `c60_t0x${i.toString(16).padStart(40, '0')}`,
      name: `Token number ${i}`,
      symbol: `T${i % 10_000}`,
      decimals: 18,
      price: { usd: 1 + (i % 997) / 13, change: [((i * 7) % 41) - 20, ((i * 11) % 37) - 18, ((i * 3) % 29) - 14] },
      tags: ['defi', i % 2 ? 'eth-ecosystem' : 'layer_2'],
      description: `A long description of token ${i}, repeated to look like real listing text. `.repeat(2),
      verified: i % 3 === 0,
    };
    size += JSON.stringify(item).length + 1;
    items.push(item);
  }
  return { total: items.length, items };
}

/** A stateless MCP server on loopback http with one tool, `big_result`. */
async function startBigServer(): Promise<{ url: string; close: () => Promise<void>; bytes: number }> {
  const doc = bigDocument(targetBytes);
  const bytes = JSON.stringify(doc).length;
  const server = await serveStatelessMcp(() => {
    const mcp = new McpServer({ name: 'bench-big-result', version: '1.0.0' });
    mcp.registerTool('big_result', { description: `Answers with ${(bytes / 1024 / 1024).toFixed(1)} MB of JSON.` }, async () => ({
      content: [{ type: 'text', text: JSON.stringify(doc) }],
      structuredContent: doc,
    }));
    return mcp;
  });
  return { ...server, bytes };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** CPU time of the thread, where wall time (dur) also counts waiting for a busy machine's cores. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      functionName?: string;
      url?: string;
      type?: string;
      startTime?: number;
      cpuProfile?: { nodes?: Array<{ id: number; callFrame: { functionName: string; url?: string } }>; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

/** The JavaScript functions that ran, by sample of the V8 profiler: when (µs, the trace's clock) and which. */
function samplesOf(events: readonly TraceEvent[]): Array<{ ts: number; fn: string }> {
  const names = new Map<string, string>();
  const out: Array<{ ts: number; fn: string }> = [];
  const clock = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.id ?? ''}`;
    if (e.name === 'Profile' && e.args?.data?.startTime !== undefined) clock.set(key, e.args.data.startTime);
    if (e.name !== 'ProfileChunk') continue;
    const data = e.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? [])
      names.set(`${key}:${node.id}`, `${node.callFrame.functionName || '(anonymous)'} ${(node.callFrame.url ?? '').replace(/^.*\//, '')}`);
    let t = clock.get(key) ?? 0;
    (data?.cpuProfile?.samples ?? []).forEach((id, i) => {
      t += data?.timeDeltas?.[i] ?? 0;
      out.push({ ts: t, fn: names.get(`${key}:${id}`) ?? '?' });
    });
    clock.set(key, t);
  }
  return out;
}

/** The renderer's main-thread tasks over 50 ms in a trace, each with the longest pieces of work inside it. */
function longTasksOf(events: readonly TraceEvent[]): string[] {
  const main = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined && main.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  // The outermost events of the thread are its tasks: "RunTask" (a scheduler.yield continuation has no
  // ThreadControllerImpl::RunTask inside it), or ThreadControllerImpl::RunTask.
  const tasks: TraceEvent[] = [];
  let end = -1;
  for (const e of onMain) {
    if (e.ts < end) continue;
    end = e.ts + e.dur!;
    if ((e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.dur! > 50_000) tasks.push(e);
  }
  const samples = samplesOf(events);
  return tasks.map((task) => {
    // The functions sampled most often inside the task (self time).
    const counts = new Map<string, number>();
    for (const s of samples) if (s.ts >= task.ts && s.ts <= task.ts + task.dur!) counts.set(s.fn, (counts.get(s.fn) ?? 0) + 1);
    const hot = [...counts]
      .filter(([fn]) => !/^\((idle|program|garbage collector)\)/.test(fn))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([fn, n]) => `${fn} ×${n}`)
      .join(', ');
    const inside = onMain
      .filter((e) => e !== task && e.tid === task.tid && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur! && e.dur! >= 3_000)
      .sort((a, b) => b.dur! - a.dur!)
      .slice(0, 8)
      .map((e) => {
        const data = e.args?.data;
        const what = [data?.type, data?.functionName, data?.url?.replace(/^.*\//, '')].filter(Boolean).join(' ');
        return `${e.name}${what ? ` (${what})` : ''} ${(e.dur! / 1000).toFixed(1)} ms`;
      });
    const cpu = task.tdur !== undefined ? ` (${(task.tdur / 1000).toFixed(1)} ms of CPU)` : '';
    return `  task of ${(task.dur! / 1000).toFixed(1)} ms${cpu}: ${inside.join('; ') || 'no sub-event over 3 ms'}${hot ? `\n    JavaScript: ${hot}` : ''}`;
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function connect(page: Page, profile: string): Promise<{ markMs: number; clickMs: number }> {
  await page.getByLabel('Profile', { exact: true }).selectOption(profile);
  const clicked = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button').first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => performance.getEntriesByName('playground:tools-painted').length > 0);
  return page.evaluate((start) => {
    const connected = performance.getEntriesByName('playground:connected')[0]!.startTime;
    const painted = performance.getEntriesByName('playground:tools-painted')[0]!.startTime;
    return { markMs: painted - connected, clickMs: painted - start };
  }, clicked);
}

const home = mkdtempSync(join(tmpdir(), 'companion-bench-playground-'));
// Earlier calls in the history (its list is on the page while a result renders), as the app writes them.
const earlier = Number(values.history);
if (earlier > 0) seedHistory(home, earlier);
const big = await startBigServer();
const app = await startBrowserMode({ home, env: { GATEWAY_COMPANION_EMBEDDED_PORT: String(await freePort()) } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const invoke = async (channel: string, ...args: unknown[]) => {
    const res = await fetch(`${app.origin}/api/invoke`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${app.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ channel, args }),
    });
    const envelope = (await res.json()) as { ok: boolean; error?: { message: string } };
    if (!envelope.ok) throw new Error(`${channel}: ${envelope.error?.message}`);
  };
  await invoke('profiles:save', { name: 'bench-big', url: big.url });
  await invoke('profiles:setCredentials', 'bench-big', { accessId: 'bench', secretKey: 'bench-secret' });

  const page = await browser.newPage({ viewport: { width: 1440, height: 960 } });
  await page.goto(app.launchUrl);
  await page.getByRole('button', { name: 'Tool playground' }).click();

  // 1. The tool list after connecting to the built-in reference gateway.
  const lists: Array<{ markMs: number; clickMs: number }> = [];
  for (let i = 0; i < rounds; i++) {
    lists.push(await connect(page, 'default'));
    await page.getByRole('button', { name: 'Disconnect' }).click();
  }
  const marks = lists.map((l) => l.markMs);
  const clicks = lists.map((l) => l.clickMs);
  console.log(
    `Tool list (13 tools), connect answered → painted: median ${fmt(median(marks))}, max ${fmt(Math.max(...marks))} over ${rounds} connects`,
  );
  console.log(
    `  click on Connect → painted (bridge and gateway start-up included): median ${fmt(median(clicks))}, max ${fmt(Math.max(...clicks))}`,
  );

  // 2. A 5 MB result.
  await connect(page, 'bench-big');
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: 'big_result', exact: true }).click();
  const worst: number[] = [];
  const totals: number[] = [];
  // Page-side code as strings: this script is type-checked as Node code, without the DOM library.
  await page.evaluate(
    `window.__longtasks = []; new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__longtasks.push(e.duration))).observe({ type: 'longtask' });`,
  );
  const slowdown = Number(values['cpu-slowdown']);
  if (slowdown > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  }
  if (values.trace)
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'v8.execute',
        'blink',
        'blink.user_timing',
        'loading',
        'toplevel',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
  for (let i = 0; i < rounds; i++) {
    // The tree on screen is marked, to tell the next one apart. The wait uses plain selectors checked once a
    // frame: Playwright's role queries walk the page's accessibility tree on its main thread, which would
    // count as the app's long tasks.
    await page.evaluate(`document.querySelectorAll('[role="tree"]').forEach((t) => t.setAttribute('data-old', ''))`);
    await page.evaluate('window.__longtasks.length = 0');
    const started = await page.evaluate(() => performance.now());
    await page.locator('.pg-run').click();
    const appeared = await page.waitForFunction(
      // A function, not a string: the app's CSP has no 'unsafe-eval'. Typed without the DOM library.
      (selector) =>
        (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll(selector)
          .length > 1 && performance.now(),
      '[role="tree"][aria-label="big_result"]:not([data-old]) [role="treeitem"]',
      { polling: 'raf', timeout: 60_000 },
    );
    const shown = (await appeared.jsonValue()) as number;
    await page.waitForTimeout(500);
    const tasks = await page.evaluate<number[]>('[...window.__longtasks]');
    worst.push(tasks.length ? Math.max(...tasks) : 0);
    totals.push(shown - started);
    console.log(
      `  run ${i + 1}: Run → tree on screen ${fmt(shown - started)}; long tasks: ${tasks.length ? tasks.map((t) => fmt(t)).join(', ') : 'none'}`,
    );
  }
  if (values.trace) {
    const trace = await browser.stopTracing();
    writeFileSync(values.trace, trace);
    const long = longTasksOf((JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents);
    console.log(`Trace written to ${values.trace}; ${long.length} main-thread tasks over 50 ms:`);
    for (const line of long) console.log(line);
  }
  console.log(
    `${(big.bytes / 1024 / 1024).toFixed(2)} MB result${slowdown > 1 ? ` (CPU ${slowdown}× slower)` : ''}: longest main-thread task median ${fmt(median(worst))}, max ${fmt(Math.max(...worst))} (limit 50 ms); Run → tree on screen median ${fmt(median(totals))}`,
  );
} finally {
  await browser.close();
  await app.stop();
  await big.close();
  rmSync(home, { recursive: true, force: true });
}
