/**
 * Collections in the app, in browser mode against the built-in reference gateway: a playground call
 * saved to a new collection and the same call from History with an assertion chosen on its answer's tree, the Collections view runs it and it passes; a value changed by hand in the
 * file on disk makes it fail, with the failed snapshot shown as a diff of expected against actual. The
 * run options: an environment file chosen with browser mode's file picker supplies a variable an item
 * uses, and a run in both protocol eras shows each era's results and their comparison.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startBrowserMode, type RunningApp } from './support/browser-mode';
import { freePort, pickTool, result, run } from './support/playground';

test.describe.configure({ mode: 'serial' });

let home: string;
let app: RunningApp;
let context: BrowserContext;
let page: Page;
const file = () => join(home, '.config', 'gateway-companion', 'collections', 'e2e-smoke.collection.json');
const open = (section: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: section }).click();

test.beforeAll(async ({ browser }) => {
  home = mkdtempSync(join(tmpdir(), 'companion-collections-e2e-'));
  app = await startBrowserMode({ home, env: { GATEWAY_COMPANION_EMBEDDED_PORT: String(await freePort()) } });
  context = await browser.newContext();
  page = await context.newPage();
  await page.goto(app.launchUrl);
});

test.afterAll(async () => {
  await context?.close();
  await app?.stop();
  rmSync(home, { recursive: true, force: true });
});

/** Changes the first string in the snapshot's value, as someone editing the file would. */
function changeFirstString(value: unknown): boolean {
  if (Array.isArray(value) || (value !== null && typeof value === 'object')) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (typeof record[key] === 'string' && record[key] !== '') {
        record[key] = 'changed by hand';
        return true;
      }
      if (changeFirstString(record[key])) return true;
    }
  }
  return false;
}

test('a playground call saved to a new collection runs and passes in the Collections view', async () => {
  test.setTimeout(180_000);
  await open('Tool playground');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Tools' })).toBeVisible({ timeout: 60_000 });
  // A tool whose answer does not move between calls (prices in the reference gateway do).
  await pickTool(page, 'get_swap_domains');
  await run(page, 'get_swap_domains');
  await result(page).getByRole('button', { name: 'Save to collection…' }).click();
  const dialog = page.getByRole('dialog', { name: /Save get_swap_domains to a collection/ });
  await dialog.getByLabel('Name of the new collection').fill('E2E smoke');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Saved as item 1 of e2e-smoke.collection.json.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The same call from History, into the collection just made, with an assertion chosen on the answer's tree.
  await page.getByRole('tab', { name: /^History \(/ }).click();
  await page.getByRole('button', { name: 'Save the get_swap_domains call to a collection' }).first().click();
  await dialog.getByLabel(/E2E smoke/).check();
  await dialog.getByText('Add assertions from the answer').click();
  await dialog.getByLabel('Add an assertion for /structuredContent/domains', { exact: true }).selectOption({ label: 'exists' });
  await expect(dialog.getByRole('list', { name: 'Assertions to add' })).toContainText('exists at /structuredContent/domains');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Saved as item 2 of e2e-smoke.collection.json.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await open('Collections');
  await page
    .getByRole('list', { name: 'Collections' })
    .getByRole('button', { name: /E2E smoke/ })
    .click();
  await expect(page.getByRole('heading', { name: 'E2E smoke' })).toBeVisible();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^2 passed in / })).toBeVisible({ timeout: 120_000 });
  const item = page.getByRole('listitem', { name: 'Item 1: get_swap_domains' });
  await expect(item.getByText('Passed')).toBeVisible();
  await expect(item.getByText('pass', { exact: true })).toHaveCount(2);
  const second = page.getByRole('listitem', { name: 'Item 2: get_swap_domains' });
  await expect(second.getByText('something exists at /structuredContent/domains')).toBeVisible();
  await expect(second.getByText('pass', { exact: true })).toHaveCount(3);
});

test('a value changed in the file makes the run fail, with a diff of expected against actual', async () => {
  test.setTimeout(180_000);
  const document = JSON.parse(readFileSync(file(), 'utf8')) as { items: Array<{ assertions: Array<{ assert: string; value?: unknown }> }> };
  const snapshot = document.items[0]!.assertions.find((a) => a.assert === 'snapshot') as { value: { structuredContent: unknown } };
  expect(changeFirstString(snapshot.value.structuredContent)).toBe(true);
  writeFileSync(file(), JSON.stringify(document, null, 2));

  await page.getByRole('button', { name: 'Run again' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^1 passed, 1 failed in / })).toBeVisible({ timeout: 120_000 });
  const item = page.getByRole('listitem', { name: 'Item 1: get_swap_domains' });
  await expect(item.getByText('Failed')).toBeVisible();
  const diff = item.getByRole('region', { name: 'Expected against actual, get_swap_domains, assertion 2' });
  await expect(diff).toContainText('changed by hand');
  await expect(diff.locator('.col-diff-cell.changed').first()).toBeVisible();

  // The result outlives leaving the view.
  await open('Overview');
  await open('Collections');
  await expect(page.getByRole('status').filter({ hasText: /^1 passed, 1 failed in / })).toBeVisible();
});

