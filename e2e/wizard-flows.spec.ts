/**
 * The wizard's other paths: bad ids, a validator that is already listed (update, disable), a damaged
 * list.json, undo, and a draft that survives a reload and a restart. Each test runs browser mode with
 * its own HOME against its own temp copy of the real registry corpus.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startBrowserMode, type RunningApp } from './support/browser-mode';
import { checksumTypo, compliantPng, freshValoperId, tempRegistry, testJpeg, type TempRegistry } from './support/registry-fixture';
import { chooseFolder, next, nextButton, openWizard, shot, startAt } from './support/wizard-page';

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

test('a folder that is not a registry is explained, with the folder to use instead', async ({ page }) => {
  await openWizard(page, app.launchUrl);
  const folder = page.getByLabel('Registry folder', { exact: true });
  await folder.fill(join(registry.root, 'blockchains', 'cosmos'));
  const alert = page.getByRole('alert').filter({ hasText: 'is not a validator registry' });
  await expect(alert).toContainText('Choose the folder of your copy (clone) of the assets repository');
  await expect(folder).toHaveAttribute('aria-invalid', 'true');
  await expect(nextButton(page)).toBeDisabled();
  await shot(page, 'wizard-1-folder-not-registry');
  await alert.getByRole('button', { name: `Use ${registry.root}` }).click();
  await expect(folder).toHaveValue(registry.root);
  await expect(page.getByText(/This is a validator registry/)).toBeVisible();
  await folder.fill(join(registry.root, 'no-such-folder'));
  await expect(page.locator('#registry-folder-status')).toContainText('does not exist');
  // The folder that worked is offered again.
  await page.getByRole('button', { name: registry.root, exact: true }).click();
  await expect(folder).toHaveValue(registry.root);
  await expect(nextButton(page)).toBeEnabled();
});

test('a checksum typo in the id shows the identifier module’s message and blocks Next', async ({ page }) => {
  await openWizard(page, app.launchUrl);
  await startAt(page, registry.root, 'cosmos', 'Cosmos Hub');
  const id = page.getByLabel('Validator ID', { exact: true });
  await id.fill(checksumTypo(freshValoperId()));
  await expect(page.locator('#validator-id-message')).toHaveText('Checksum does not match — check for a typo.');
  await expect(id).toHaveAttribute('aria-invalid', 'true');
  await expect(nextButton(page)).toBeDisabled();
  await shot(page, 'wizard-3-id-typo');
  // Enter does not move on either.
  await id.press('Enter');
  await expect(page.locator('#step-title')).toHaveText('Validator ID');
  // An address from another chain is named as such.
  await id.fill('bandvaloper1qgvcttnjx3enjqg9pnhclt6d4z7qdknavg4q9c');
  await expect(page.locator('#validator-id-message')).toContainText(
    'This is a bandvaloper address (Band Protocol); Cosmos Hub validator ids start with cosmosvaloper1',
  );
  await id.fill(freshValoperId());
  await expect(nextButton(page)).toBeEnabled();
});

test('a duplicate id offers to update the existing entry, and the update changes only that entry', async ({ page }) => {
  const before = registry.entries('kava');
  const target = before[1]!;
  await openWizard(page, app.launchUrl);
  await startAt(page, registry.root, 'kava', 'Kava');
  await page.getByLabel('Validator ID', { exact: true }).fill(target.id);
  await expect(page.getByText('This validator is already listed', { exact: true })).toBeVisible();
  await expect(nextButton(page)).toBeDisabled();
  await shot(page, 'wizard-3-id-duplicate');
  await page.getByRole('button', { name: 'Update this entry' }).click();
  await expect(page.getByText('You are changing an entry')).toBeVisible();
  await next(page);

  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(target.name);
  await page.getByLabel('Description', { exact: true }).fill('Updated description written by the wizard test.');
  await next(page);
  await expect(page.getByRole('heading', { name: 'Current logo' })).toBeVisible();
  await next(page);
  await expect(page.getByText(new RegExp(`^Updates ${escape(target.name)} on `))).toBeVisible();
  await page.getByText('Show the file change').click();
  await expect(page.getByRole('region', { name: 'Changes to list.json' })).toContainText('+1 added');
  await expect(page.getByRole('region', { name: 'Changes to list.json' })).toContainText('−1 removed');
  await shot(page, 'wizard-6-review-update');
  await next(page);
  await page.getByRole('button', { name: 'Write files' }).click();
  await expect(page.getByRole('heading', { name: 'Files written' })).toBeVisible();

  const after = registry.entries('kava');
  expect(after).toHaveLength(before.length);
  expect(after[1]).toEqual({ ...target, description: 'Updated description written by the wizard test.' });
  expect(after.filter((_, i) => i !== 1)).toEqual(before.filter((_, i) => i !== 1));
  await expect(page.getByLabel('Commit title')).toHaveCount(0); // not a git checkout: no commit offered
  await expect(page.locator('.next-steps')).toContainText(`Update ${target.name} validator on Kava`);
});

test('disabling a validator sets status.disabled with the note', async ({ page }) => {
  const before = registry.entries('tezos');
  const index = before.findIndex((e) => !e.status?.disabled);
  const target = before[index]!;
  await openWizard(page, app.launchUrl);
  await startAt(page, registry.root, 'tz1', 'Tezos');
  await page.getByLabel('Validator ID', { exact: true }).fill(target.id);
  await page.getByRole('button', { name: 'Update this entry' }).click();
  await next(page);
  await page.getByLabel('Disable this validator').check();
  // The note is required now; its error waits for the user: Next shows it and puts the cursor there.
  await expect(page.getByLabel('Reason for disabling')).not.toHaveAttribute('aria-invalid', 'true');
  await nextButton(page).click();
  await expect(page.getByLabel('Reason for disabling')).toBeFocused();
  await expect(page.locator('#disable-note-message')).toContainText('Say briefly why the validator is disabled');
  await expect(nextButton(page)).toBeDisabled();
  await page.getByLabel('Reason for disabling').fill('Baker shut down in 2025');
  await shot(page, 'wizard-4-disable');
  await next(page);
  await next(page);
  await expect(page.getByText(new RegExp(`^Marks ${escape(target.name)} on .* as disabled$`))).toBeVisible();
  await expect(page.locator('.code-block')).toContainText('"disabled": true');
  await next(page);
  await page.getByRole('button', { name: 'Write files' }).click();
  await expect(page.getByRole('heading', { name: 'Files written' })).toBeVisible();
  const after = registry.entries('tezos');
  expect(after[index]).toEqual({ ...target, status: { disabled: true, note: 'Baker shut down in 2025' } });
  expect(after.filter((_, i) => i !== index)).toEqual(before.filter((_, i) => i !== index));
});

test('a corrupt list.json is refused with a clear message and stays unchanged', async ({ page }) => {
  const listFile = join(registry.root, 'blockchains/cosmos/validators/list.json');
  // Cut at a line end (valid UTF-8) and leave a half-typed entry: a JSON syntax error with a position.
  const broken = Buffer.from(`${registry.list('cosmos').toString('utf8').split('\n').slice(0, 12).join('\n')}\n    {"id": oops\n`);
  writeFileSync(listFile, broken);
  await openWizard(page, app.launchUrl);
  await chooseFolder(page, registry.root);
  await expect(page.getByText(/has a damaged list \(Cosmos Hub\)/)).toBeVisible();
  await next(page);
  await page.getByRole('combobox', { name: 'Chain' }).fill('cosmos');
  await expect(page.getByRole('option', { name: /^Cosmos Hub/ })).toContainText('List damaged');
  await page.getByRole('option', { name: /^Cosmos Hub/ }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'is damaged, so the wizard will not change it' });
  await expect(alert).toContainText(/line \d+, column \d+/);
  await expect(alert).toContainText('git checkout -- blockchains/cosmos/validators/list.json');
  await expect(nextButton(page)).toBeDisabled();
  await shot(page, 'wizard-2-chain-damaged');
  expect(registry.list('cosmos').equals(broken)).toBe(true);
});

test('a list that changes on disk after review is not written over', async ({ page }) => {
  await openWizard(page, app.launchUrl);
  await startAt(page, registry.root, 'kava', 'Kava');
  const target = registry.entries('kava')[0]!;
  await page.getByLabel('Validator ID', { exact: true }).fill(target.id);
  await page.getByRole('button', { name: 'Update this entry' }).click();
  await next(page);
  await page.getByLabel('Name', { exact: true }).fill(`${target.name} (new)`);
  await next(page);
  await next(page);
  await next(page);
  await expect(page.getByRole('button', { name: 'Write files' })).toBeEnabled();
  const damaged = Buffer.from('[ { "id": "half-saved by another editor"');
  writeFileSync(join(registry.root, 'blockchains/kava/validators/list.json'), damaged);
  await page.getByRole('button', { name: 'Write files' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Nothing was written.' })).toContainText(
    'changed on disk after this change was prepared',
  );
  await shot(page, 'wizard-7-refused');
  expect(registry.list('kava').equals(damaged)).toBe(true);
});

test('Undo restores the previous bytes of every file', async ({ page }) => {
  const listBefore = registry.list('osmosis');
  const id = freshValoperId('osmovaloper');
  await openWizard(page, app.launchUrl);
  await startAt(page, registry.root, 'osmo', 'Osmosis');
  await page.getByLabel('Validator ID', { exact: true }).fill(id);
  await next(page);
  await page.getByLabel('Name', { exact: true }).fill('Undo Test');
  await page.getByLabel('Description', { exact: true }).fill('A validator written and then undone.');
  await page.getByLabel('Website', { exact: true }).fill('https://undo.example');
  await next(page);
  // Dragged and dropped this time, as from a file manager.
  const dropped = await page.evaluateHandle(
    (base64) => {
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'logo.png', { type: 'image/png' }));
      return data;
    },
    (await compliantPng()).toString('base64'),
  );
  await page.locator('.drop-zone').dispatchEvent('dragover', { dataTransfer: dropped });
  await page.locator('.drop-zone').dispatchEvent('drop', { dataTransfer: dropped });
  await expect(page.getByText('This image meets every rule and will be saved as it is.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Logo checklist' }).locator('[data-status="pass"]')).toHaveCount(5);
  await next(page);
  await next(page);
  await page.getByRole('button', { name: 'Write files' }).click();
  await expect(page.getByRole('heading', { name: 'Files written' })).toBeVisible();
  const logo = join(registry.root, `blockchains/osmosis/validators/assets/${id}/logo.png`);
  expect(existsSync(logo)).toBe(true);
  expect(registry.list('osmosis').equals(listBefore)).toBe(false);

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Every file was restored to its previous content')).toBeVisible();
  await shot(page, 'wizard-7-undone');
  expect(registry.list('osmosis').equals(listBefore)).toBe(true);
  expect(existsSync(logo)).toBe(false);
  expect(existsSync(join(registry.root, `blockchains/osmosis/validators/assets/${id}`))).toBe(false);
  // Back to Review, everything as it was: the same submission can be written again.
  await page.getByRole('button', { name: 'Back to review' }).click();
  await expect(page.locator('.code-block')).toContainText(id);
});

test('a half-finished submission survives a reload and an app restart, logo included', async ({ page }) => {
  // A whole journey plus a reload and a server restart: more than one test's default budget on a busy machine.
  test.setTimeout(180_000);
  const id = freshValoperId();
  await openWizard(page, app.launchUrl);
  await startAt(page, registry.root, 'cosmos', 'Cosmos Hub');
  await page.getByLabel('Validator ID', { exact: true }).fill(id);
  await next(page);
  await page.getByLabel('Name', { exact: true }).fill('Draft Keeper');
  await page.getByLabel('Description', { exact: true }).fill('Typed before closing the app.');
  await page.getByLabel('Website', { exact: true }).fill('https://draft.example');
  await next(page);
  await page
    .getByLabel('Logo', { exact: true })
    .setInputFiles({ name: 'draft.jpg', mimeType: 'image/jpeg', buffer: await testJpeg(900, 600) });
  await page.getByRole('button', { name: 'Fix logo' }).click();
  await page.getByLabel('Vertical position').focus();
  await expect(page.getByRole('list', { name: 'Checklist of the fixed logo' }).locator('[data-status="pass"]')).toHaveCount(5);
  await page.getByLabel('Crop size').focus();
  await page.keyboard.press('Home');
  await expect(page.locator('.image-frame.fixed')).toHaveAttribute('data-busy', 'false');
  const cropSize = await page.locator('output[for="crop-size"]').textContent();

  const expectRestored = async () => {
    await expect(page.locator('#step-title')).toHaveText('Logo');
    await expect(page.getByRole('list', { name: 'Checklist of the fixed logo' }).locator('[data-status="pass"]')).toHaveCount(5);
    await expect(page.locator('output[for="crop-size"]')).toHaveText(cropSize!);
    await expect(page.getByText('draft.jpg · JPEG · 900×600 px')).toBeVisible();
    await expect(nextButton(page)).toBeEnabled();
    await page.getByRole('button', { name: /^Details/ }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Draft Keeper');
    await expect(page.getByLabel('Website', { exact: true })).toHaveValue('https://draft.example');
    await page.getByRole('button', { name: /^Validator ID/ }).click();
    await expect(page.getByLabel('Validator ID', { exact: true })).toHaveValue(id);
    await page.getByRole('button', { name: /^Logo/ }).click();
  };

  await page.reload();
  await expectRestored();
  await shot(page, 'wizard-5-restored');

  // A restart: a new server on another port (a new browser origin, so no localStorage), same user.
  const draftFile = join(app.home, '.config/gateway-companion/wizard/draft.json');
  await expect
    .poll(() => (existsSync(draftFile) ? readFileSync(draftFile, 'utf8') : ''))
    .toContain(`"width":${cropSize!.replace(' px', '')}`);
  const home = app.home;
  const exited = new Promise((resolve) => app.process.once('exit', resolve));
  app.process.kill('SIGTERM');
  await exited;
  app = await startBrowserMode({ home });
  try {
    await page.goto(app.launchUrl);
    await page.getByRole('button', { name: 'Submit a validator' }).click();
    await expectRestored();
  } finally {
    await app.stop();
    rmSync(home, { recursive: true, force: true });
  }
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
