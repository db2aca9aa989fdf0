/**
 * The GitHub path as a new validator operator meets it on an ordinary computer: no OAuth app of their own
 * (no client id anywhere), a fresh HOME, and (1) a working keychain, (2) no D-Bus session bus at all (no
 * keychain), (3) GitHub unreachable. Each starts at the wizard's first step. Browser mode against the fake
 * GitHub (every request and answer checked against GitHub's OpenAPI description).
 */
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { FakeGitHub } from '../github/testing/fake-github';
import { PullRequestActivity } from '../github/testing/pull-request-activity';
import { startBrowserMode, type RunningApp } from './support/browser-mode';
import { compliantPng, freshValoperId, tempRegistry, type TempRegistry } from './support/registry-fixture';
import { chooseChain, chooseFolder, next, nextButton, openWizard } from './support/wizard-page';

const DOC_SHOTS = 'docs/screenshots';
const SESSION_ONLY = /keychain cannot be reached, so the app keeps this sign-in in memory only while it runs \(never on disk\)/;

let fake: FakeGitHub;
let app: RunningApp | undefined;

test.beforeEach(async () => {
  fake = await new FakeGitHub().start();
  // The pull request's page reads the pull request, its checks and comments.
  new PullRequestActivity(fake);
});

test.afterEach(async () => {
  await app?.stop();
  app = undefined;
  await fake.stop();
  expect(fake.violations).toEqual([]);
});

/** Steps 1 to 6 in remote mode: the registry read through GitHub without signing in, a new cosmos validator. */
async function toOpenPullRequest(page: Page, launchUrl: string, name: string): Promise<void> {
  await openWizard(page, launchUrl, 'github');
  await expect(page.getByText(/Submitting to trustwallet\/assets on GitHub: 2 chains/)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await next(page);
  await chooseChain(page, 'cosmos', 'Cosmos Hub');
  await next(page);
  await page.getByLabel('Validator ID', { exact: true }).fill(freshValoperId());
  await next(page);
  await fillDetails(page, name);
  await next(page);
  await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await compliantPng() });
  await expect(nextButton(page)).toBeEnabled();
  await next(page);
  await expect(nextButton(page)).toHaveText('Next: Open pull request');
  await next(page);
}

async function fillDetails(page: Page, name: string): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description', { exact: true }).fill('Independent validator with sentry nodes in two data centres.');
  await page.getByLabel('Website', { exact: true }).fill('https://example-staking.example');
}

/** The token path, as an operator without an OAuth app sees it first: the prefilled link, then the pasted classic token. */
async function signInWithToken(page: Page, token: string): Promise<void> {
  const signIn = page.getByRole('region', { name: 'Sign in to GitHub' });
  await expect(signIn.getByRole('heading', { name: 'With a token from GitHub' })).toBeVisible();
  await expect(signIn.getByRole('button', { name: 'Sign in with GitHub' })).toHaveCount(0);
  await expect(signIn.getByText(/client id/i)).toHaveCount(0);
  await expect(signIn.getByRole('link', { name: 'new token page' })).toHaveAttribute(
    'href',
    `${fake.webUrl}/settings/tokens/new?scopes=public_repo&description=Gateway%20Companion`,
  );
  await signIn.getByLabel('GitHub token', { exact: true }).fill(token);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function openThePullRequest(page: Page, title: string): Promise<void> {
  const step = page.getByRole('form', { name: 'Step 7 of 7: Open pull request' });
  await step.getByRole('button', { name: 'Open pull request' }).click();
  await expect(page.getByRole('heading', { name: `Pull request #1: ${title}` })).toBeVisible({ timeout: 30_000 });
  expect(fake.pulls).toHaveLength(1);
}

/** Every file under `root` whose bytes contain `needle` (links are not followed). */
function filesContaining(root: string, needle: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat?.isDirectory()) walk(path);
      else if (stat?.isFile() && readFileSync(path).includes(needle)) found.push(path);
    }
  };
  walk(root);
  return found;
}

test('with a keychain: from step 1 to an open pull request, signing in with a pasted classic token', async ({ page }) => {
  test.setTimeout(120_000);
  app = await startBrowserMode({ env: fake.env({ COMPANION_GITHUB_CLIENT_ID: '' }) });
  await toOpenPullRequest(page, app.launchUrl, 'Aurora Staking');
  await expect(page.getByText('The app keeps the sign-in in this computer’s keychain, never in a file.')).toBeVisible();
  await signInWithToken(page, fake.addToken({ login: 'octo-operator', id: 4242 }));
  await expect(page.getByText('Signed in to GitHub as @octo-operator')).toBeVisible();
  await expect(page.getByText('(for this session only)')).toHaveCount(0);
  await openThePullRequest(page, 'Add Aurora Staking validator to Cosmos Hub');
});

