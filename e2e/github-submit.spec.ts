/**
 * The wizard's remote mode, as a new operator meets it: no clone, the registry read through GitHub, the
 * same steps, sign-in inline, "Open pull request", and the pull request's page with the registry bot's
 * comment as written. Runs in browser mode against the fake GitHub (every request and answer checked
 * against GitHub's OpenAPI description), with the app's token in a private keychain.
 */
import { expect, test } from '@playwright/test';
import { FakeGitHub } from '../github/testing/fake-github';
import { FEE_BOT, PullRequestActivity } from '../github/testing/pull-request-activity';
import { startBrowserMode, type RunningApp } from './support/browser-mode';
import { compliantPng, freshValoperId } from './support/registry-fixture';
import { chooseChain, next, nextButton, openWizard, shot } from './support/wizard-page';

const FEE_COMMENT =
  'Thank you for your submission.\nTo merge, pay the fee of 123 TEST to test-address-from-the-bot and reply with the transaction.';

let fake: FakeGitHub;
let activity: PullRequestActivity;
let app: RunningApp;

test.beforeEach(async () => {
  fake = await new FakeGitHub().start();
  activity = new PullRequestActivity(fake);
  app = await startBrowserMode({ env: fake.env({ COMPANION_GITHUB_CLIENT_ID: fake.clientId }) });
});

test.afterEach(async () => {
  await app.stop();
  await fake.stop();
  expect(fake.violations).toEqual([]);
});

test('submits a new validator through GitHub with no clone: sign in, open the pull request, follow it', async ({ page }) => {
  test.setTimeout(120_000);
  const id = freshValoperId();
  await openWizard(page, app.launchUrl, 'github');

  // 1. Where to submit: GitHub is the default, and the upstream is read at once.
  await expect(page.getByRole('radio', { name: /No clone needed: submit through GitHub/ })).toBeChecked();
  await expect(page.getByText(/Submitting to trustwallet\/assets on GitHub: 2 chains/)).toBeVisible();
  await expect(page.locator('#step-title')).toHaveText('Where to submit');
  await shot(page, 'github-1-where');
  await next(page);

  // 2–5. The same steps as with a clone, reading the upstream's lists.
  await chooseChain(page, 'cosmos', 'Cosmos Hub');
  await next(page);
  await page.getByLabel('Validator ID', { exact: true }).fill(id);
  await next(page);
  await page.getByLabel('Name', { exact: true }).fill('Aurora Staking');
  await page.getByLabel('Description', { exact: true }).fill('Independent validator in Lisbon with sentry nodes in two data centres.');
  await page.getByLabel('Website', { exact: true }).fill('https://aurora-staking.example');
  await next(page);
  await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'aurora.png', mimeType: 'image/png', buffer: await compliantPng() });
  await expect(nextButton(page)).toBeEnabled();
  await next(page);

  // 6. Review: planned on the upstream's head, nothing sent yet.
  await expect(page.getByText(/Prepared on trustwallet\/assets as it is now/)).toBeVisible();
  await expect(page.getByText('Add Aurora Staking validator to Cosmos Hub').first()).toBeVisible();
  await expect(nextButton(page)).toHaveText('Next: Open pull request');
  await shot(page, 'github-2-review');
  expect(fake.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  await next(page);

  // 7. Sign in inline with the device flow: the code with a copy button, then signed in.
  const step = page.getByRole('form', { name: 'Step 7 of 7: Open pull request' });
  const open = step.getByRole('button', { name: 'Open pull request' });
  await expect(open).toBeDisabled();
  // A fine-grained token is refused in plain words before it is sent anywhere; a classic one is the way without the device flow.
  const tokenField = page.getByLabel('GitHub token', { exact: true });
  await tokenField.fill('github_pat_11AAAAAAA0example');
  await expect(page.locator('#github-token-message')).toContainText('GitHub does not let those open a pull request on the registry');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'new token page' })).toHaveAttribute(
    'href',
    `${fake.webUrl}/settings/tokens/new?scopes=public_repo&description=Gateway%20Companion`,
  );
  await tokenField.fill('');
  // GitHub approves only once the user has entered the code: until the test has seen it, polls wait.
  fake.deviceApproveAfterPolls = Number.MAX_SAFE_INTEGER;
  fake.deviceInterval = 1;
  await page.getByRole('button', { name: 'Sign in with GitHub' }).click();
  await expect(page.getByLabel('Your sign-in code')).toHaveText('WDJB-MJHT');
  await expect(page.getByRole('button', { name: 'Copy the sign-in code' })).toBeVisible();
  await shot(page, 'github-3-sign-in');
  fake.deviceApproveAfterPolls = 0;
  await expect(page.getByText('Signed in to GitHub as @octo-operator')).toBeVisible({ timeout: 20_000 });

  // The first answer to "open pull request" is lost on the way back: the app says so, and pressing again finds it.
  fake.intercept('pulls/create', (count) => (count === 1 ? 'drop-after' : undefined));
  await open.click();
  await expect(page.getByText('The pull request is not open yet.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Pressing the button again is safe/)).toBeVisible();
  await step.getByRole('button', { name: 'Try again' }).click();

  // The pull request's page: link, state, the retry reused, then checks and the bot's comment exactly as written.
  await expect(page.getByRole('heading', { name: 'Pull request #1: Add Aurora Staking validator to Cosmos Hub' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('This pull request was already open from an earlier try; nothing was sent twice.')).toBeVisible();
  expect(fake.pulls).toHaveLength(1);
  expect([...fake.filesAt('octo-operator/assets', `companion/add-cosmos-${id}`).keys()]).toContain(
    `blockchains/cosmos/validators/assets/${id}/logo.png`,
  );
  await expect(page.getByText('No comments yet.')).toBeVisible();
  activity.setChecks(1, [{ name: 'Check', status: 'completed', conclusion: 'success' }]);
  activity.botComment(1, FEE_COMMENT);
  await page.getByRole('button', { name: 'Check now' }).click();
  const comment = page.getByRole('listitem', { name: `Comment by ${FEE_BOT}` });
  await expect(comment.locator('.pr-comment-body')).toHaveText(FEE_COMMENT);
  await expect(page.getByText('Passed')).toBeVisible();
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
  await shot(page, 'github-4-pull-request');

  activity.merge(1);
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByText('Merged', { exact: true })).toBeVisible();
  await expect(page.getByText(/Merged: your entry is in the registry/)).toBeVisible();
});
