/**
 * One draft across the wizard's paths, as an operator meets it: switching between "No clone needed" and a
 * local copy mid-way (at Details, and after the logo was fixed) keeps the chain, id, details and fixed
 * logo; a finished write into a folder that is not a git clone goes on through GitHub with the same
 * draft; "Start a new submission" asks what to keep; "Start over" lands on step 1. Browser mode against
 * the fake GitHub (its upstream registry) and a temp copy of the registry.
 */
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { FakeGitHub } from '../github/testing/fake-github';
import { PullRequestActivity } from '../github/testing/pull-request-activity';
import { startBrowserMode, type RunningApp } from './support/browser-mode';
import { compliantPng, freshValoperId, tempRegistry, testJpeg, type TempRegistry } from './support/registry-fixture';
import { chooseChain, chooseFolder, next, nextButton, openWizard } from './support/wizard-page';

let fake: FakeGitHub;
let app: RunningApp;
let registry: TempRegistry;

test.beforeEach(async () => {
  fake = await new FakeGitHub().start();
  // The pull request's page reads its state, checks and comments.
  new PullRequestActivity(fake);
  app = await startBrowserMode({ env: fake.env() });
  // Not a git checkout: the case that used to end with no way to a pull request.
  registry = tempRegistry();
});

test.afterEach(async () => {
  await app.stop();
  await fake.stop();
  registry.remove();
  expect(fake.violations).toEqual([]);
});

const NAME = 'Aurora Staking';
const DESCRIPTION = 'Independent validator in Lisbon with sentry nodes in two data centres.';
const WEBSITE = 'https://aurora-staking.example';
const title = (page: Page) => page.locator('#step-title');
const summary = (page: Page) => page.getByRole('complementary', { name: 'Your submission' });

/** From an empty wizard on the local copy to a filled Details step. */
async function upToDetails(page: Page, id: string): Promise<void> {
  await openWizard(page, app.launchUrl);
  await chooseFolder(page, registry.root);
  await next(page);
  await chooseChain(page, 'cosmos', 'Cosmos Hub');
  await next(page);
  await page.getByLabel('Validator ID', { exact: true }).fill(id);
  await next(page);
  await page.getByLabel('Name', { exact: true }).fill(NAME);
  await page.getByLabel('Description', { exact: true }).fill(DESCRIPTION);
  await page.getByLabel('Website', { exact: true }).fill(WEBSITE);
  await expect(nextButton(page)).toBeEnabled();
}

async function expectDetailsKept(page: Page, id: string): Promise<void> {
  await expect(title(page)).toHaveText('Details');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(NAME);
  await expect(page.getByLabel('Description', { exact: true })).toHaveValue(DESCRIPTION);
  await expect(page.getByLabel('Website', { exact: true })).toHaveValue(WEBSITE);
  await expect(summary(page)).toContainText('Cosmos Hub');
  await expect(summary(page)).toContainText(id);
}

const fixedLogoOnReview = (page: Page) => page.getByRole('img', { name: `The logo of ${NAME} in a circle on a dark background` });

test('switching paths at Details and after the logo keeps the chain, id, details and the fixed logo', async ({ page }) => {
  test.setTimeout(180_000);
  const id = freshValoperId();
  await upToDetails(page, id);

  // At Details: to GitHub and back, nothing typed again.
  await page.getByRole('button', { name: 'Submit through GitHub instead' }).click();
  await expectDetailsKept(page, id);
  await expect(summary(page)).toContainText('trustwallet/assets on GitHub');
  await page.getByRole('button', { name: 'Use a copy on this computer instead' }).click();
  await expectDetailsKept(page, id);
  await page.getByRole('button', { name: 'Submit through GitHub instead' }).click();
  await expectDetailsKept(page, id);
  await next(page);

  // Logo on the GitHub path: a non-square JPEG, fixed into a compliant PNG.
  await page
    .getByLabel('Logo', { exact: true })
    .setInputFiles({ name: 'aurora.jpg', mimeType: 'image/jpeg', buffer: await testJpeg(1200, 800) });
  await page.getByRole('button', { name: 'Fix logo' }).click();
  await expect(page.getByRole('list', { name: 'Checklist of the fixed logo' }).locator('[data-status="pass"]')).toHaveCount(5);
  await next(page);
  await expect(page.getByText(/Prepared on trustwallet\/assets as it is now/)).toBeVisible();
  await expect(fixedLogoOnReview(page)).toBeVisible();

  // After the logo step: to the local copy, on Review, with the fixed logo planned into the folder.
  await page.getByRole('button', { name: 'Use a copy on this computer instead' }).click();
  await expect(title(page)).toHaveText('Review');
  await expect(page.locator('.review-summary')).toHaveText(`Adds ${NAME} to Cosmos Hub`);
  await expect(fixedLogoOnReview(page)).toBeVisible();
  await expect(page.getByRole('cell', { name: join(registry.root, `blockchains/cosmos/validators/assets/${id}/logo.png`) })).toBeVisible();

  // Back on the Logo step the fix is the one made before, not the original image.
  await page.getByRole('navigation', { name: 'Submission steps' }).getByRole('button', { name: /Logo/ }).click();
  await expect(page.getByRole('list', { name: 'Checklist of the fixed logo' }).locator('[data-status="pass"]')).toHaveCount(5);
  await page.getByRole('button', { name: 'Submit through GitHub instead' }).click();
  await expect(page.getByRole('list', { name: 'Checklist of the fixed logo' }).locator('[data-status="pass"]')).toHaveCount(5);
  await next(page);
  await expect(page.getByText(/Prepared on trustwallet\/assets as it is now/)).toBeVisible();
  await expect(fixedLogoOnReview(page)).toBeVisible();
});

