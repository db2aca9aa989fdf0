/**
 * Local-clone mode to the end, as an operator with a clone meets it: write the files, sign in to GitHub
 * inline, "Push and open pull request" (a refused push first: the folder is put back and the message
 * says why), then the pull request's page. Browser mode against the fake GitHub, which serves the fork
 * over real git HTTP (git http-backend); the token is in a private keychain and reaches git only through
 * the app's askpass helper.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FakeGitHub } from '../github/testing/fake-github';
import { PullRequestActivity } from '../github/testing/pull-request-activity';
import { startBrowserMode, type RunningApp } from './support/browser-mode';
import { compliantPng, freshValoperId, tempRegistry, type TempRegistry } from './support/registry-fixture';
import { chooseChain, chooseFolder, next, openWizard, shot } from './support/wizard-page';

let fake: FakeGitHub;
let activity: PullRequestActivity;
let app: RunningApp;
let registry: TempRegistry;
let gitRoot: string;

test.beforeEach(async () => {
  fake = await new FakeGitHub().start();
  // The pull request's page reads its state, checks and comments.
  activity = new PullRequestActivity(fake);
  gitRoot = mkdtempSync(join(tmpdir(), 'fake-github-git-'));
  fake.serveGit(gitRoot);
  app = await startBrowserMode({ env: fake.env() });
  registry = tempRegistry({ git: true });
});

test.afterEach(async () => {
  await app.stop();
  await fake.stop();
  registry.remove();
  rmSync(gitRoot, { recursive: true, force: true });
  expect(fake.violations).toEqual([]);
});

test('writes to a clone, then pushes to the fork and opens the pull request with one button', async ({ page }) => {
  test.setTimeout(180_000);
  const id = freshValoperId();
  const token = fake.addToken({ login: 'octo-operator', id: 4242 });
  await openWizard(page, app.launchUrl);
  await chooseFolder(page, registry.root);
  await next(page);
  await chooseChain(page, 'cosmos', 'Cosmos Hub');
  await next(page);
  await page.getByLabel('Validator ID', { exact: true }).fill(id);
  await next(page);
  await page.getByLabel('Name', { exact: true }).fill('Harbour Stake');
  await page.getByLabel('Description', { exact: true }).fill('Validator run from a harbour office with two sentry nodes.');
  await page.getByLabel('Website', { exact: true }).fill('https://harbour-stake.example');
  await next(page);
  await page
    .getByLabel('Logo', { exact: true })
    .setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: await compliantPng() });
  await next(page);
  await next(page);
  await page.getByRole('button', { name: 'Write files' }).click();

  // Signed out: the button waits, and the sign-in is right there.
  const push = page.getByRole('button', { name: 'Push and open pull request' });
  await expect(push).toBeDisabled();
  await expect(page.getByText('Sign in to GitHub above to push and open the pull request.')).toBeVisible();
  // The own-tool way stays, second, and names only a push that works: no fork remote yet, so what the button sets up.
  await expect(page.getByText(/git push -u origin/)).toHaveCount(0);
  await expect(page.locator('.own-tool-hint')).toContainText('This clone has no remote for your fork.');
  await expect(page.locator('.own-tool-hint')).toContainText('git push -u fork add-harbour-stake-cosmos works from your own tool too');
  await page.getByLabel('GitHub token', { exact: true }).fill(token);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Signed in to GitHub as @octo-operator')).toBeVisible({ timeout: 20_000 });
  await shot(page, 'wizard-7-push');

  // The fork's git server refuses the token: nothing is left half-done in the folder.
  const statusBefore = registry.git('status', '--porcelain');
  fake.gitRefusesTokens = true;
  await push.click();
  await expect(page.getByText('The pull request is not open yet.')).toBeVisible({ timeout: 60_000 });
  const alert = page.getByRole('alert').filter({ hasText: 'The pull request is not open yet.' });
  await expect(alert).toContainText('GitHub refused the push to your fork octo-operator/assets');
  await expect(alert).toContainText('switched back to master');
  expect(registry.git('symbolic-ref', '--short', 'HEAD').trim()).toBe('master');
  expect(registry.git('status', '--porcelain')).toBe(statusBefore);

  fake.gitRefusesTokens = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Pull request #1: Add Harbour Stake validator to Cosmos Hub' })).toBeVisible({
    timeout: 60_000,
  });
  await shot(page, 'wizard-7-pushed');
  const branch = 'add-harbour-stake-cosmos';
  expect(registry.git('symbolic-ref', '--short', 'HEAD').trim()).toBe(branch);
  expect(registry.git('remote', 'get-url', 'fork').trim()).toBe(`${fake.webUrl}/octo-operator/assets.git`);
  expect(fake.head('octo-operator/assets', branch)).toBe(registry.git('rev-parse', 'HEAD').trim());
  expect(fake.pulls).toEqual([
    expect.objectContaining({ head: `octo-operator:${branch}`, title: 'Add Harbour Stake validator to Cosmos Hub' }),
  ]);
  // The same pull request page as remote mode: the bot's comment exactly as written.
  activity.botComment(1, 'Thank you. Follow the fee instructions of this comment.');
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByRole('listitem', { name: /^Comment by / }).locator('.pr-comment-body')).toHaveText(
    'Thank you. Follow the fee instructions of this comment.',
  );
});
