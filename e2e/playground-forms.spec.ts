/**
 * The playground's generated forms against the built-in reference gateway, in browser mode:
 * - every picker (a select, a switch, a union's type, the asset builder's chain) shows exactly the
 *   argument's value, a placeholder when it is not set, for all 13 tools; a choice sets exactly that
 *   (the swap pickers showed Ethereum as chosen and then said "ToAsset is required");
 * - a field's errors appear once it was touched (left after focusing it, or changed), all of them on
 *   Run, with the cursor on the first field to fix.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startBrowserMode, type RunningApp } from './support/browser-mode';
import { field, freePort, pickTool, tools } from './support/playground';

test.describe.configure({ mode: 'serial' });

let home: string;
let app: RunningApp;
let page: Page;

test.beforeAll(async ({ browser }) => {
  home = mkdtempSync(join(tmpdir(), 'companion-playground-forms-'));
  app = await startBrowserMode({ home, env: { GATEWAY_COMPANION_EMBEDDED_PORT: String(await freePort()) } });
  page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  await page.goto(app.launchUrl);
  await page.getByRole('button', { name: 'Tool playground' }).click();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(tools(page).getByRole('button')).toHaveCount(13, { timeout: 30_000 });
});

test.afterAll(async () => {
  await page?.close();
  await app?.stop();
  rmSync(home, { recursive: true, force: true });
});

/** The arguments the form holds, as the JSON editor shows them. */
async function formArgs(): Promise<Record<string, unknown>> {
  await page.locator('.pg-mode').getByText('JSON').click();
  const args = JSON.parse(await page.getByLabel('Arguments as JSON').inputValue()) as Record<string, unknown>;
  await page.locator('.pg-mode').getByText('Form').click();
  return args;
}

interface Picker {
  readonly kind: 'chain' | 'type' | 'value' | 'switch';
  readonly pointer: string;
  readonly value: string;
  readonly shown: string;
  readonly indeterminate?: boolean;
}

/** Every picker of the form, with the argument it stands for and what it shows. */
function pickers(): Promise<Picker[]> {
  return page.locator('.pg-form').evaluate((form) => {
    const out: Picker[] = [];
    for (const select of Array.from(form.querySelectorAll('select'))) {
      const pointer = select.closest('[data-pointer]')?.getAttribute('data-pointer') ?? '?';
      const kind = select.getAttribute('aria-label')?.endsWith(': chain') ? 'chain' : select.id.endsWith('._variant') ? 'type' : 'value';
      out.push({ kind, pointer, value: select.value, shown: select.selectedOptions[0]?.textContent ?? '' });
    }
    for (const box of Array.from(form.querySelectorAll<HTMLInputElement>('.pg-switch input'))) {
      const pointer = box.closest('[data-pointer]')?.getAttribute('data-pointer') ?? '?';
      out.push({ kind: 'switch', pointer, value: String(box.checked), shown: '', indeterminate: box.indeterminate });
    }
    return out;
  });
}

function valueAt(args: Record<string, unknown>, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), args);
}

/** Each picker shows the form's value: a placeholder exactly when the argument is not set. */
async function expectPickersMatch(tool: string): Promise<void> {
  const args = await formArgs();
  for (const p of await pickers()) {
    const value = valueAt(args, p.pointer);
    const where = `${tool} ${p.pointer} (${p.kind})`;
    if (p.kind === 'switch') {
      expect(p.indeterminate, `${where} is neither on nor off exactly when not set`).toBe(value === undefined);
      if (value !== undefined) expect(p.value, where).toBe(String(value === true));
      continue;
    }
    if (p.value === '') {
      expect(p.shown, `${where} shows a placeholder`).toMatch(/^—/);
      expect(value, `${where} shows a placeholder, so the argument is not set`).toBeUndefined();
      continue;
    }
    expect(value, `${where} shows "${p.shown}", so the argument is set`).toBeDefined();
    if (p.kind === 'chain') expect(String(value), where).toMatch(new RegExp(`^c${p.value}(_t|$)`));
    if (p.kind === 'value') {
      // An enum shows the value itself; a category its name with the id in brackets.
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      expect(p.shown === text || p.shown.endsWith(`(${text})`), `${where} shows "${p.shown}" for ${text}`).toBe(true);
    }
  }
}

test('every picker of every tool shows exactly the argument it sets', async () => {
  const names = await tools(page)
    .getByRole('button')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  expect(names).toHaveLength(13);
  for (const name of names) {
    await pickTool(page, name);
    await expectPickersMatch(name);
  }
});