/** A collection whose only item needs {{asset}}, which only an environment file supplies. */
function writeVariablesCollection(): void {
  writeFileSync(
    join(home, '.config', 'gateway-companion', 'collections', 'e2e-vars.collection.json'),
    JSON.stringify({
      name: 'E2E variables',
      items: [
        {
          name: 'priced',
          tool: 'get_token_prices',
          arguments: { assets: ['{{asset}}'] },
          assertions: [{ assert: 'equals', pointer: '/structuredContent/tickers/0/id', value: '{{asset}}' }],
        },
      ],
    }),
  );
}

const openCollection = (name: RegExp) => page.getByRole('list', { name: 'Collections' }).getByRole('button', { name }).click();

test('an environment file chosen with the file picker supplies the variable an item uses', async () => {
  test.setTimeout(180_000);
  writeVariablesCollection();
  mkdirSync(join(home, 'envs'), { recursive: true });
  writeFileSync(join(home, 'envs', 'staging.json'), JSON.stringify({ asset: 'c60' }));
  writeFileSync(join(home, 'envs', 'broken.json'), '{"asset": ');
  await open('Overview');
  await open('Collections');
  await openCollection(/E2E variables/);
  await expect(page.getByRole('heading', { name: 'E2E variables' })).toBeVisible();

  // Without the file, the item cannot run and says which variable has no value.
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^1 could not run in / })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('listitem', { name: 'Item 1: priced' })).toContainText('{{asset}} has no value');

  // A file that is not JSON is refused in plain words, typed as a path.
  const envField = page.getByRole('textbox', { name: 'Environment file' });
  await envField.fill(join(home, 'envs', 'broken.json'));
  await envField.press('Enter');
  await expect(page.getByText(/broken\.json: not valid JSON at line 1/)).toBeVisible();
  await expect(envField).toHaveAttribute('aria-invalid', 'true');

  // Browser mode's picker opens in the folder of the path given, and is walked with the keyboard.
  await page.getByRole('button', { name: 'Choose an environment file' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose an environment file' });
  const envsList = picker.getByRole('list', { name: `Folders and files in ${join(home, 'envs')}` });
  await expect(envsList.getByRole('button')).toHaveText(['📄 broken.json', '📄 staging.json']);
  await expect(envsList.getByRole('button', { name: 'broken.json' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  const homeList = picker.getByRole('list', { name: `Folders and files in ${home}` });
  await expect(homeList.getByRole('button', { name: 'envs' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(envsList.getByRole('button', { name: 'broken.json' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(envsList.getByRole('button', { name: 'staging.json' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(envField).toHaveValue(join(home, 'envs', 'staging.json'));
  await expect(page.getByText('Supplies asset.')).toBeVisible();

  await page.getByRole('button', { name: 'Run again' }).click();
  const summary = page.getByRole('status').filter({ hasText: /^1 passed in / });
  await expect(summary).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText(`with the variables of ${join(home, 'envs', 'staging.json')}`)).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Item 1: priced' }).getByText('Passed')).toBeVisible();
});

test("a run in both eras shows each era's results and that the eras agree; the choices are kept per collection", async () => {
  test.setTimeout(180_000);
  const era = page.getByLabel('Protocol era');
  await era.selectOption({ label: 'Both eras, compared' });
  await page.getByRole('button', { name: 'Run again' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^2025-11-25: 1 passed; 2026-07-28: 1 passed; the eras agree in / })).toBeVisible(
    {
      timeout: 120_000,
    },
  );
  const item = page.getByRole('listitem', { name: 'Item 1: priced' });
  await expect(item.getByText('2025-11-25: Passed')).toBeVisible();
  await expect(item.getByText('2026-07-28: Passed')).toBeVisible();
  await expect(item.getByText('2025-11-25: pass', { exact: true })).toBeVisible();
  await expect(item.getByText('2026-07-28: pass', { exact: true })).toBeVisible();
  await expect(item.getByText('Eras differ')).toHaveCount(0);

  // Another collection has its own choices; coming back finds these again.
  await openCollection(/E2E smoke/);
  await expect(era).toHaveValue('2025-11-25');
  await expect(page.getByRole('textbox', { name: 'Environment file' })).toHaveValue('');
  await openCollection(/E2E variables/);
  await expect(era).toHaveValue('both');
  await expect(page.getByRole('textbox', { name: 'Environment file' })).toHaveValue(join(home, 'envs', 'staging.json'));
});
