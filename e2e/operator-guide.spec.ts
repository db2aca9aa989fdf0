/**
 * The operator's guide's pictures (docs/operator-guide.md, "The wizard, step by step"): the wizard walked
 * once on the local-folder path against a temp clone of the registry, one 1280×800 screenshot per step
 * in docs/screenshots/operator-step-<n>-<name>.png, each taken once the step shows what the guide says.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startBrowserMode, type RunningApp } from './support/browser-mode';
import { freshValoperId, tempRegistry, testJpeg, type TempRegistry } from './support/registry-fixture';
import { chooseChain, chooseFolder, next, nextButton, openWizard } from './support/wizard-page';

const SHOTS = 'docs/screenshots';

let app: RunningApp;
let registry: TempRegistry;

test.beforeEach(async () => {
  app = await startBrowserMode();
  registry = tempRegistry({ git: true });
  registry.git('remote', 'add', 'origin', 'https://github.com/trustwallet/assets.git');
});
test.afterEach(async () => {
  await app.stop();
  registry.remove();
});

async function stepShot(page: Page, n: number, name: string): Promise<void> {
  await expect(page.getByRole('form', { name: new RegExp(`^Step ${n} of 7`) })).toBeVisible();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: `${SHOTS}/operator-step-${n}-${name}.png`, animations: 'disabled', caret: 'hide' });
}

test('walks the wizard once and pictures each step for the operator’s guide', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  const id = freshValoperId();
  await openWizard(page, app.launchUrl);

  await chooseFolder(page, registry.root);
  await stepShot(page, 1, 'folder');
  await next(page);

  await chooseChain(page, 'cosmos', 'Cosmos Hub');
  await stepShot(page, 2, 'chain');
  await next(page);

  await page.getByLabel('Validator ID', { exact: true }).fill(id);
  await expect(page.getByText('A valid Cosmos Hub validator id: its bech32 checksum matches.')).toBeVisible();
  await stepShot(page, 3, 'id');
  await next(page);

  await page.getByLabel('Name', { exact: true }).fill('Aurora Staking');
  await page.getByLabel('Description', { exact: true }).fill('Independent validator in Lisbon with sentry nodes in two data centres.');
  await page.getByLabel('Website', { exact: true }).fill('https://aurora-staking.example');
  await expect(nextButton(page)).toBeEnabled();
  await stepShot(page, 4, 'details');
  await next(page);

  await page
    .getByLabel('Logo', { exact: true })
    .setInputFiles({ name: 'aurora.jpg', mimeType: 'image/jpeg', buffer: await testJpeg(1200, 800) });
  await page.getByRole('button', { name: 'Fix logo' }).click();
  await expect(page.getByRole('list', { name: 'Checklist of the fixed logo' }).locator('[data-status="pass"]')).toHaveCount(5);
  await expect(page.locator('.image-frame.fixed')).toHaveAttribute('data-busy', 'false');
  await stepShot(page, 5, 'logo');
  await next(page);

  await expect(page.locator('.review-summary')).toHaveText('Adds Aurora Staking to Cosmos Hub');
  await stepShot(page, 6, 'review');
  await next(page);

  await page.getByRole('button', { name: 'Write files' }).click();
  await expect(page.getByRole('heading', { name: 'Files written' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Push and open pull request' })).toBeVisible();
  await stepShot(page, 7, 'write');
});
