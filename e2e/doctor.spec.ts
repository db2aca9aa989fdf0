/**
 * The connection doctor's panel in browser mode, from a profile's "Run the connection doctor" in the
 * playground's Profiles & credentials: a healthy run against a lab gateway, and three broken ones, each
 * stopped at the right hop with its fix (a wrong secret: credentials refused; a port nobody listens on:
 * TCP; a plain web server answering like a proxy whose gateway is down: the HTTP answer). "Copy report"
 * puts the text report on the clipboard without the secret, and the panel is axe-clean. Then from an
 * assistant's card: Cursor, set up through the app in this run's HOME, is healthy on every hop from its
 * config file to the built-in gateway, and its copied report holds no secret and no one-time code.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { startBrowserMode, type RunningApp } from './support/browser-mode';
import { demoAccount, freePort, startLabGateway, type LabGateway } from './support/playground';

test.describe.configure({ mode: 'serial' });

const suffix = Math.random().toString(36).slice(2, 8);
const WRONG_SECRET = `not-the-right-secret-${suffix}`;
const PROXY_SECRET = `proxy-secret-${suffix}`;

let home: string;
let app: RunningApp;
let lab: LabGateway;
let proxy: Server;
let context: BrowserContext;
let page: Page;

const panel = () => page.getByRole('region', { name: 'Profiles & credentials' });
const report = () => panel().getByRole('region', { name: 'Connection doctor report' });

/** Creates a remote profile with credentials in the keychain, through the panel as a user would. */
async function addProfile(name: string, url: string, secret: string, caFile?: string): Promise<void> {
  await panel().getByRole('button', { name: '+ New profile' }).click();
  await panel().getByLabel('Name', { exact: true }).fill(name);
  await panel().getByLabel('Gateway URL').fill(url);
  if (caFile) await panel().getByLabel('CA certificate file (optional)').fill(caFile);
  await panel().getByRole('button', { name: 'Create profile' }).click();
  const creds = panel().getByRole('form', { name: `Credentials of ${name}` });
  await creds.getByLabel('Access id').fill(lab.accessId);
  await creds.getByLabel('Secret key').fill(secret);
  await creds.getByRole('button', { name: 'Save to keychain' }).click();
  await expect(creds).toContainText('Stored in the OS keychain');
}

/** Opens a profile and runs its doctor; returns the report once shown. */
async function runDoctor(name: string): Promise<Locator> {
  await panel()
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  await panel().getByRole('button', { name: 'Run the connection doctor' }).click();
  await expect(report()).toBeVisible({ timeout: 60_000 });
  return report();
}

async function failedHop(r: Locator): Promise<Locator> {
  const failed = r.locator('li[data-status="failed"]');
  await expect(failed).toHaveCount(1);
  return failed;
}

