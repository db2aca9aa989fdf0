import { expect, test } from '@playwright/test';
import { startBrowserMode, type RunningApp } from './support/browser-mode';

let app: RunningApp;
test.beforeAll(async () => {
  app = await startBrowserMode();
});
test.afterAll(async () => {
  await app.stop();
});

test('the shell renders and a call through window.companion reaches main-process code', async ({ page }) => {
  await page.goto(app.launchUrl);
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
  await expect(page.getByText('Gateway Companion').first()).toBeVisible();
  // The token leaves the address bar once read.
  expect(page.url()).not.toContain('token=');
  await expect(page.getByRole('status', { name: 'Status' })).toContainText('Services ready');
  await expect(page.getByRole('status', { name: 'Status' })).toContainText('Browser mode');

  await page.getByRole('button', { name: 'Check services' }).click();
  await expect(page.getByText(/Main-process services answered "hello from the interface"/)).toBeVisible();

  await page.getByRole('button', { name: 'About' }).click();
  await expect(page.getByRole('heading', { name: 'About Gateway Companion' })).toBeVisible();
  await expect(page.getByText('Node.js')).toBeVisible();
  await expect(page.getByText('MCP SDK')).toBeVisible();
});

test('the page survives a reload without the token in the URL', async ({ page }) => {
  await page.goto(app.launchUrl);
  await expect(page.getByRole('status', { name: 'Status' })).toContainText('Services ready');
  await page.reload();
  await expect(page.getByRole('status', { name: 'Status' })).toContainText('Services ready');
});

test('without the launch token the page explains what to do, and the API refuses', async ({ page, request }) => {
  await page.goto(app.origin + '/');
  await expect(page.getByText(/needs the link printed by Gateway Companion/)).toBeVisible();
  const res = await request.post(`${app.origin}/api/invoke`, { data: { channel: 'app:info', args: [] } });
  expect(res.status()).toBe(401);
});

test('a cross-origin call is refused even with the token', async ({ request }) => {
  const res = await request.post(`${app.origin}/api/invoke`, {
    data: { channel: 'app:info', args: [] },
    headers: { Authorization: `Bearer ${app.token}`, Origin: 'http://evil.example' },
  });
  expect(res.status()).toBe(403);
});

for (const theme of ['light', 'dark'] as const) {
  test(`screenshot of the shell in the ${theme} theme`, async ({ browser }, testInfo) => {
    const context = await browser.newContext({ colorScheme: theme });
    const page = await context.newPage();
    await page.goto(app.launchUrl);
    await expect(page.getByRole('status', { name: 'Status' })).toContainText('Services ready');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.screenshot({ path: testInfo.outputPath(`shell-${theme}.png`) });
    await page.screenshot({ path: `test-results/screenshots/shell-${theme}.png` });
    await context.close();
  });
}
