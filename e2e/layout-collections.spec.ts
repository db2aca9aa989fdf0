/**
 * Layout and accessibility of the Collections view: none open; after a run with a failed comparison and
 * an environment file's variables shown in the run options; a run in both eras with a refused
 * environment file; browser mode's environment file picker; the playground's Save to collection
 * dialog, with assertions picked on the answer's tree; and the collections folder: its picker, a chosen
 * folder with a long path, and that folder gone (the check itself: `support/layout-check.ts`).
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { checkView, layoutSession, open } from './support/layout-check';
import { pickTool, result, run } from './support/playground';

const session = layoutSession();

test("Collections with a run's results and its options", async () => {
  const { page, app } = session;
  test.setTimeout(420_000);
  const folder = join(app.home, '.config', 'gateway-companion', 'collections');
  mkdirSync(folder, { recursive: true });
  const item = (name: string, assertions: object[]) => ({ name, tool: 'get_swap_domains', arguments: {}, assertions });
  writeFileSync(
    join(folder, 'layout-check.collection.json'),
    JSON.stringify({
      name: 'Swap domains, checked',
      description: 'The swap domains the gateway offers, with one assertion broken on purpose.',
      variables: { chain: '0x1' },
      items: [
        item('domains answer', [{ assert: 'success' }, { assert: 'type', pointer: '/structuredContent/domains', type: 'array' }]),
        item('first domain', [
          { assert: 'equals', pointer: '/structuredContent/domains/0', value: { id: 'not-this-one', chainId: '{{chain}}' } },
        ]),
      ],
    }),
  );
  // Long values and a long path, as a real environment file has.
  const envFolder = join(app.home, 'environments', 'a-folder-with-a-rather-long-name-for-staging-and-production');
  mkdirSync(envFolder, { recursive: true });
  const envFile = join(envFolder, 'staging.environment.json');
  writeFileSync(
    envFile,
    JSON.stringify({
      chain: '0x1',
      wallet: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
      quoteAmountInTheSmallestUnit: '1000000000000000000',
    }),
  );
  writeFileSync(join(envFolder, 'broken.json'), '{"chain": ');

  await open(page, 'Collections');
  await checkView(page, 'Collections (none open)');
  await page
    .getByRole('list', { name: 'Collections' })
    .getByRole('button', { name: /Swap domains, checked/ })
    .click();
  const envField = page.getByRole('textbox', { name: 'Environment file' });
  await envField.fill(envFile);
  await envField.press('Enter');
  await expect(page.getByText(/^Supplies chain \(over the collection’s\), wallet, quoteAmountInTheSmallestUnit\.$/)).toBeVisible();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^1 passed, 1 failed in / })).toBeVisible({ timeout: 120_000 });
  await checkView(page, 'Collections run results', 'collections');

  await page.getByLabel('Protocol era').selectOption('both');
  await page.getByRole('button', { name: 'Run again' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /^2025-11-25: 1 passed, 1 failed; 2026-07-28: 1 passed, 1 failed; the eras agree in / }),
  ).toBeVisible({ timeout: 120_000 });
  await envField.fill(join(envFolder, 'broken.json'));
  await envField.press('Enter');
  await expect(envField).toHaveAttribute('aria-invalid', 'true');
  await checkView(page, 'Collections, both eras, a refused environment file');

  await page.getByRole('button', { name: 'Choose an environment file' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose an environment file' });
  await expect(picker.getByRole('list', { name: `Folders and files in ${envFolder}` })).toBeVisible();
  await checkView(page, 'Environment file picker');
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
});

test('Save to collection dialog', async () => {
  const { page, app } = session;
  test.setTimeout(300_000);
  // An existing collection with a long name to choose from, beside "A new collection".
  const folder = join(app.home, '.config', 'gateway-companion', 'collections');
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'nightly.collection.json'),
    JSON.stringify({ name: 'Swap domains and the quotes they give, kept for the nightly check', items: [] }),
  );
  await open(page, 'Tool playground');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Tools' })).toBeVisible({ timeout: 60_000 });
  await pickTool(page, 'get_swap_domains');
  await run(page, 'get_swap_domains');
  await result(page).getByRole('button', { name: 'Save to collection…' }).click();
  const dialog = page.getByRole('dialog', { name: /Save get_swap_domains to a collection/ });
  await expect(dialog.getByRole('radio', { name: /Swap domains and the quotes they give/ })).toBeVisible();
  await checkView(page, 'Save to collection dialog');

  await dialog.getByText('Add assertions from the answer').click();
  await dialog.getByLabel('Add an assertion for /structuredContent/domains', { exact: true }).selectOption({ label: 'exists' });
  await dialog.getByLabel('Add an assertion for /structuredContent/domains/0/id', { exact: true }).selectOption({ label: 'equals this' });
  await expect(dialog.getByRole('list', { name: 'Assertions to add' }).getByRole('listitem')).toHaveCount(2);
  await checkView(page, 'Save to collection dialog with assertions picked on the answer');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('Collections folder: its picker, a chosen folder with a long path, and that folder gone', async () => {
  const { page, app } = session;
  test.setTimeout(300_000);
  const parts = ['projects', 'a-repository-with-a-rather-long-name', 'tests', 'gateway-collections'];
  const chosen = join(app.home, ...parts);
  mkdirSync(chosen, { recursive: true });
  writeFileSync(join(chosen, 'kept.collection.json'), JSON.stringify({ name: 'Kept in the repository', items: [] }));
  await open(page, 'Collections');
  const control = page.getByRole('group', { name: /^Folder/ });
  await control.getByRole('button', { name: 'Change folder…' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose the collections folder' });
  await expect(picker.getByRole('list', { name: `Folders in ${app.home}` })).toBeVisible();
  await checkView(page, 'Collections folder picker');
  for (const [i, name] of parts.entries()) {
    await picker.getByRole('button', { name, exact: true }).click();
    await expect(picker.getByRole('list', { name: `Folders in ${join(app.home, ...parts.slice(0, i + 1))}` })).toBeVisible();
  }
  await picker.getByRole('button', { name: 'Use this folder' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByRole('list', { name: 'Collections' }).getByRole('button', { name: /Kept in the repository/ })).toBeVisible();
  await expect(control.getByRole('button', { name: 'Use the default folder' })).toBeVisible();
  await checkView(page, 'Collections in a chosen folder');

  renameSync(join(app.home, 'projects'), join(app.home, 'projects-elsewhere'));
  await open(page, 'Overview');
  await open(page, 'Collections');
  await expect(control.getByRole('alert')).toContainText('is not there now');
  await checkView(page, 'Collections, the chosen folder gone');
  await control.getByRole('button', { name: 'Use the default folder' }).click();
  await expect(control.getByText('Folder (the default)')).toBeVisible();
});