test('the swap pickers show no chain until one is chosen, and a choice sets the argument', async () => {
  await pickTool(page, 'get_swap_quote');
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  const toChain = page.getByLabel('toAsset: chain');
  await expect(toChain).toHaveValue('');
  await expect(toChain.locator('option:checked')).toHaveText('— choose a chain —');
  await expect(page.getByLabel('toAsset: token contract')).toBeDisabled();

  // A domain is offered for the asset, not filled in as if chosen.
  await field(page, 'toDomain').selectOption('smartchain');
  await expect(toChain).toHaveValue('');
  await expect(field(page, 'toAsset')).toHaveValue('');
  await expect(page.getByRole('button', { name: /Use BNB Smart Chain's native coin \(c714, from toDomain\)/ })).toBeVisible();
  await expectPickersMatch('get_swap_quote');

  // Choosing Ethereum sets c60, and Run does not call it missing.
  await toChain.selectOption({ label: 'Ethereum (ETH) · c60' });
  await expect(field(page, 'toAsset')).toHaveValue('c60');
  await page.getByLabel('toAsset: token contract').fill('0xdAC17F958D2ee523a2206206994597C13D831ec7');
  await expect(field(page, 'toAsset')).toHaveValue('c60_t0xdAC17F958D2ee523a2206206994597C13D831ec7');
  expect((await formArgs()).toAsset).toBe('c60_t0xdAC17F958D2ee523a2206206994597C13D831ec7');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const issues = page.locator('.pg-issues');
  await expect(issues).toContainText('Not sent');
  await expect(issues).toContainText('FromAsset is required');
  await expect(issues).not.toContainText('ToAsset');

  // Clearing the id clears the picker too; the native-coin offer sets exactly its id.
  await field(page, 'toAsset').fill('');
  await expect(toChain).toHaveValue('');
  await page.getByRole('button', { name: /Use BNB Smart Chain's native coin/ }).click();
  await expect(field(page, 'toAsset')).toHaveValue('c714');
  await expect(toChain).toHaveValue('714');
  await expectPickersMatch('get_swap_quote');

  // A union of a JSON value that is none of its choices shows as itself, not as the first choice.
  await page.locator('.pg-mode').getByText('JSON').click();
  await page.getByLabel('Arguments as JSON').fill(JSON.stringify({ sortBy: 'cheapest' }));
  await page.locator('.pg-mode').getByText('Form').click();
  await expect(field(page, 'sortBy').locator('option:checked')).toHaveText('cheapest (not one of the choices)');
  await expect(field(page, 'fromDomain').locator('option:checked')).toHaveText('— choose one —');
});

test('errors show once a field was touched, all of them on Run, with the cursor on the first', async () => {
  await pickTool(page, 'get_swap_quote');
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  const errors = page.locator('.pg-form .pg-field-errors');
  await expect(errors).toHaveCount(0);
  await expect(page.locator('.pg-form [aria-invalid="true"]')).toHaveCount(0);

  // Typing: that field's error, and no other.
  await field(page, 'amount').fill('1.5');
  await expect(page.locator('[data-pointer="/amount"] .pg-field-errors')).toContainText('Amount has the wrong format');
  await expect(errors).toHaveCount(1);
  // Leaving an empty required field says so.
  await field(page, 'fromAddress').focus();
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-pointer="/fromAddress"] .pg-field-errors')).toContainText('FromAddress is required');
  await expect(errors).toHaveCount(2);
  await expect(page.locator('.pg-issues')).toHaveCount(0);
  // Fixing a field clears its message as you type.
  await field(page, 'amount').fill('1000');
  await expect(page.locator('[data-pointer="/amount"] .pg-field-errors')).toHaveCount(0);

  // Run: every error, and the cursor on the first field to fix, in the order of the form.
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.locator('.pg-issues')).toContainText('Not sent: 5 arguments need fixing first.');
  await expect(field(page, 'fromDomain')).toBeFocused();
  for (const name of ['fromDomain', 'fromAsset', 'fromAddress', 'toDomain', 'toAsset'])
    await expect(page.locator(`[data-pointer="/${name}"] .pg-field-errors`)).toBeVisible();

  // Another tool starts clean.
  await pickTool(page, 'get_provider_details');
  await expect(errors).toHaveCount(0);
  await expect(page.locator('.pg-issues')).toHaveCount(0);
});
