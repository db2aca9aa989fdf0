/** Page helpers for the wizard specs: steps are driven by their visible labels, as a user would. */
import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

export const SCREENSHOTS = 'test-results/screenshots';

/**
 * Keeps a screenshot of the whole view (or, with full: false, of the first screen) as a test artifact. The app scrolls inside its content area, so
 * the frame is let grow to the page for the shot (through the CSSOM, which the app's CSP allows).
 */
export async function shot(page: Page, name: string, options: { full?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const grow = (on: boolean) =>
    page.evaluate((value) => {
      for (const s of ['html', 'body', '#root', '.app-frame', '.main-column', '.content']) {
        const el = document.querySelector<HTMLElement>(s);
        if (!el) continue;
        el.style.height = value ? 'auto' : '';
        el.style.overflow = value ? 'visible' : '';
        el.style.minHeight = value ? '100vh' : '';
      }
    }, on);
  const full = options.full ?? true;
  if (full) await grow(true);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: full, animations: 'disabled', caret: 'hide' });
  if (full) await grow(false);
}

/**
 * Opens the wizard. A new draft starts in remote mode (submit through GitHub); the specs about a local
 * clone switch to the folder first, as a user with a clone would.
 */
export async function openWizard(page: Page, launchUrl: string, source: 'folder' | 'github' = 'folder'): Promise<void> {
  await page.goto(launchUrl);
  await page.getByRole('button', { name: 'Submit a validator' }).click();
  await expect(page.getByRole('navigation', { name: 'Submission steps' })).toBeVisible();
  if (source === 'folder') await page.getByRole('radio', { name: /Use a copy of the registry on this computer/ }).check();
}

export const nextButton = (page: Page) => page.getByRole('button', { name: /^Next: / });

export async function next(page: Page): Promise<void> {
  await expect(nextButton(page)).toBeEnabled();
  await nextButton(page).click();
}

export async function chooseFolder(page: Page, root: string): Promise<void> {
  await page.getByLabel('Registry folder', { exact: true }).fill(root);
  await expect(page.getByText(/This is a validator registry/)).toBeVisible();
}

export async function chooseChain(page: Page, search: string, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Chain' }).fill(search);
  await page.getByRole('option', { name: new RegExp(`^${name}\\b`) }).click();
  await expect(page.getByText(new RegExp(`${name}: [\\d,]+ validators? listed`))).toBeVisible();
}

/** From an empty wizard to the Validator ID step of `chain`. */
export async function startAt(page: Page, root: string, search: string, chainName: string): Promise<void> {
  await chooseFolder(page, root);
  await next(page);
  await chooseChain(page, search, chainName);
  await next(page);
  await expect(page.locator('#step-title')).toHaveText('Validator ID');
}

/** Presses Tab until `target` has focus: proves it is reachable from the keyboard (fails after `max` presses). */
export async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${target.toString()} was not reached with ${max} presses of Tab`);
}
