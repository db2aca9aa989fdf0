/**
 * The wizard's Details step as a new operator meets it: no error before they have typed; a field's error
 * once they leave it or change it; every error when they press Next, with the cursor on the first field
 * to fix. Browser mode, against a temp copy of the real registry corpus.
 */
import { expect, test } from '@playwright/test';
import { startBrowserMode, type RunningApp } from './support/browser-mode';
import { freshValoperId, tempRegistry, type TempRegistry } from './support/registry-fixture';
import { next, nextButton, openWizard, startAt } from './support/wizard-page';

let app: RunningApp;
let registry: TempRegistry;
test.beforeEach(async () => {
  app = await startBrowserMode();
  registry = tempRegistry();
});
test.afterEach(async () => {
  await app.stop();
  registry.remove();
});

test('Details shows a field’s errors once it was touched, and all of them on Next with the cursor on the first', async ({ page }) => {
  await openWizard(page, app.launchUrl);
  await startAt(page, registry.root, 'cosmos', 'Cosmos Hub');
  await page.getByLabel('Validator ID', { exact: true }).fill(freshValoperId());
  await next(page);
  await expect(page.locator('#step-title')).toHaveText('Details');

  // The live check has answered (Next waits for it), yet nothing is flagged before the user has typed.
  await expect(nextButton(page)).toBeEnabled();
  const errors = page.locator('.field-message.error');
  await expect(errors).toHaveCount(0);
  await expect(page.locator('form.wizard-step [aria-invalid="true"]')).toHaveCount(0);
  await expect(page.locator('#nav-reason')).toHaveText('');

  // Leaving the name empty: its error, and no other.
  await page.getByLabel('Name', { exact: true }).focus();
  await page.getByLabel('Name', { exact: true }).blur();
  await expect(page.locator('#validator-name-message')).toHaveClass(/error/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(errors).toHaveCount(1);
  await expect(nextButton(page)).toBeDisabled();
  await expect(page.locator('#nav-reason')).toContainText('Name');

  // Typing fixes it; the errors of the fields not yet touched still wait.
  await page.getByLabel('Name', { exact: true }).fill('Aurora Staking');
  await expect(errors).toHaveCount(0);
  await expect(nextButton(page)).toBeEnabled();

  // Next with errors left: all of them show, the cursor goes to the first, and the step stays.
  await nextButton(page).click();
  await expect(page.locator('#step-title')).toHaveText('Details');
  await expect(page.getByLabel('Description', { exact: true })).toBeFocused();
  await expect(page.locator('#validator-description-message')).toHaveClass(/error/);
  await expect(page.locator('#validator-website-message')).toHaveClass(/error/);
  await expect(nextButton(page)).toBeDisabled();

  await page.getByLabel('Description', { exact: true }).fill('Independent validator in Lisbon with sentry nodes in two data centres.');
  await page.getByLabel('Website', { exact: true }).fill('https://aurora-staking.example');
  await expect(errors).toHaveCount(0);
  await next(page);
  await expect(page.locator('#step-title')).toHaveText('Logo');
});
