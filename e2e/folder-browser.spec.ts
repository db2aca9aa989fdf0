/**
 * Browser mode's folder picker: it starts at home, is walked with the keyboard alone, and choosing a
 * registry fills "Registry folder". The listing goes through the same token- and Origin-checked API.
 */
import { dirname } from 'node:path';
import { expect, test } from '@playwright/test';
import { startBrowserMode, type RunningApp } from './support/browser-mode';
import { tempRegistry, type TempRegistry } from './support/registry-fixture';
import { openWizard } from './support/wizard-page';

let app: RunningApp;
let registry: TempRegistry;
test.beforeAll(async () => {
  registry = tempRegistry();
  // The registry's parent is the user's home: the picker starts there.
  app = await startBrowserMode({ home: dirname(registry.root) });
});
test.afterAll(async () => {
  await app?.stop();
  registry?.remove();
});

test('walks from home to the registry with the keyboard and uses it', async ({ page }) => {
  await openWizard(page, app.launchUrl);
  await page.getByRole('button', { name: 'Browse…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose your registry folder' });
  await expect(dialog).toBeVisible();
  const folders = dialog.getByRole('list', { name: `Folders in ${dirname(registry.root)}` });
  // Folders only, no hidden ones (.config holds the app's own settings here).
  await expect(folders.getByRole('button')).toHaveText(['📁 assets']);
  await expect(folders.getByRole('button', { name: 'assets' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('This folder is a validator registry.')).toBeVisible();
  await expect(dialog.getByRole('list', { name: `Folders in ${registry.root}` }).getByRole('button')).toHaveText(['📁 blockchains']);
  // ← goes up again, Enter comes back.
  await page.keyboard.press('ArrowLeft');
  await expect(folders.getByRole('button', { name: 'assets' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('This folder is a validator registry.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Use this folder' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Registry folder', { exact: true })).toHaveValue(registry.root);
  await expect(page.getByText(/This is a validator registry: 52 chains/)).toBeVisible();
});

test('Esc closes the picker and leaves the folder as it was', async ({ page }) => {
  await openWizard(page, app.launchUrl);
  const before = await page.getByLabel('Registry folder', { exact: true }).inputValue();
  await page.getByRole('button', { name: 'Browse…' }).click();
  await expect(page.getByRole('dialog', { name: 'Choose your registry folder' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Up one folder' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByLabel('Registry folder', { exact: true })).toHaveValue(before);
});

test('the listing needs the launch token and the app origin', async ({ request }) => {
  const data = { channel: 'registry:listFolders', args: [null] };
  expect((await request.post(`${app.origin}/api/invoke`, { data })).status()).toBe(401);
  const foreign = await request.post(`${app.origin}/api/invoke`, {
    data,
    headers: { Authorization: `Bearer ${app.token}`, Origin: 'http://evil.example' },
  });
  expect(foreign.status()).toBe(403);
  const own = await request.post(`${app.origin}/api/invoke`, {
    data,
    headers: { Authorization: `Bearer ${app.token}`, Origin: app.origin },
  });
  expect(own.status()).toBe(200);
  expect(((await own.json()) as { value: { folders: { name: string }[] } }).value.folders.map((f) => f.name)).toEqual(['assets']);
});