test('a finished write into a folder goes on through GitHub with the same draft, up to the pull request', async ({ page }) => {
  test.setTimeout(180_000);
  const id = freshValoperId();
  const token = fake.addToken({ login: 'octo-operator', id: 4242 });
  await upToDetails(page, id);
  await next(page);
  await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'aurora.png', mimeType: 'image/png', buffer: await compliantPng() });
  await next(page);
  await next(page);
  await page.getByRole('button', { name: 'Write files' }).click();
  await expect(page.getByRole('heading', { name: 'Files written' })).toBeVisible();
  const nextSteps = page.locator('.next-steps');
  await expect(nextSteps).toContainText('This folder is not a git clone');
  await expect(nextSteps).not.toContainText('git push');

  await page.getByRole('button', { name: 'Open the pull request through GitHub' }).click();
  await expect(title(page)).toHaveText('Review');
  await expect(page.getByText(/Prepared on trustwallet\/assets as it is now/)).toBeVisible();
  await expect(page.locator('.review-summary')).toHaveText(`Adds ${NAME} to Cosmos Hub`);
  await expect(fixedLogoOnReview(page)).toBeVisible();
  await expect(nextButton(page)).toHaveText('Next: Open pull request');
  await next(page);

  await page.getByLabel('GitHub token', { exact: true }).fill(token);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Signed in to GitHub as @octo-operator')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('form', { name: 'Step 7 of 7: Open pull request' }).getByRole('button', { name: 'Open pull request' }).click();
  await expect(page.getByRole('heading', { name: `Pull request #1: Add ${NAME} validator to Cosmos Hub` })).toBeVisible({
    timeout: 30_000,
  });
  expect([...fake.filesAt('octo-operator/assets', `companion/add-cosmos-${id}`).keys()]).toContain(
    `blockchains/cosmos/validators/assets/${id}/logo.png`,
  );
});

test('"Start a new submission" asks what to keep, and "Start over" lands on step 1', async ({ page }) => {
  test.setTimeout(180_000);
  const id = freshValoperId();
  await upToDetails(page, id);
  await next(page);
  await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'aurora.png', mimeType: 'image/png', buffer: await compliantPng() });
  await next(page);
  await next(page);
  await page.getByRole('button', { name: 'Write files' }).click();
  await expect(page.getByRole('heading', { name: 'Files written' })).toBeVisible();

  await page.getByRole('button', { name: 'Start a new submission' }).click();
  const ask = page.getByRole('group', { name: /What should the new submission keep\?/ });
  await expect(ask).toBeVisible();
  // Nothing is cleared until a choice is made.
  await expect(page.getByRole('heading', { name: 'Files written' })).toBeVisible();
  await ask.getByRole('button', { name: 'Keep the chain and details' }).click();
  await expect(title(page)).toHaveText('Validator ID');
  await expect(page.getByLabel('Validator ID', { exact: true })).toHaveValue('');
  await expect(summary(page)).toContainText('Cosmos Hub');
  await expect(summary(page)).toContainText(NAME);
  await page.getByLabel('Validator ID', { exact: true }).fill(freshValoperId());
  await next(page);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(NAME);
  await expect(page.getByLabel('Website', { exact: true })).toHaveValue(WEBSITE);

  await page.getByRole('button', { name: 'Start over' }).click();
  await page.getByRole('button', { name: 'Clear it' }).click();
  await expect(title(page)).toHaveText('Registry folder');
  await expect(page.getByLabel('Registry folder', { exact: true })).toHaveValue(registry.root);
  await expect(summary(page)).not.toContainText(NAME);
});
