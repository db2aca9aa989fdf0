/**
 * Every view fits and passes axe: at 1280×800 and 800×600, light and dark, no view scrolls sideways, no
 * control is cut off, every text shortened with "…" shows its full value on hover, and axe-core finds no
 * serious or critical violation. The views are visited in the states users meet them in (the playground
 * connected, with results, history and traffic; the assistants before and after one is configured; the wizard on each step; the registry check with its findings; a collection after a run with a failed comparison).
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startBrowserMode, type RunningApp } from './support/browser-mode';
import { field, pickTool, run } from './support/playground';
import { freshValoperId, tempRegistry, type TempRegistry } from './support/registry-fixture';
import { chooseChain, chooseFolder, next } from './support/wizard-page';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 600 },
] as const;
const THEMES = ['light', 'dark'] as const;

let app: RunningApp;
let registry: TempRegistry;
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }) => {
  app = await startBrowserMode();
  registry = tempRegistry();
  context = await browser.newContext();
  page = await context.newPage();
  await page.goto(app.launchUrl);
  await expect(page.getByRole('status', { name: 'Status' })).toContainText('Services ready');
});
test.afterAll(async () => {
  await context?.close();
  await app?.stop();
  registry?.remove();
});

interface LayoutProblem {
  readonly kind: 'page scrolls sideways' | 'content scrolls sideways' | 'control cut off' | 'shortened without its full value';
  readonly where: string;
}

/** Runs in the page: what does not fit. */
function layoutProblems(): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const describe = (el: Element) => {
    const label = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40);
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    return `${el.tagName.toLowerCase()}${cls} "${label}"`;
  };
  const root = document.scrollingElement!;
  if (root.scrollWidth > root.clientWidth)
    problems.push({ kind: 'page scrolls sideways', where: `${root.scrollWidth} > ${root.clientWidth}` });
  const content = document.querySelector('#content');
  if (content && content.scrollWidth > content.clientWidth)
    problems.push({ kind: 'content scrolls sideways', where: `${content.scrollWidth} > ${content.clientWidth}` });

  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  // A control is cut off when part of it lies outside the window or outside an ancestor that clips it
  // sideways. Code, diffs and JSON may scroll sideways inside their own box (marked data-scroll-x).
  for (const el of Array.from(
    document.querySelectorAll('button, a[href], input:not([type=radio]):not([type=checkbox]), select, textarea, [role=tab]'),
  )) {
    if (!visible(el) || el.closest('.visually-hidden, [data-scroll-x]')) continue;
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.right > window.innerWidth + 1) {
      problems.push({
        kind: 'control cut off',
        where: `${describe(el)} spans ${Math.round(r.left)}–${Math.round(r.right)} of ${window.innerWidth}`,
      });
      continue;
    }
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const overflowX = getComputedStyle(a).overflowX;
      if (overflowX === 'visible') continue;
      const box = a.getBoundingClientRect();
      if (r.left < box.left - 1 || r.right > box.right + 1) {
        problems.push({ kind: 'control cut off', where: `${describe(el)} by ${describe(a)}` });
        break;
      }
    }
  }
  for (const el of Array.from(document.querySelectorAll('body *'))) {
    if (!visible(el) || el.scrollWidth <= el.clientWidth + 1) continue;
    const style = getComputedStyle(el);
    if (style.textOverflow !== 'ellipsis' || style.overflowX === 'visible') continue;
    if (!el.closest('[title]')) problems.push({ kind: 'shortened without its full value', where: describe(el) });
  }
  return problems;
}

/** The README's pictures of the main views, kept current by this spec (1280×800; light, and dark where named). */
const README_SHOTS = 'docs/screenshots';

/** Checks the current view at both sizes and in both themes; `shot` also saves it for the README. */
async function checkView(name: string, shot?: string): Promise<void> {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // Let the layout settle (ResizeObserver-driven lists re-render on the next frame).
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const where = `${name} at ${size.width}×${size.height}, ${theme}`;
      expect.soft(await page.evaluate(layoutProblems), where).toEqual([]);
    }
    const axe = await new AxeBuilder({ page }).analyze();
    const serious = axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ rule: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
    expect.soft(serious, `axe on ${name}, ${theme}`).toEqual([]);
  }
  await page.setViewportSize(SIZES[0]);
  if (shot) {
    mkdirSync(README_SHOTS, { recursive: true });
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.screenshot({ path: `${README_SHOTS}/${shot}-${theme}.png`, animations: 'disabled', caret: 'hide' });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const open = (section: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: section }).click();

test('Overview', async () => {
  await open('Overview');
  await checkView('Overview', 'overview');
});

