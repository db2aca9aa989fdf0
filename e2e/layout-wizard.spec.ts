/**
 * Layout and accessibility of the submission wizard on each step up to Review, and of the registry check
 * with its findings (the check itself: `support/layout-check.ts`).
 */
import { expect, test } from '@playwright/test';
import { checkView, layoutSession, open } from './support/layout-check';
import { freshValoperId, tempRegistry, type TempRegistry } from './support/registry-fixture';
import { chooseChain, chooseFolder, next } from './support/wizard-page';

const session = layoutSession();
let registry: TempRegistry;

test.beforeAll(() => {
  registry = tempRegistry();
});
test.afterAll(() => {
  registry?.remove();
});

test('Submit a validator: every step up to Review', async () => {
  const { page } = session;
  test.setTimeout(420_000);
  await open(page, 'Submit a validator');
  await checkView(page, 'Wizard: where to submit (through GitHub, the default)');
  await page.getByRole('radio', { name: /Use a copy of the registry on this computer/ }).check();
  await checkView(page, 'Wizard folder step (empty)');
  await chooseFolder(page, registry.root);
  await checkView(page, 'Wizard folder step');
  await next(page);
  await chooseChain(page, 'cosmos', 'Cosmos Hub');
  await checkView(page, 'Wizard chain step');
  await next(page);
  await page.getByLabel('Validator ID', { exact: true }).fill(freshValoperId());
  await checkView(page, 'Wizard id step');
  await next(page);
  await checkView(page, 'Wizard details step (untouched)');
  await page.getByLabel('Name', { exact: true }).fill('Example Validator');
  await page.getByLabel('Description', { exact: true }).fill('Independent validator with sentry nodes in two data centres.');
  await page.getByLabel('Website', { exact: true }).fill('https://example.com');
  await checkView(page, 'Wizard details step', 'wizard');
});

test('Check registry with findings', async () => {
  const { page } = session;
  test.setTimeout(300_000);
  await open(page, 'Check registry');
  await checkView(page, 'Check registry (empty)');
  await page.getByLabel('Registry folder', { exact: true }).fill(registry.root);
  await expect(page.getByText(/This is a validator registry/)).toBeVisible();
  await page.getByRole('button', { name: 'Start check' }).click();
  await expect(page.getByRole('heading', { name: 'Findings' })).toBeVisible({ timeout: 60_000 });
  await checkView(page, 'Check registry findings', 'registry-check');
});
