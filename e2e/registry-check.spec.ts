/**
 * "Check registry": a whole-registry scan of a temp copy of the real corpus with a progress bar, a
 * findings table filtered by chain and severity, and a finding that opens the wizard on its entry.
 */
import { expect, test } from '@playwright/test';
import { startBrowserMode, type RunningApp } from './support/browser-mode';
import { tempRegistry, type TempRegistry } from './support/registry-fixture';
import { shot } from './support/wizard-page';

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

test('scans every chain with a progress bar, filters findings, and opens one in the wizard', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(app.launchUrl);
  await page.getByRole('button', { name: 'Check registry' }).click();
  await page.getByLabel('Registry folder', { exact: true }).fill(registry.root);
  await expect(page.getByText(/This is a validator registry: 52 chains/)).toBeVisible();

  // Record the progress bar as it appears and moves; the scan may finish before a screenshot could catch it.
  await page.evaluate(() => {
    const seen: { value: number; max: number }[] = [];
    (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLProgressElement>('progress#scan-progress');
      if (bar) seen.push({ value: bar.value, max: bar.max });
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.getByRole('button', { name: 'Start check' }).click();
  await expect(page.getByRole('heading', { name: 'Findings' })).toBeVisible({ timeout: 60_000 });
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: { value: number; max: number }[] }).progressSeen);
  expect(seen.length).toBeGreaterThan(0);
  // The bar counted lists and logos: 52 lists plus the corpus's logos.
  expect(Math.max(...seen.map((s) => s.max))).toBeGreaterThan(52);
  await expect(page.getByText(/52 chains · 600 entries · \d+ logos checked/)).toBeVisible();
  const toResults = () => page.locator('#results-title').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await toResults();
  await shot(page, 'check-1-results', { full: false });

  // Filter: Umee's errors are the bandvaloper id in its list.
  await page.getByLabel('Chain', { exact: true }).selectOption('umee');
  await page.getByLabel('Severity', { exact: true }).selectOption('error');
  const rows = page.locator('table.findings-table tbody tr');
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) {
    await expect(row.locator('td').nth(0)).toHaveText('Must fix');
    await expect(row.locator('td').nth(1)).toHaveText('Umee');
  }
  const bandId = page.getByRole('button', { name: /bandvaloper1.* is not a valid Umee validator id/ });
  await expect(bandId).toBeVisible();
  await toResults();
  await shot(page, 'check-2-filtered', { full: false });

  // Warnings of one chain only.
  await page.getByLabel('Chain', { exact: true }).selectOption('solana');
  await page.getByLabel('Severity', { exact: true }).selectOption('all');
  await expect(page.getByRole('button', { name: /hhttps/ }).first()).toBeVisible();

  // A finding about an entry opens the wizard on that entry, in update mode.
  const entry = registry.entries('solana').find((e) => (e as { website?: string }).website?.startsWith('hhttps'))!;
  await page
    .getByRole('button', { name: /hhttps/ })
    .first()
    .click();
  await expect(page.getByRole('navigation', { name: 'Submission steps' })).toBeVisible();
  await expect(page.locator('#step-title')).toHaveText('Details');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(entry.name);
  await expect(page.locator('#validator-website-message')).toContainText('Did you mean "https://"?');
  await page.getByLabel('Website', { exact: true }).fill((entry as unknown as { website: string }).website.replace('hhttps', 'https'));
  await expect(page.locator('#validator-website-message')).toBeEmpty();
  await shot(page, 'check-3-opened-in-wizard');
});