test('Assistants', async () => {
  await open('Assistants');
  await expect(page.getByRole('heading', { name: /Claude Desktop/ }).first()).toBeVisible();
  await checkView('Assistants', 'assistants');
  // Configured: an entry with its profile badge, the outcome message with the restart hint and backup path.
  const card = page.getByRole('article', { name: 'Claude Desktop' });
  await card.getByRole('button', { name: 'Install for Claude Desktop' }).click();
  await expect(card.getByRole('status')).toContainText('Installed in');
  await card.getByRole('button', { name: 'Test Claude Desktop' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Connected.' })).toBeVisible({ timeout: 60_000 });
  await card.getByText('Show the tools').click();
  await card.getByText('Manual setup').click();
  await expect(card.getByText(/Merge this into/)).toBeVisible();
  // A configured assistant calls tools: the activity log fills with rows of long arguments.
  const log = join(app.home, '.config', 'gateway-companion', 'logs');
  mkdirSync(log, { recursive: true });
  const call = (tool: string, args: object, ok = true) =>
    `${JSON.stringify({ time: new Date().toISOString(), profile: 'default', tool, arguments: args, durationMs: 184, ok, ...(ok ? {} : { errorCode: -32001 }) })}\n`;
  appendFileSync(
    join(log, 'audit.jsonl'),
    call('check_token_security', { assetId: 'c501_tEPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' }) +
      call('get_swap_quote', { fromAsset: 'c60', toAsset: 'c501', amount: '1.5' }, false),
  );
  await expect(page.getByRole('table', { name: 'Tool calls' }).getByText('check_token_security')).toBeVisible({ timeout: 30_000 });
  await checkView('Assistants (configured)');
  await card.getByRole('button', { name: 'Remove from Claude Desktop' }).click();
  await expect(card.getByRole('status').first()).toContainText('Removed');
});

test('Tool playground: welcome, results, history and traffic', async () => {
  test.setTimeout(420_000);
  await open('Tool playground');
  await checkView('Playground (not connected)');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Tools' })).toBeVisible({ timeout: 30_000 });
  await checkView('Playground (connected)');

  await pickTool(page, 'search_assets');
  await field(page, 'query').fill('USDC');
  await run(page, 'search_assets');
  await checkView('Playground search results');

  await pickTool(page, 'get_trending_tokens');
  await field(page, 'limit').fill('8');
  await run(page, 'get_trending_tokens');
  await checkView('Playground trending table', 'playground');

  await page.getByRole('tab', { name: /^History \(/ }).click();
  await checkView('Playground history');
  await page.getByRole('tab', { name: /^Traffic/ }).click();
  await checkView('Playground traffic');
});

test("Collections with a run's results", async () => {
  test.setTimeout(300_000);
  const folder = join(app.home, '.config', 'gateway-companion', 'collections');
  mkdirSync(folder, { recursive: true });
  const item = (name: string, assertions: object[]) => ({ name, tool: 'get_swap_domains', arguments: {}, assertions });
  writeFileSync(
    join(folder, 'layout-check.collection.json'),
    JSON.stringify({
      name: 'Swap domains, checked',
      description: 'The swap domains the gateway offers, with one assertion broken on purpose.',
      items: [
        item('domains answer', [{ assert: 'success' }, { assert: 'type', pointer: '/structuredContent/domains', type: 'array' }]),
        item('first domain', [
          { assert: 'equals', pointer: '/structuredContent/domains/0', value: { id: 'not-this-one', chainId: '0x1' } },
        ]),
      ],
    }),
  );
  await open('Collections');
  await checkView('Collections (none open)');
  await page
    .getByRole('list', { name: 'Collections' })
    .getByRole('button', { name: /Swap domains, checked/ })
    .click();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^1 passed, 1 failed in / })).toBeVisible({ timeout: 120_000 });
  await checkView('Collections run results', 'collections');
});

test('Submit a validator: every step up to Review', async () => {
  test.setTimeout(420_000);
  await open('Submit a validator');
  await checkView('Wizard: where to submit (through GitHub, the default)');
  await page.getByRole('radio', { name: /Use a copy of the registry on this computer/ }).check();
  await checkView('Wizard folder step (empty)');
  await chooseFolder(page, registry.root);
  await checkView('Wizard folder step');
  await next(page);
  await chooseChain(page, 'cosmos', 'Cosmos Hub');
  await checkView('Wizard chain step');
  await next(page);
  await page.getByLabel('Validator ID', { exact: true }).fill(freshValoperId());
  await checkView('Wizard id step');
  await next(page);
  await checkView('Wizard details step (untouched)');
  await page.getByLabel('Name', { exact: true }).fill('Example Validator');
  await page.getByLabel('Description', { exact: true }).fill('Independent validator with sentry nodes in two data centres.');
  await page.getByLabel('Website', { exact: true }).fill('https://example.com');
  await checkView('Wizard details step', 'wizard');
});

test('Check registry with findings', async () => {
  test.setTimeout(300_000);
  await open('Check registry');
  await checkView('Check registry (empty)');
  await page.getByLabel('Registry folder', { exact: true }).fill(registry.root);
  await expect(page.getByText(/This is a validator registry/)).toBeVisible();
  await page.getByRole('button', { name: 'Start check' }).click();
  await expect(page.getByRole('heading', { name: 'Findings' })).toBeVisible({ timeout: 60_000 });
  await checkView('Check registry findings', 'registry-check');
});

test('Settings and About', async () => {
  await open('Settings');
  await checkView('Settings', 'settings');
  await open('About');
  await checkView('About');
});
