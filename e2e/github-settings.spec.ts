/**
 * The OAuth app's client id as a developer sets it: with none, the token sign-in comes first and the
 * client-id field is folded away under "For developers"; there a client id is checked as it is typed, saved, and the browser sign-in appears (and can be cancelled);
 * then the wizard's last step signs in with it, showing the code with a copy button. Browser mode against
 * the fake GitHub's device flow, no COMPANION_GITHUB_CLIENT_ID anywhere.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FakeGitHub } from '../github/testing/fake-github';
import { startBrowserMode, type RunningApp } from './support/browser-mode';
import { compliantPng, freshValoperId } from './support/registry-fixture';
import { chooseChain, next, nextButton, openWizard, shot } from './support/wizard-page';

let fake: FakeGitHub;
let app: RunningApp;

test.beforeEach(async () => {
  fake = await new FakeGitHub().start();
  const env = fake.env();
  app = await startBrowserMode({ env: { ...env, COMPANION_GITHUB_CLIENT_ID: '' } });
});

test.afterEach(async () => {
  await app.stop();
  await fake.stop();
  expect(fake.violations).toEqual([]);
});

test('sets the OAuth app client id in Settings, then signs in through the browser in the wizard', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(app.launchUrl);
  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('region', { name: 'GitHub' });

  // No client id yet: the token comes first, with its scope ticked; an operator is never asked for a client id.
  await expect(panel.getByRole('heading', { name: 'With a token from GitHub' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Sign in with GitHub' })).toHaveCount(0);
  await expect(panel.getByRole('link', { name: 'new token page' })).toHaveAttribute(
    'href',
    `${fake.webUrl}/settings/tokens/new?scopes=public_repo&description=Gateway%20Companion`,
  );
  await expect(panel.getByLabel(/OAuth app client id/)).toBeHidden();
  // A developer unfolds the setting.
  await panel.getByText('For developers: sign in through your own OAuth app').click();

  // Junk is refused as it is typed, in plain words; a real id is saved in the settings file.
  const field = panel.getByLabel(/OAuth app client id/);
  const save = panel.getByRole('button', { name: 'Save', exact: true });
  await field.fill('ghp_0123456789abcdefghijklmnopqrstuvwxyz');
  await expect(panel.locator('#github-client-id-message')).toContainText('This is a GitHub token, not a client id');
  await expect(save).toBeDisabled();
  await field.fill('my oauth app');
  await expect(panel.locator('#github-client-id-message')).toContainText('A client id has no spaces.');
  await field.fill(` ${fake.clientId} `);
  await save.click();
  await expect(panel.locator('#github-client-id-message')).toHaveText('Saved. “Sign in with GitHub” now uses this OAuth app.');
  const settings = JSON.parse(readFileSync(join(app.home, '.config', 'gateway-companion', 'settings.json'), 'utf8')) as unknown;
  expect(settings).toEqual({ version: 1, settings: { githubClientId: fake.clientId } });
  await expect(panel.getByText(`Uses the OAuth app ${fake.clientId} from Settings.`)).toBeVisible();
  await shot(page, 'github-settings-client-id');

  // The browser sign-in can be cancelled while it waits: main stops asking GitHub.
  fake.deviceApproveAfterPolls = 1000;
  fake.deviceInterval = 1;
  await panel.getByRole('button', { name: 'Sign in with GitHub' }).click();
  await expect(panel.getByLabel('Your sign-in code')).toHaveText('WDJB-MJHT');
  await expect.poll(() => fake.devicePolls.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByText('Sign-in cancelled; nothing was stored.')).toBeVisible();
  const polls = fake.devicePolls.length;
  await page.waitForTimeout(2500);
  expect(fake.devicePolls.length).toBe(polls);
  // Approved only once the test has seen the code (below), as GitHub approves once the user entered it.
  fake.deviceApproveAfterPolls = Number.MAX_SAFE_INTEGER;

  // The wizard's last step signs in with the saved id.
  const id = freshValoperId();
  await openWizard(page, app.launchUrl, 'github');
  await next(page);
  await chooseChain(page, 'cosmos', 'Cosmos Hub');
  await next(page);
  await page.getByLabel('Validator ID', { exact: true }).fill(id);
  await next(page);
  await page.getByLabel('Name', { exact: true }).fill('Borealis Staking');
  await page.getByLabel('Description', { exact: true }).fill('Independent validator in Oslo with sentry nodes in two data centres.');
  await page.getByLabel('Website', { exact: true }).fill('https://borealis-staking.example');
  await next(page);
  await page
    .getByLabel('Logo', { exact: true })
    .setInputFiles({ name: 'borealis.png', mimeType: 'image/png', buffer: await compliantPng() });
  await expect(nextButton(page)).toBeEnabled();
  await next(page);
  await expect(nextButton(page)).toHaveText('Next: Open pull request');
  await next(page);

  const step = page.getByRole('form', { name: 'Step 7 of 7: Open pull request' });
  await expect(step.getByText(`Uses the OAuth app ${fake.clientId} from Settings.`)).toBeVisible();
  await step.getByRole('button', { name: 'Sign in with GitHub' }).click();
  await expect(step.getByLabel('Your sign-in code')).toHaveText('WDJB-MJHT');
  await expect(step.getByRole('button', { name: 'Copy the sign-in code' })).toBeVisible();
  fake.deviceApproveAfterPolls = 0;
  await expect(page.getByText('Signed in to GitHub as @octo-operator')).toBeVisible({ timeout: 20_000 });
  await expect(step.getByRole('button', { name: 'Open pull request' })).toBeEnabled();
});
