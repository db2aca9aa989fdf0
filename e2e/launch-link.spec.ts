// Browser mode's link opens the app once: the address a browser keeps in its History, Sessions and Favicons
// opens nothing afterwards, nor after the link lifetime (60 s, shortened here instead of waited for).
import { expect, test } from '@playwright/test';
import { sessionFrom, startBrowserMode, type RunningApp } from './support/browser-mode';

const USED = 'This link no longer opens Gateway Companion';

test.describe('a used link', () => {
  let app: RunningApp;
  test.beforeAll(async () => {
    app = await startBrowserMode();
  });
  test.afterAll(async () => {
    await app.stop();
  });

  test('opens the app once; the history URL then shows how to get a new link and opens nothing', async ({ browser }) => {
    const link = await app.freshLink();
    const first = await browser.newContext();
    const page = await first.newPage();
    await page.goto(link);
    await expect(page.getByRole('status', { name: 'Status' })).toContainText('Services ready');
    // The address bar no longer shows the link, and a reload keeps the session without it.
    expect(page.url()).toBe(`${app.origin}/`);
    await page.reload();
    await expect(page.getByRole('status', { name: 'Status' })).toContainText('Services ready');

    // The address the browser recorded, opened again (in this browser or another one): a plain page.
    for (const context of [first, await browser.newContext()]) {
      const again = await context.newPage();
      const res = await again.goto(link);
      expect(res?.status()).toBe(410);
      await expect(again.getByRole('heading', { name: USED })).toBeVisible();
      await expect(again.getByText(/press Enter in the terminal where Gateway Companion runs/)).toBeVisible();
      await expect(again.getByRole('navigation', { name: 'Sections' })).toHaveCount(0);
    }
    // Nor does it sign anybody in behind the page's back.
    expect(await sessionFrom(link)).toBeUndefined();
    await first.close();
  });
});

test('a link older than its lifetime opens nothing', async ({ page }) => {
  const app = await startBrowserMode({ env: { GATEWAY_COMPANION_WEB_LINK_LIFETIME_MS: '0' } });
  try {
    // A link nobody has opened yet.
    const res = await page.goto(await app.freshLink());
    expect(res?.status()).toBe(410);
    await expect(page.getByRole('heading', { name: USED })).toBeVisible();
    await page.goto(`${app.origin}/`);
    await expect(page.getByText(/needs the link printed by Gateway Companion/)).toBeVisible();
  } finally {
    await app.stop();
  }
});
