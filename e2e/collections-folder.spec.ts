/**
 * The collections folder, in browser mode: another folder (one in a project, as a git repository would
 * hold it) chosen with the app's folder browser, a playground call saved to a collection lands in it on
 * disk and is listed and opened from there; when that folder vanishes (an unplugged disk) the view says
 * so plainly and "Use the default folder" goes back, nothing lost in the folder left.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startBrowserMode, type RunningApp } from './support/browser-mode';
import { freePort, pickTool, result, run } from './support/playground';

test.describe.configure({ mode: 'serial' });

let home: string;
let app: RunningApp;
let context: BrowserContext;
let page: Page;
const open = (section: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: section }).click();
const defaultFolder = () => join(home, '.config', 'gateway-companion', 'collections');
const repoFolder = () => join(home, 'project', 'collections');
const folderControl = () => page.getByRole('group', { name: /^Folder/ });

test.beforeAll(async ({ browser }) => {
  home = mkdtempSync(join(tmpdir(), 'companion-collections-folder-e2e-'));
  mkdirSync(repoFolder(), { recursive: true });
  app = await startBrowserMode({ home, env: { GATEWAY_COMPANION_EMBEDDED_PORT: String(await freePort()) } });
  context = await browser.newContext();
  page = await context.newPage();
  await page.goto(app.launchUrl);
});

test.afterAll(async () => {
  await context?.close();
  await app?.stop();
  rmSync(home, { recursive: true, force: true });
});

test('a folder chosen with the folder browser holds the collection a playground call is saved to', async () => {
  test.setTimeout(180_000);
  await open('Collections');
  await expect(folderControl().getByText('Folder (the default)')).toBeVisible();
  await expect(folderControl().getByTitle(defaultFolder())).toHaveText(defaultFolder());

  // Browser mode has no system dialog: the app's folder browser opens at home and is walked with the keyboard.
  await folderControl().getByRole('button', { name: 'Change folder…' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose the collections folder' });
  const homeList = picker.getByRole('list', { name: `Folders in ${home}` });
  await expect(homeList.getByRole('button', { name: 'project' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    picker.getByRole('list', { name: `Folders in ${join(home, 'project')}` }).getByRole('button', { name: 'collections' }),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(picker.getByRole('list', { name: `Folders in ${repoFolder()}` })).toBeVisible();
  await picker.getByRole('button', { name: 'Use this folder' }).click();
  await expect(picker).toBeHidden();
  await expect(folderControl().getByText('Folder', { exact: true })).toBeVisible();
  await expect(folderControl().getByTitle(repoFolder())).toHaveText(repoFolder());
  await expect(page.getByText('No collections yet.', { exact: false })).toBeVisible();
  // Kept in the app's settings file, where the CLI and the next start read it.
  expect(JSON.parse(readFileSync(join(home, '.config', 'gateway-companion', 'settings.json'), 'utf8'))).toMatchObject({
    settings: { collectionsFolder: repoFolder() },
  });

  await open('Tool playground');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Tools' })).toBeVisible({ timeout: 60_000 });
  await pickTool(page, 'get_swap_domains');
  await run(page, 'get_swap_domains');
  await result(page).getByRole('button', { name: 'Save to collection…' }).click();
  const dialog = page.getByRole('dialog', { name: /Save get_swap_domains to a collection/ });
  await dialog.getByLabel('Name of the new collection').fill('In my repo');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Saved as item 1 of in-my-repo.collection.json.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  const saved = join(repoFolder(), 'in-my-repo.collection.json');
  expect(JSON.parse(readFileSync(saved, 'utf8'))).toMatchObject({ name: 'In my repo', items: [{ tool: 'get_swap_domains' }] });
  expect(existsSync(join(defaultFolder(), 'in-my-repo.collection.json'))).toBe(false);

  await open('Collections');
  await page
    .getByRole('list', { name: 'Collections' })
    .getByRole('button', { name: /In my repo/ })
    .click();
  await expect(page.getByRole('heading', { name: 'In my repo' })).toBeVisible();
});

test('a chosen folder that vanished is said plainly, and "Use the default folder" goes back with nothing lost', async () => {
  // The folder's disk unplugged: it is no longer where it was chosen.
  renameSync(join(home, 'project'), join(home, 'project-unplugged'));
  await open('Overview');
  await open('Collections');
  const problem = folderControl().getByRole('alert');
  await expect(problem).toHaveText(new RegExp(`^The collections folder ${repoFolder()} is not there now: .* use the default folder\\.$`));
  await expect(page.getByRole('list', { name: 'Collections' })).toHaveCount(0);
  // Said once: the collection open before is closed, not failing beside it.
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'In my repo' })).toHaveCount(0);
  expect(existsSync(repoFolder())).toBe(false);

  await folderControl().getByRole('button', { name: 'Use the default folder' }).click();
  await expect(folderControl().getByText('Folder (the default)')).toBeVisible();
  await expect(folderControl().getByTitle(defaultFolder())).toBeVisible();
  await expect(folderControl().getByRole('alert')).toHaveCount(0);
  await expect(folderControl().getByRole('button', { name: 'Use the default folder' })).toHaveCount(0);
  await expect(page.getByText('No collections yet.', { exact: false })).toBeVisible();
  expect(JSON.parse(readFileSync(join(home, '.config', 'gateway-companion', 'settings.json'), 'utf8'))).toEqual({
    version: 1,
    settings: {},
  });
  // The collection is still in the folder left.
  expect(existsSync(join(home, 'project-unplugged', 'collections', 'in-my-repo.collection.json'))).toBe(true);
});
