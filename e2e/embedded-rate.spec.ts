/**
 * The built-in gateway's rate limit, set in Settings and met in the playground without restarting the
 * app: with the public free tier's 1 request per second, a call fired right after another is refused with
 * HTTP 429 and the bridge waits out its Retry-After before sending it once more (the playground says so
 * beside the running call), on the connection that was open before the limit was set. With the built-in
 * profile paced to the limit, calls wait their turn instead. Keyboard-driven where it matters, axe-clean.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { startBrowserMode, type RunningApp } from './support/browser-mode';
import { freePort, pickTool, run } from './support/playground';

test.describe.configure({ mode: 'serial' });

let home: string;
let app: RunningApp;
let page: Page;

const nav = (section: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: section }).click();
const panel = () => page.getByRole('region', { name: 'Built-in gateway' });
const runButton = () => page.getByRole('button', { name: 'Run', exact: true });
const connection = () => page.getByRole('region', { name: 'Connection' });

test.beforeAll(async ({ browser }) => {
  home = mkdtempSync(join(tmpdir(), 'companion-embedded-rate-'));
  app = await startBrowserMode({
    home,
    env: { GATEWAY_COMPANION_EMBEDDED_PORT: String(await freePort()) },
    unset: ['GATEWAY_COMPANION_EMBEDDED_RATE'],
  });
  page = await (await browser.newContext()).newPage();
  await page.goto(app.launchUrl);
  // Every note shown beside a running call, recorded as it appears: a wait of one second is easily missed.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { rateNotes: string[] }).rateNotes = seen;
    new MutationObserver(() => {
      for (const note of document.querySelectorAll('.pg-rate-wait')) {
        const text = note.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
});

test.afterAll(async () => {
  await page?.context().close();
  await app?.stop();
  if (home) rmSync(home, { recursive: true, force: true });
});

const rateNotes = () => page.evaluate(() => (window as unknown as { rateNotes: string[] }).rateNotes);

/** Fires get_swap_domains again and again, each Run as soon as the last call ended, until a note matching `note` was shown. */
async function fireUntil(note: RegExp): Promise<void> {
  for (let attempt = 0; attempt < 8; attempt++) {
    await runButton().click();
    await expect(runButton()).toBeEnabled({ timeout: 30_000 });
    if ((await rateNotes()).some((n) => note.test(n))) return;
  }
  throw new Error(`no note matching ${note} after 8 calls fired back to back; notes seen: ${JSON.stringify(await rateNotes())}`);
}

async function connect(): Promise<void> {
  await connection().getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(connection().getByLabel('Connection details')).toContainText('gateway-companion-reference-gateway', { timeout: 60_000 });
}

test('the playground is connected to the built-in gateway with no limit', async () => {
  await nav('Tool playground');
  await connect();
  await pickTool(page, 'get_swap_domains');
  await run(page, 'get_swap_domains');
  expect(await rateNotes()).toEqual([]);
});

test('Settings sets the free tier’s 1 request per second from the keyboard, and says it is in effect', async () => {
  await nav('Settings');
  await expect(panel().getByText('Now: no limit')).toBeVisible();
  const free = panel().getByRole('radio', { name: /^1 request per second, like the public gateway’s free tier$/ });
  await panel().getByRole('radio', { name: /^Off/ }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(free).toBeChecked();
  await page.keyboard.press('Tab'); // the custom rate's field is off: the checkbox is next
  await expect(panel().getByRole('checkbox', { name: 'Pace the built-in profile to it' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel().getByRole('button', { name: 'Apply' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel().getByRole('status')).toHaveText(
    'Saved. The built-in gateway now refuses requests past 1 request per second per account with HTTP 429.',
  );
  await expect(panel().getByText(/^Now: 1 request per second per account/)).toBeVisible();
  expect(JSON.parse(readFileSync(join(home, '.config', 'gateway-companion', 'settings.json'), 'utf8'))).toEqual({
    version: 1,
    settings: { embeddedGatewayRate: 1 },
  });

  const axe = await new AxeBuilder({ page }).include('section[aria-labelledby="builtin-gateway-title"]').analyze();
  const serious = axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  expect(serious).toEqual([]);
});

test('the open connection meets the limit at once: a call fired right after another is refused with 429, waited out and sent once more', async () => {
  test.setTimeout(120_000);
  await nav('Tool playground');
  // Still connected: the limit reached the running gateway without a restart or a new connection.
  await expect(connection().getByLabel('Connection details')).toContainText('gateway-companion-reference-gateway');
  await fireUntil(/^The gateway refused it for its rate limit \(HTTP 429\): sending it once more in \d\.\d s…$/);
  // The one retry got through: the call answered.
  await expect(page.getByRole('region', { name: 'Result' }).locator('.pg-result-head .badge').first()).toHaveText('OK');
  expect(readFileSync(join(home, '.config', 'gateway-companion', 'logs', 'bridge.log'), 'utf8')).toMatch(
    /the gateway refused a request for its rate \(HTTP 429\): waiting \d+ ms as it asked, then sending it once more/,
  );
});

test('paced to the limit, the built-in profile’s calls wait their turn instead', async () => {
  test.setTimeout(120_000);
  await nav('Settings');
  await panel().getByRole('checkbox', { name: 'Pace the built-in profile to it' }).check();
  await panel().getByRole('button', { name: 'Apply' }).click();
  await expect(panel().getByRole('status')).toHaveText(
    'Saved. The built-in gateway now refuses requests past 1 request per second per account with HTTP 429; the built-in profile paces its requests to it from its next connection.',
  );
  await nav('Tool playground');
  await connection().getByRole('button', { name: 'Disconnect' }).click();
  await connect();
  const before = (await rateNotes()).length;
  await fireUntil(/^Waiting for the rate limit \(\d\.\d s\)…$/);
  // Paced, nothing was refused.
  expect((await rateNotes()).slice(before).filter((n) => n.includes('HTTP 429'))).toEqual([]);
  await expect(page.getByRole('region', { name: 'Result' }).locator('.pg-result-head .badge').first()).toHaveText('OK');
});

test('Off answers every request again', async () => {
  await nav('Settings');
  await panel().getByRole('radio', { name: /^Off/ }).check();
  await panel().getByRole('button', { name: 'Apply' }).click();
  await expect(panel().getByRole('status')).toHaveText('Saved. The built-in gateway answers every request.');
  await expect(panel().getByText('Now: no limit')).toBeVisible();
});
