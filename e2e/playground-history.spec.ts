/**
 * A long call history: the newest 100 calls are listed, and "Show earlier calls" adds the rest a page at
 * a time (with all 500 the history keeps on the page, the browser's layout of the table held the page).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startBrowserMode, type RunningApp } from './support/browser-mode';
import { seedHistory, seededAsset } from './support/history-seed';
import { freePort } from './support/playground';

let home: string;
let app: RunningApp;
test.beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'companion-history-e2e-'));
  seedHistory(home, 250);
  app = await startBrowserMode({ home, env: { GATEWAY_COMPANION_EMBEDDED_PORT: String(await freePort()) } });
});
test.afterAll(async () => {
  await app?.stop();
  rmSync(home, { recursive: true, force: true });
});

test('a long history lists the newest 100 calls and shows earlier ones on request', async ({ page }) => {
  await page.goto(app.launchUrl);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Tool playground' }).click();
  const rows = page.getByRole('table', { name: 'Call history' }).locator('tbody tr');
  await expect(page.getByText('250 of at most 500 calls')).toBeVisible();
  await expect(rows).toHaveCount(100);
  await expect(rows.first()).toContainText(seededAsset(249));
  await expect(rows.last()).toContainText(seededAsset(150));

  await page.getByRole('button', { name: 'Show earlier calls (100 of 150 more)' }).click();
  await expect(rows).toHaveCount(200);
  await expect(rows.last()).toContainText(seededAsset(50));
  await page.getByRole('button', { name: 'Show earlier calls (50 of 50 more)' }).click();
  await expect(rows).toHaveCount(250);
  await expect(rows.last()).toContainText(seededAsset(0));
  await expect(page.getByRole('button', { name: /Show earlier calls/ })).toHaveCount(0);
});
