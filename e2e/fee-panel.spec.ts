/**
 * The fee panel on the pull request's page, as an operator sees it after opening a pull request: for each
 * wording the registry's bot has used (BEP2 with memo, BEP20 without, first requests and reminders) it shows
 * the amount, the alternative, the address with its network and the memo with copy buttons and "no refund";
 * a stranger's copy of the request, or an account named like the bot, is set apart as "do not pay"; the
 * Accept Review and a "Paid" label turn it into "payment detected". No wallet links anywhere. Axe-clean and
 * fits at 800×600. Saves docs/screenshots/operator-fee-panel.png. Browser mode against the fake GitHub.
 */
import { mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { FakeGitHub } from '../github/testing/fake-github';
import { ADDRESSES, BOT_WORDINGS, IMPERSONATIONS } from '../github/testing/fee-bot-wordings';
import { PullRequestActivity } from '../github/testing/pull-request-activity';
import { startBrowserMode, type RunningApp } from './support/browser-mode';
import { compliantPng, freshValoperId } from './support/registry-fixture';
import { chooseChain, next, nextButton, openWizard } from './support/wizard-page';

let fake: FakeGitHub;
let activity: PullRequestActivity;
let app: RunningApp;

test.beforeEach(async () => {
  fake = await new FakeGitHub().start();
  activity = new PullRequestActivity(fake);
  app = await startBrowserMode({ env: fake.env() });
});

test.afterEach(async () => {
  await app.stop();
  await fake.stop();
  expect(fake.violations).toEqual([]);
});

/** Through the wizard to an open pull request (#1), signed in with a classic token. */
async function openPullRequest(page: Page): Promise<void> {
  await openWizard(page, app.launchUrl, 'github');
  await expect(page.getByText(/Submitting to trustwallet\/assets on GitHub/)).toBeVisible();
  await next(page);
  await chooseChain(page, 'cosmos', 'Cosmos Hub');
  await next(page);
  await page.getByLabel('Validator ID', { exact: true }).fill(freshValoperId());
  await next(page);
  await page.getByLabel('Name', { exact: true }).fill('Aurora Staking');
  await page.getByLabel('Description', { exact: true }).fill('Independent validator in Lisbon with sentry nodes in two data centres.');
  await page.getByLabel('Website', { exact: true }).fill('https://aurora-staking.example');
  await next(page);
  await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'aurora.png', mimeType: 'image/png', buffer: await compliantPng() });
  await expect(nextButton(page)).toBeEnabled();
  await next(page);
  await expect(nextButton(page)).toHaveText('Next: Open pull request');
  await next(page);
  await page.getByLabel('GitHub token', { exact: true }).fill(fake.addToken({ login: 'octo-operator', id: 4242 }));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Signed in to GitHub as @octo-operator')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('form', { name: 'Step 7 of 7: Open pull request' }).getByRole('button', { name: 'Open pull request' }).click();
  await expect(page.getByRole('heading', { name: /^Pull request #1:/ })).toBeVisible({ timeout: 30_000 });
}

async function checkNow(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Check now' }).click();
}

async function fitsAndPassesAxe(page: Page, where: string): Promise<void> {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const overflow = await page.evaluate(() => {
    const panel = document.querySelector('.fee-panel')!.getBoundingClientRect();
    const content = document.querySelector('.content') ?? document.documentElement;
    return { sideways: content.scrollWidth > content.clientWidth + 1, panelRight: panel.right, width: window.innerWidth };
  });
  expect(overflow.sideways, `${where}: the page scrolls sideways at 800×600`).toBe(false);
  expect(overflow.panelRight, `${where}: the fee panel is cut off at 800×600`).toBeLessThanOrEqual(overflow.width);
  const axe = await new AxeBuilder({ page }).include('.fee-panel').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  expect(serious, `axe on the fee panel, ${where}`).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('shows the registry bot’s fee request in each wording, warns about impersonations, and never links a wallet', async ({ page }) => {
  test.setTimeout(180_000);
  await openPullRequest(page);
  const panel = page.getByRole('region', { name: 'The fee and the review' });
  await expect(panel.getByText(/Waiting for the registry’s bot/)).toBeVisible();

  for (const wording of BOT_WORDINGS) {
    activity.clearComments(1);
    activity.botComment(1, wording.body(1, 'octo-operator'));
    await checkNow(page);
    const card = panel.getByLabel('The fee the registry’s bot asks');
    const e = wording.expected;
    await expect(card.getByText(e.address, { exact: true }), wording.id).toBeVisible();
    await expect(card.getByText(`${e.amount} ${e.currency}`, { exact: true })).toBeVisible();
    await expect(
      card.getByText(e.network === 'bep2' ? 'BNB Beacon Chain (BEP2)' : 'BNB Smart Chain (BEP20)', { exact: true }),
    ).toBeVisible();
    await expect(card.getByText(`${e.alternative!.amount} ${e.alternative!.currency} (`)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Copy the memo' })).toHaveCount(e.memo ? 1 : 0);
    await expect(card.getByRole('button', { name: 'Copy the payment address' })).toBeVisible();
    await expect(card.getByText('No refund.')).toBeVisible();
    await expect(panel.getByRole('status', { name: 'Where it stands' })).toContainText(e.reminder ? 'sent a reminder' : 'Fee requested');
    await fitsAndPassesAxe(page, wording.id);
  }

  // The bot's BEP20 request and, beside it, every impersonation seen on the registry.
  activity.clearComments(1);
  activity.botComment(1, BOT_WORDINGS.find((w) => w.id === 'bep20-first-2024')!.body(1, 'octo-operator'));
  for (const imp of IMPERSONATIONS) activity.comment(1, imp.body(1, 'octo-operator'), imp.author, imp.authorType);
  activity.setLabels(1, ['Payment Status: Requested']);
  activity.setChecks(1, [{ name: 'Check', status: 'completed', conclusion: 'success' }]);
  await checkNow(page);
  const warnings = panel.getByRole('region', { name: 'Not from the registry’s bot: do not pay' });
  for (const imp of IMPERSONATIONS) await expect(warnings.getByRole('listitem', { name: `Warning about ${imp.author}` })).toBeVisible();
  await expect(warnings.getByText(/Impersonation: named like the registry’s bot/)).toBeVisible();
  await expect(warnings.getByText(ADDRESSES.strangerBep2)).toBeVisible();
  await expect(panel.getByLabel('The fee the registry’s bot asks').getByText(ADDRESSES.registryBep20, { exact: true })).toBeVisible();
  await expect(page.getByText('not the registry’s bot: do not pay')).toHaveCount(IMPERSONATIONS.length);
  // No wallet links or payment URIs anywhere in the panel: only the bot's comment on GitHub.
  const hrefs = await panel.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href.startsWith(`${fake.webUrl}/trustwallet/assets/pull/1#issuecomment-`)).toBe(true);
  await fitsAndPassesAxe(page, 'impersonations');

  await page.setViewportSize({ width: 1280, height: 800 });
  await panel.scrollIntoViewIfNeeded();
  mkdirSync('docs/screenshots', { recursive: true });
  await panel.screenshot({ path: 'docs/screenshots/operator-fee-panel.png', animations: 'disabled', caret: 'hide' });

  // The bot's Accept Review and the "Paid" label: payment detected, nothing left to pay or copy.
  activity.review(1);
  activity.setLabels(1, ['Payment Status: Paid']);
  await checkNow(page);
  await expect(panel.getByRole('status', { name: 'Where it stands' })).toContainText('Payment detected');
  await expect(panel.getByText(/do not pay again/)).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Copy/ })).toHaveCount(0);
});