test.beforeAll(async ({ browser }) => {
  home = mkdtempSync(join(tmpdir(), 'companion-doctor-e2e-'));
  // Cursor is on this computer (its config folder exists) and has another server set up already.
  mkdirSync(join(home, '.cursor'));
  writeFileSync(join(home, '.cursor', 'mcp.json'), '{\n  "mcpServers": {\n    "linear": { "url": "https://mcp.linear.app/sse" }\n  }\n}\n');
  app = await startBrowserMode({ home, env: { GATEWAY_COMPANION_EMBEDDED_PORT: String(await freePort()) } });
  lab = await startLabGateway(join(home, 'lab-gateway'));
  // A plain web server on loopback that answers like a proxy whose gateway is down.
  proxy = createServer((_req, res) => {
    res.writeHead(502, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>');
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  page = await context.newPage();
  await page.goto(app.launchUrl);
  await page.getByRole('button', { name: 'Tool playground' }).click();
  await page.getByRole('button', { name: 'Profiles & credentials' }).click();
});

test.afterAll(async () => {
  await context?.close();
  await app?.stop();
  await lab?.stop();
  await new Promise((r) => (proxy ? proxy.close(r) : r(undefined)));
  if (home) rmSync(home, { recursive: true, force: true });
});

test('a healthy gateway: every hop passes, the report copies without the secret, the panel is axe-clean', async () => {
  const name = `good-${suffix}`;
  await addProfile(name, lab.url, lab.secretKey, lab.caCert);
  const r = await runDoctor(name);
  await expect(r.getByRole('status').first()).toContainText('Healthy');
  await expect(r.locator('li[data-status="failed"]')).toHaveCount(0);
  for (const label of ['TCP', 'TLS', 'The HTTP answer', 'The protocol era', 'Credentials accepted', 'tools/list', 'One harmless call']) {
    await expect(r.locator('li[data-status="ok"]').filter({ hasText: label }).first()).toBeVisible();
  }
  await expect(r).toContainText('validate_address answered');

  await r.getByRole('button', { name: 'Copy the report' }).click();
  await expect(r.getByRole('button', { name: 'Copy the report' })).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(lab.url);
  expect(copied).toContain(name);
  expect(copied).not.toContain(lab.secretKey);

  const axe = await new AxeBuilder({ page }).include('.pg-profiles').analyze();
  const serious = axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  expect(serious).toEqual([]);
});

test('a wrong secret: the credentials hop fails with HTTP 401 and says to store the right ones', async () => {
  const name = `wrong-${suffix}`;
  await addProfile(name, lab.url, WRONG_SECRET, lab.caCert);
  const r = await runDoctor(name);
  await expect(r.getByRole('status').first()).toContainText('Broken at “Credentials accepted”');
  const failed = await failedHop(r);
  await expect(failed).toContainText('HTTP 401');
  await expect(failed.getByRole('note')).toContainText(`Store the right access id and secret key: companion login --profile ${name}`);
  await r.getByRole('button', { name: 'Copy the report' }).click();
  await expect(r.getByRole('button', { name: 'Copy the report' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).not.toContain(WRONG_SECRET);
});

test('a refused port: the TCP hop fails and says to start the gateway there', async () => {
  const name = `refused-${suffix}`;
  const port = await freePort();
  await addProfile(name, `http://127.0.0.1:${port}/mcp`, lab.secretKey);
  const r = await runDoctor(name);
  await expect(r.getByRole('status').first()).toContainText('Broken at “TCP”');
  const failed = await failedHop(r);
  await expect(failed).toContainText('connection refused');
  await expect(failed.getByRole('note')).toContainText(`companion gateway --port ${port}`);
  // The hops after the broken one were not reached.
  await expect(r.locator('li[data-status="not-reached"]').filter({ hasText: 'The HTTP answer' })).toHaveCount(1);
});

test('a proxy answering an HTML 502: the HTTP answer hop fails and says the gateway behind it is down', async () => {
  const name = `proxy-${suffix}`;
  await addProfile(name, `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`, PROXY_SECRET);
  const r = await runDoctor(name);
  await expect(r.getByRole('status').first()).toContainText('Broken at “The HTTP answer”');
  const failed = await failedHop(r);
  await expect(failed).toContainText('HTTP 502 with an HTML page ("502 Bad Gateway")');
  await expect(failed.getByRole('note')).toContainText('A proxy in front of the gateway cannot reach it');
  await r.getByRole('button', { name: 'Copy the report' }).click();
  await expect(r.getByRole('button', { name: 'Copy the report' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).not.toContain(PROXY_SECRET);
});

test('cleans up its profiles and their keychain items', async () => {
  for (const name of [`good-${suffix}`, `wrong-${suffix}`, `refused-${suffix}`, `proxy-${suffix}`]) {
    await panel()
      .getByRole('button', { name: new RegExp(`^${name}`) })
      .click();
    await panel()
      .getByRole('button', { name: `Remove profile “${name}”` })
      .click();
    await expect(panel().getByRole('button', { name: new RegExp(`^${name}`) })).toHaveCount(0);
  }
});

test('from an assistant’s card: Cursor, set up through the app, is healthy on every hop, and its report copies without a secret or a one-time code', async () => {
  test.setTimeout(150_000);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Assistants' }).click();
  const cursor = page.getByRole('article', { name: 'Cursor', exact: true });
  await cursor.getByRole('button', { name: 'Install for Cursor' }).click();
  await expect(cursor).toContainText('Installed in ~/.cursor/mcp.json.');

  await cursor.getByRole('button', { name: 'Run the connection doctor' }).click();
  const r = cursor.getByRole('region', { name: 'Connection doctor report' });
  await expect(r).toBeVisible({ timeout: 120_000 });
  await expect(r.getByRole('status').first()).toContainText('Healthy');
  // Every hop ran and passed, from Cursor's config file to the upstream, each with its time.
  const hops = r.locator('li');
  await expect(hops).toHaveCount(13);
  await expect(r.locator('li[data-status="ok"]')).toHaveCount(13);
  for (const hop of await hops.all()) await expect(hop).toContainText(/\((\d+ ms|\d+\.\d s)\)/);
  await expect(r.locator('li').filter({ hasText: "The assistant's config file" })).toContainText('~/.cursor/mcp.json: entry');
  await expect(r.locator('li').filter({ hasText: 'The environment the assistant passes' })).toContainText('Cursor passes the session bus');
  await expect(r.locator('li').filter({ hasText: 'The profile and its secret' })).toContainText('the built-in reference gateway');
  await expect(r).toContainText('validate_address answered');

  await r.getByRole('button', { name: 'Copy the report' }).click();
  await expect(r.getByRole('button', { name: 'Copy the report' })).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/Verdict: healthy/);
  expect(copied).toContain('cursor');
  const demo = demoAccount(home);
  // No secret: not the demo account's, not the app's session; no one-time code: not the one printed at start, not a new one.
  const code = (link: string) => new URL(link).searchParams.get('code') ?? '';
  for (const secret of [demo.secretKey, app.token, code(app.printedLink), code(await app.freshLink())]) {
    expect(secret.length).toBeGreaterThan(8);
    expect(copied).not.toContain(secret);
  }

  const axe = await new AxeBuilder({ page }).include('.doctor-report').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});