test('with no D-Bus (no keychain): reads, signs in for the session only, opens the pull request; the token is never on disk and gone after a restart', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const home = mkdtempSync(join(tmpdir(), 'companion-e2e-'));
  // The app's config, data, state, cache and temp folders all inside this HOME, so the scan below covers them.
  const folders = {
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    TMPDIR: join(home, 'tmp'),
  };
  for (const dir of Object.values(folders)) mkdirSync(dir, { recursive: true });
  const start = () =>
    startBrowserMode({
      home,
      env: fake.env({ COMPANION_GITHUB_CLIENT_ID: '', ...folders }),
      unset: ['DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR'],
    });
  app = await start();

  await toOpenPullRequest(page, app.launchUrl, 'Borealis Staking');
  const signIn = page.getByRole('region', { name: 'Sign in to GitHub' });
  await expect(signIn.getByText(SESSION_ONLY)).toBeVisible();
  await expect(page.getByText(/DBus|Platform failure|D-Bus/)).toHaveCount(0);
  await signIn.screenshot({ path: `${DOC_SHOTS}/operator-no-keychain-sign-in.png`, animations: 'disabled', caret: 'hide' });

  const token = fake.addToken({ login: 'octo-operator', id: 4242 });
  await signInWithToken(page, token);
  await expect(page.getByText('Signed in to GitHub as @octo-operator')).toBeVisible();
  await expect(page.getByText('(for this session only)')).toBeVisible();
  await openThePullRequest(page, 'Add Borealis Staking validator to Cosmos Hub');
  await expect(page.getByText(/DBus|Platform failure|D-Bus/)).toHaveCount(0);

  // Never on disk: not in HOME, nor the config, data, state, cache and temp folders inside it.
  expect(filesContaining(home, token)).toEqual([]);

  // Gone after a restart of the app: Settings offers the sign-in again.
  await app.stop();
  app = await start();
  await page.goto(app.launchUrl);
  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('region', { name: 'GitHub' });
  await expect(panel.getByRole('heading', { name: 'Sign in to GitHub' })).toBeVisible();
  await expect(panel.getByText(SESSION_ONLY)).toBeVisible();
  await expect(page.getByText('Signed in to GitHub as @octo-operator')).toHaveCount(0);
  expect(filesContaining(home, token)).toEqual([]);
  await app.stop();
  app = undefined;
  rmSync(home, { recursive: true, force: true });
});

test('with GitHub unreachable: step 1 says so and switches to the copy on this computer, which gets written', async ({ page }) => {
  test.setTimeout(120_000);
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const registry: TempRegistry = tempRegistry();
  try {
    app = await startBrowserMode({
      env: { COMPANION_GITHUB_API_URL: `http://127.0.0.1:${port}/api/v3`, COMPANION_GITHUB_URL: `http://127.0.0.1:${port}` },
    });
    await openWizard(page, app.launchUrl, 'github');
    const alert = page.getByRole('alert').filter({ hasText: 'GitHub cannot be reached from this computer right now' });
    await expect(alert).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/Check the repository name/)).toHaveCount(0);
    await expect(page.getByText(/use a copy of the registry on this computer \(see above\)/)).toBeVisible();
    await alert.getByRole('button', { name: 'Use a copy of the registry on this computer' }).click();
    await expect(page.getByRole('radio', { name: /Use a copy of the registry on this computer/ })).toBeChecked();

    await chooseFolder(page, registry.root);
    await next(page);
    await chooseChain(page, 'cosmos', 'Cosmos Hub');
    await next(page);
    const id = freshValoperId();
    await page.getByLabel('Validator ID', { exact: true }).fill(id);
    await next(page);
    await fillDetails(page, 'Offline Staking');
    await next(page);
    await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await compliantPng() });
    await expect(nextButton(page)).toBeEnabled();
    await next(page);
    await next(page);
    await page.getByRole('button', { name: 'Write files' }).click();
    await expect(page.getByRole('heading', { name: 'Files written' })).toBeVisible();
    expect(registry.entries('cosmos').some((e) => e.id === id)).toBe(true);
  } finally {
    registry.remove();
  }
});
