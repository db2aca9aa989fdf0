/**
 * The layout check shared by the `layout-*.spec.ts` files: every view fits and passes axe at 1280×800 and
 * 800×600, light and dark. No view scrolls sideways, no control is cut off, every text shortened with "…"
 * shows its full value on hover, and axe-core finds no serious or critical violation. The views are split
 * over several spec files (each with its own app) so that Playwright's workers share them.
 */
import { mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startBrowserMode, type RunningApp } from './browser-mode';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 600 },
] as const;
const THEMES = ['light', 'dark'] as const;

interface LayoutProblem {
  readonly kind: 'page scrolls sideways' | 'content scrolls sideways' | 'control cut off' | 'shortened without its full value';
  readonly where: string;
}

/** Runs in the page: what does not fit. */
function layoutProblems(): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const describe = (el: Element) => {
    const label = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40);
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    return `${el.tagName.toLowerCase()}${cls} "${label}"`;
  };
  const root = document.scrollingElement!;
  if (root.scrollWidth > root.clientWidth)
    problems.push({ kind: 'page scrolls sideways', where: `${root.scrollWidth} > ${root.clientWidth}` });
  const content = document.querySelector('#content');
  if (content && content.scrollWidth > content.clientWidth)
    problems.push({ kind: 'content scrolls sideways', where: `${content.scrollWidth} > ${content.clientWidth}` });

  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  // A control is cut off when part of it lies outside the window or outside an ancestor that clips it
  // sideways. Code, diffs and JSON may scroll sideways inside their own box (marked data-scroll-x).
  for (const el of Array.from(
    document.querySelectorAll('button, a[href], input:not([type=radio]):not([type=checkbox]), select, textarea, [role=tab]'),
  )) {
    if (!visible(el) || el.closest('.visually-hidden, [data-scroll-x]')) continue;
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.right > window.innerWidth + 1) {
      problems.push({
        kind: 'control cut off',
        where: `${describe(el)} spans ${Math.round(r.left)}–${Math.round(r.right)} of ${window.innerWidth}`,
      });
      continue;
    }
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const overflowX = getComputedStyle(a).overflowX;
      if (overflowX === 'visible') continue;
      const box = a.getBoundingClientRect();
      if (r.left < box.left - 1 || r.right > box.right + 1) {
        problems.push({ kind: 'control cut off', where: `${describe(el)} by ${describe(a)}` });
        break;
      }
    }
  }
  for (const el of Array.from(document.querySelectorAll('body *'))) {
    if (!visible(el) || el.scrollWidth <= el.clientWidth + 1) continue;
    const style = getComputedStyle(el);
    if (style.textOverflow !== 'ellipsis' || style.overflowX === 'visible') continue;
    if (!el.closest('[title]')) problems.push({ kind: 'shortened without its full value', where: describe(el) });
  }
  return problems;
}

/** The README's pictures of the main views, kept current by this spec (1280×800; light, and dark where named). */
const README_SHOTS = 'docs/screenshots';

/** Checks the current view at both sizes and in both themes; `shot` also saves it for the README. */
export async function checkView(page: Page, name: string, shot?: string): Promise<void> {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // Let the layout settle (ResizeObserver-driven lists re-render on the next frame).
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const where = `${name} at ${size.width}×${size.height}, ${theme}`;
      expect.soft(await page.evaluate(layoutProblems), where).toEqual([]);
    }
    const axe = await new AxeBuilder({ page }).analyze();
    const serious = axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ rule: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
    expect.soft(serious, `axe on ${name}, ${theme}`).toEqual([]);
  }
  await page.setViewportSize(SIZES[0]);
  if (shot) {
    mkdirSync(README_SHOTS, { recursive: true });
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.screenshot({ path: `${README_SHOTS}/${shot}-${theme}.png`, animations: 'disabled', caret: 'hide' });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

export const open = (page: Page, section: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: section }).click();

/** One app and one page for a layout spec file, started before its tests and stopped after them. */
export interface LayoutSession {
  readonly app: RunningApp;
  readonly page: Page;
}

export function layoutSession(): LayoutSession {
  let app: RunningApp | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  test.beforeAll(async ({ browser }) => {
    app = await startBrowserMode();
    context = await browser.newContext();
    page = await context.newPage();
    await page.goto(app.launchUrl);
    await expect(page.getByRole('status', { name: 'Status' })).toContainText('Services ready');
  });
  test.afterAll(async () => {
    await context?.close();
    await app?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The layout session has not started (use it inside a test).');
    return value;
  };
  return {
    get app() {
      return started(app);
    },
    get page() {
      return started(page);
    },
  };
}
