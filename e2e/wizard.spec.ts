/**
 * The wizard's main path, as an operator meets it: a new Cosmos Hub validator with a freshly generated
 * id and a non-square 3000×2000 JPEG as the logo, fixed in the wizard, written, committed on a branch.
 * Runs in browser mode against a temp copy of the real registry corpus.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { CLI, startBrowserMode, type RunningApp } from './support/browser-mode';
import { freshValoperId, tempRegistry, testJpeg, type TempRegistry } from './support/registry-fixture';
import { chooseChain, chooseFolder, next, nextButton, openWizard, shot, tabTo } from './support/wizard-page';

let app: RunningApp;
let registry: TempRegistry;
test.beforeEach(async () => {
  app = await startBrowserMode();
  registry = tempRegistry({ git: true });
});
test.afterEach(async () => {
  await app.stop();
  registry.remove();
});

test('adds a new cosmos validator with a fixed logo, writes the files and commits them', async ({ page }) => {
  // The longest flow (eight screenshots, a 3000×2000 logo fixed twice): over two minutes on a busy 2-core machine.
  test.setTimeout(180_000);
  const id = freshValoperId();
  const name = 'Aurora Staking';
  const listBefore = registry.list('cosmos');
  const countBefore = registry.entries('cosmos').length;
  // A clone of the registry, as `git clone https://github.com/trustwallet/assets.git` makes it.
  registry.git('remote', 'add', 'origin', 'https://github.com/trustwallet/assets.git');
  await openWizard(page, app.launchUrl);

  // 1. Registry folder: recognised, with its git branch and a clean tree.
  await chooseFolder(page, registry.root);
  await expect(page.getByText('master', { exact: true })).toBeVisible();
  await expect(page.getByText('No uncommitted changes')).toBeVisible();
  await shot(page, 'wizard-1-folder');
  await next(page);

  // 2. Chain: searchable, with display names, counts and example ids.
  await expect(page.getByRole('option')).toHaveCount(52);
  await shot(page, 'wizard-2-chain-list');
  await page.getByRole('combobox', { name: 'Chain' }).fill('celestia');
  await expect(page.getByRole('option', { name: /^Celestia/ })).toContainText('celestiavaloper1');
  await chooseChain(page, 'cosmos', 'Cosmos Hub');
  await expect(page.getByRole('option', { name: /^Cosmos Hub/ })).toContainText(`${countBefore} validators`);
  await shot(page, 'wizard-2-chain');
  await next(page);

  // 3. Validator ID: validated live with the identifier module.
  await page.getByLabel('Validator ID', { exact: true }).fill(id);
  await expect(page.getByText('A valid Cosmos Hub validator id: its bech32 checksum matches.')).toBeVisible();
  await shot(page, 'wizard-3-id');
  await next(page);

  // 4. Details, with live checks and counters; one optional payout field.
  await page.getByLabel('Name', { exact: true }).fill(name);
  await expect(page.getByText(`${name.length} / 50`)).toBeVisible();
  await page.getByLabel('Description', { exact: true }).fill('Independent validator in Lisbon with sentry nodes in two data centres.');
  await page.getByLabel('Website', { exact: true }).fill('aurora-staking.example');
  await expect(page.locator('#validator-website-message')).toContainText('has no https:// in front');
  await expect(nextButton(page)).toBeDisabled();
  await page.getByLabel('Website', { exact: true }).fill('https://aurora-staking.example');
  await page.getByText('Optional details').click();
  await page.getByLabel('Commission (%)').fill('5');
  await expect(nextButton(page)).toBeEnabled();
  await shot(page, 'wizard-4-details');
  await next(page);

  // 5. Logo: a non-square 3000×2000 JPEG fails the checklist; "Fix logo" makes a compliant PNG.
  await page
    .getByLabel('Logo', { exact: true })
    .setInputFiles({ name: 'Aurora Brand.JPG', mimeType: 'image/jpeg', buffer: await testJpeg(3000, 2000) });
  const checklist = page.getByRole('list', { name: 'Logo checklist' });
  await expect(checklist.locator('[data-rule="square"]')).toHaveAttribute('data-status', 'fail');
  await expect(checklist.locator('[data-rule="png"]')).toHaveAttribute('data-status', 'fail');
  await expect(page.getByRole('img', { name: 'Your image in a circle on a dark background' })).toBeVisible();
  await expect(nextButton(page)).toBeDisabled();
  await shot(page, 'wizard-5-logo');
  await page.getByRole('button', { name: 'Fix logo' }).click();
  const fixed = page.getByRole('list', { name: 'Checklist of the fixed logo' });
  await expect(fixed.locator('[data-status="pass"]')).toHaveCount(5);
  // Move the square crop a little to the left with the keyboard.
  await page.getByLabel('Horizontal position').focus();
  await page.keyboard.press('Home');
  await expect(page.locator('output[for="crop-left"]')).toHaveText('0 px');
  await expect(page.locator('.image-frame.fixed')).toHaveAttribute('data-busy', 'false');
  await expect(fixed.locator('[data-status="pass"]')).toHaveCount(5);
  await expect(page.getByRole('img', { name: 'The fixed logo in a circle on a light background' })).toBeVisible();
  await shot(page, 'wizard-5-logo-fixed');
  await next(page);

  // 6. Review: first what will happen in plain words, the entry as a card with its logo in both circles;
  // the exact entry and an append-only diff behind "Show the file change"; the files and the (absent) warnings.
  await expect(page.locator('.review-summary')).toHaveText(`Adds ${name} to Cosmos Hub`);
  await expect(page.getByRole('region', { name: 'Your entry as the registry will list it' })).toContainText(name);
  await expect(page.getByRole('img', { name: `The logo of ${name} in a circle on a dark background` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Changes to list.json' })).toBeHidden();
  await page.getByText('Show the file change').click();
  await expect(page.locator('.code-block')).toContainText(`"id": "${id}"`);
  await expect(page.locator('.code-block')).toContainText('"commission": 5');
  await expect(page.getByRole('region', { name: 'Changes to list.json' })).toContainText('−0 removed');
  await expect(page.getByRole('cell', { name: join(registry.root, `blockchains/cosmos/validators/assets/${id}/logo.png`) })).toBeVisible();
  await shot(page, 'wizard-6-review');
  await next(page);

  // 7. Write, then the result, git and the next steps.
  await shot(page, 'wizard-7-write');
  await page.getByRole('button', { name: 'Write files' }).click();
  await expect(page.getByRole('heading', { name: 'Files written' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();

  const entries = registry.entries('cosmos');
  expect(entries).toHaveLength(countBefore + 1);
  expect(entries.at(-1)).toEqual({
    id,
    name,
    description: 'Independent validator in Lisbon with sentry nodes in two data centres.',
    website: 'https://aurora-staking.example',
    payout: { commission: 5 },
  });
  // The diff only adds lines: every old line is still there, in order.
  expect(registry.git('diff', '--numstat', '--', 'blockchains/cosmos/validators/list.json').trim()).toMatch(/^\d+\t0\t/);
  expect(registry.list('cosmos').subarray(0, 10).equals(listBefore.subarray(0, 10))).toBe(true);
  const logo = join(registry.root, `blockchains/cosmos/validators/assets/${id}/logo.png`);
  expect(existsSync(logo)).toBe(true);
  const check = JSON.parse(execFileSync(process.execPath, [CLI, 'logo', 'check', '--json', logo], { encoding: 'utf8' })) as {
    errors: number;
    facts: { width: number; height: number; format: string };
  };
  expect(check).toMatchObject({ errors: 0, facts: { format: 'png', width: 256, height: 256 } });

  const title = `Add ${name} validator to Cosmos Hub`;
  await expect(page.getByLabel('Commit title')).toHaveValue(title);
  await expect(page.getByLabel('Branch name')).toHaveValue('add-aurora-staking-cosmos');
  const nextSteps = page.getByRole('region', { name: 'Next steps' }).or(page.locator('.next-steps'));
  await expect(nextSteps).toContainText('48 hours');
  await expect(nextSteps).toContainText('no refunds');
  await expect(nextSteps).toContainText('does not guarantee a merge');
  await expect(nextSteps).not.toContainText(/\d\s*(TWT|BNB)|0x[0-9a-f]{6,}|bnb1/i);
  await shot(page, 'wizard-7-written');
  await page.getByRole('button', { name: 'Create branch and commit' }).click();
  await expect(page.getByText(/is on branch add-aurora-staking-cosmos/)).toBeVisible();
  expect(registry.git('log', '-1', '--format=%s').trim()).toBe(title);
  expect(registry.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()).toEqual([
    `blockchains/cosmos/validators/assets/${id}/logo.png`,
    'blockchains/cosmos/validators/list.json',
  ]);
  expect(registry.git('status', '--porcelain').trim()).toBe('');
  // In a clone of the registry `origin` is the registry itself, which refuses the branch: the hint never names it,
  // and says what the app's own push does (a `fork` remote) instead.
  await expect(page.getByText(/git push -u origin/)).toHaveCount(0);
  const ownTool = page.locator('.own-tool-hint');
  await expect(ownTool).toContainText('“origin” points at the registry itself');
  await expect(ownTool).toContainText('git push -u fork add-aurora-staking-cosmos works from your own tool too');
  await shot(page, 'wizard-7-committed');
});

test('the whole flow works from the keyboard alone, in the dark theme', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  const id = freshValoperId('osmovaloper');
  try {
    await openWizard(page, app.launchUrl);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const folder = page.getByLabel('Registry folder', { exact: true });
    await tabTo(page, folder);
    await page.keyboard.type(registry.root);
    await page.keyboard.press('Enter'); // checks the folder
    await expect(page.getByText(/This is a validator registry/)).toBeVisible();
    await page.keyboard.press('Enter'); // then moves on
    await expect(page.locator('#step-title')).toHaveText('Chain');

    await tabTo(page, page.getByRole('combobox', { name: 'Chain' }));
    await page.keyboard.type('osmo');
    await page.keyboard.press('Enter'); // chooses the first match
    await expect(page.getByText(/Osmosis: [\d,]+ validators listed/)).toBeVisible();
    await shot(page, 'wizard-dark-2-chain');
    await page.keyboard.press('Enter');
    await expect(page.locator('#step-title')).toHaveText('Validator ID');

    await tabTo(page, page.getByLabel('Validator ID', { exact: true }));
    await page.keyboard.type(id);
    await page.keyboard.press('Enter');
    await expect(page.locator('#step-title')).toHaveText('Details');
    await tabTo(page, page.getByLabel('Name', { exact: true }));
    await page.keyboard.type('Keyboard Validator');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Operated without a mouse.');
    await page.keyboard.press('Enter'); // no line break in a description
    await page.keyboard.press('Tab');
    await page.keyboard.type('https://keyboard.example');
    await tabTo(page, page.locator('summary', { hasText: 'Optional details' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByLabel('Commission (%)'));
    await page.keyboard.type('7,5');
    await expect(page.locator('#validator-commission-message')).toContainText('the spec asks for a whole number');
    await shot(page, 'wizard-dark-4-details');
    await expect(page.getByLabel('Description', { exact: true })).toHaveValue('Operated without a mouse.');
    await tabTo(page, nextButton(page));
    await page.keyboard.press('Enter');
    await expect(page.locator('#step-title')).toHaveText('Logo');

    await tabTo(page, page.getByLabel('Logo', { exact: true }));
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (
      await chooser
    ).setFiles({
      name: 'wide.webp',
      mimeType: 'image/webp',
      buffer: await sharp(await testJpeg(1200, 800))
        .webp()
        .toBuffer(),
    });
    await expect(page.getByRole('list', { name: 'Logo checklist' }).locator('[data-rule="square"]')).toHaveAttribute('data-status', 'fail');
    await tabTo(page, page.getByRole('button', { name: 'Fix logo' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('list', { name: 'Checklist of the fixed logo' }).locator('[data-status="pass"]')).toHaveCount(5);
    const square = page.getByRole('group', { name: /^Crop square/ });
    await tabTo(page, square);
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('-');
    await expect(square).toHaveAttribute('aria-label', /^Crop square, (?!800×800)\d+×\d+ px/);
    await expect(page.locator('.image-frame.fixed')).toHaveAttribute('data-busy', 'false');
    await shot(page, 'wizard-dark-5-logo');
    await tabTo(page, nextButton(page));
    await page.keyboard.press('Enter');

    await expect(page.locator('.code-block')).toContainText('"commission": 7.5');
    await expect(page.getByText('payout.commission is 7.5; the spec asks for a whole number')).toBeVisible();
    await shot(page, 'wizard-dark-6-review');
    await tabTo(page, nextButton(page));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Write files' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Files written' })).toBeVisible();
    await shot(page, 'wizard-dark-7-written');
    expect(registry.entries('osmosis').at(-1)).toMatchObject({ id, name: 'Keyboard Validator', payout: { commission: 7.5 } });
  } finally {
    await context.close();
  }
});
