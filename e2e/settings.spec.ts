import { expect, test } from '@playwright/test';
import { startBrowserMode, type RunningApp } from './support/browser-mode';

let app: RunningApp;
test.beforeAll(async () => {
  // Unique profile names keep this run's keychain items apart from any other run.
  app = await startBrowserMode({ env: { GATEWAY_COMPANION_EMBEDDED_PORT: String(48000 + Math.floor(Math.random() * 1000)) } });
});
test.afterAll(async () => {
  await app.stop();
});

test('Settings manages profiles and keychain credentials without ever showing the secret', async ({ page }, testInfo) => {
  const profile = `settings-${Date.now().toString(36)}`;
  const secret = `s3cret-${Math.random().toString(36).slice(2)}`;
  await page.goto(app.launchUrl);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Profiles & credentials' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Profiles' })).toContainText('default');
  // Settings is a page, not a panel: nothing to close.
  await expect(page.getByRole('button', { name: 'Close' })).toHaveCount(0);

  await page.getByRole('button', { name: '+ New profile' }).click();
  await page.getByLabel('Name').fill(profile);
  await page.getByLabel('Gateway URL').fill('https://gateway.example.com/mcp');
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(page.getByRole('list', { name: 'Profiles' })).toContainText(profile);

  const credentials = page.getByRole('form', { name: `Credentials of ${profile}` });
  await credentials.getByLabel('Access id').fill('settings-access-id');
  await credentials.getByLabel('Secret key').fill(secret);
  await credentials.getByRole('button', { name: 'Save to keychain' }).click();
  await expect(credentials.getByText('Stored in the OS keychain')).toBeVisible();
  await expect(credentials.getByLabel('Secret key')).toHaveValue('');
  expect(await page.content()).not.toContain(secret);
  await page.screenshot({ path: testInfo.outputPath('settings.png') });
  await page.screenshot({ path: 'test-results/screenshots/settings.png', fullPage: true });

  await credentials.getByRole('button', { name: 'Remove credentials' }).click();
  await expect(credentials.getByText('None stored')).toBeVisible();
  await page.getByRole('button', { name: `Remove profile “${profile}”` }).click();
  await expect(page.getByRole('list', { name: 'Profiles' })).not.toContainText(profile);
});
