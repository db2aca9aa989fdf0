/**
 * Keyboard and address bar: the skip link is the first stop of Tab and lands in the content; the
 * address holds the view (reload and Back/Forward keep it, the wizard's step included); focusing the
 * networks chips never scrolls the page.
 */
import { expect, test } from '@playwright/test';
import { startBrowserMode, type RunningApp } from './support/browser-mode';
import { pickTool } from './support/playground';
import { tempRegistry, type TempRegistry } from './support/registry-fixture';
import { chooseChain, chooseFolder, next, openWizard } from './support/wizard-page';

let app: RunningApp;
let registry: TempRegistry;
test.beforeAll(async () => {
  app = await startBrowserMode();
  registry = tempRegistry();
});
test.afterAll(async () => {
  await app?.stop();
  registry?.remove();
});

const heading = (page: import('@playwright/test').Page) => page.locator('.topbar h1');

test('the skip link comes first and moves focus to the content', async ({ page }) => {
  await page.goto(app.launchUrl);
  await expect(heading(page)).toHaveText('Overview');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#content')).toBeFocused();
  // The next Tab stop is inside the content, not the sidebar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.getElementById('content')!.contains(document.activeElement))).toBe(true);
  // The skip link does not change the view in the address bar.
  expect(new URL(page.url()).hash).not.toContain('content');
});

test('the address bar holds the view: reload, Back and Forward keep it', async ({ page }) => {
  await page.goto(app.launchUrl);
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await nav.getByRole('button', { name: 'Check registry' }).click();
  await expect(page).toHaveURL(/#\/registry-check$/);
  await nav.getByRole('button', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/#\/settings$/);
  await page.reload();
  await expect(heading(page)).toHaveText('Settings');
  await page.goBack();
  await expect(heading(page)).toHaveText('Check registry');
  await page.goForward();
  await expect(heading(page)).toHaveText('Settings');
  // An address typed by hand opens its view.
  await page.goto(`${app.origin}/#/about`);
  await expect(heading(page)).toHaveText('About');
});

test("the wizard's step is in the address: reload and Back keep it", async ({ page }) => {
  await openWizard(page, app.launchUrl);
  await expect(page).toHaveURL(/#\/validators\/folder$/);
  await chooseFolder(page, registry.root);
  await next(page);
  await expect(page).toHaveURL(/#\/validators\/chain$/);
  await chooseChain(page, 'cosmos', 'Cosmos Hub');
  await next(page);
  await expect(page).toHaveURL(/#\/validators\/id$/);
  await page.reload();
  await expect(page.locator('#step-title')).toHaveText('Validator ID');
  await page.goBack();
  await expect(page.locator('#step-title')).toHaveText('Chain');
  await page.goForward();
  await expect(page.locator('#step-title')).toHaveText('Validator ID');
  // A step that cannot be reached yet is not opened by its address: the wizard stays where it can be.
  await page.goto(`${app.origin}/#/validators/review`);
  await expect(page.locator('#step-title')).toHaveText('Validator ID');
  await expect(page).toHaveURL(/#\/validators\/id$/);
});

test('tabbing through the networks chips never moves the page', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(app.launchUrl);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Tool playground' }).click();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Tools' })).toBeVisible({ timeout: 30_000 });
  await pickTool(page, 'get_trending_tokens');
  const chips = page.getByRole('group', { name: /networks: chains/ });
  await chips.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await chips.getByRole('checkbox').first().focus();
  const scroll = () => page.evaluate(() => [window.scrollX, window.scrollY, document.getElementById('content')!.scrollTop]);
  const before = await scroll();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await scroll()).toEqual(before);
  }
  // Focus is visible on the chip that has it.
  const outline = await chips.locator('label:focus-within').evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).toBe('solid');
});
