/**
 * npm run bench:playground — the tool playground's two figures, measured in Chromium against the built app
 * in browser mode (run `npm run build` first; like `npm test`, it runs in a private keyring session):
 *
 * 1. Tool list: from the moment the connect call returns in the renderer to the first frame with the 13
 *    tools in the DOM (performance marks `playground:connected` → `playground:tools-painted`), and from the
 *    click on Connect (bridge and reference gateway start-up included).
 * 2. A 5 MB result: the longest main-thread task (PerformanceObserver `longtask`) between pressing Run and
 *    the result's JSON tree being on screen, for a tool of a small MCP server that answers with 5 MB of
 *    JSON, reached like any gateway, by URL through the bridge.
 *
 * Options: --rounds N (default 5), --megabytes N (default 5).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { chromium, type Page } from '@playwright/test';
import { startBrowserMode } from '../../e2e/support/browser-mode';
import { freePort, serveStatelessMcp } from '../../main/playground/testing';
import { reexecInPrivateKeyring } from '../private-keyring';

reexecInPrivateKeyring();

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, megabytes: { type: 'string', default: '5' } },
  strict: true,
});
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
  for (let i = 0; i < rounds; i++) {
    await page.evaluate('window.__longtasks.length = 0');
    const started = await page.evaluate(() => performance.now());
    const rows = await page.getByRole('table', { name: 'Call history' }).locator('tbody tr').count();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('table', { name: 'Call history' }).locator('tbody tr').nth(rows).waitFor({ timeout: 60_000 });
    await page.getByRole('tree', { name: 'big_result' }).getByRole('treeitem').nth(1).waitFor({ timeout: 60_000 });
    const shown = await page.evaluate<number>('new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())))');
    await page.waitForTimeout(500);
    const tasks = await page.evaluate<number[]>('[...window.__longtasks]');
    worst.push(tasks.length ? Math.max(...tasks) : 0);
    totals.push(shown - started);
    console.log(
      `  run ${i + 1}: Run → tree on screen ${fmt(shown - started)}; long tasks: ${tasks.length ? tasks.map((t) => fmt(t)).join(', ') : 'none'}`,
    );
  }
  console.log(
    `${(big.bytes / 1024 / 1024).toFixed(2)} MB result: longest main-thread task median ${fmt(median(worst))}, max ${fmt(Math.max(...worst))} (limit 100 ms); Run → tree on screen median ${fmt(median(totals))}`,
  );
} finally {
  await browser.close();
  await app.stop();
  await big.close();
  rmSync(home, { recursive: true, force: true });
}
