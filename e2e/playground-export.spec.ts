/**
 * Exports run as they are: the curl script and the TypeScript program copied from the playground's
 * Export dialog, run unchanged (no variables set) against the built-in reference gateway, answer the call.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { REPO_ROOT, startBrowserMode, type RunningApp } from './support/browser-mode';
import { freePort, pickTool, run } from './support/playground';

const exec = promisify(execFile);
let home: string;
let app: RunningApp;
test.beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'companion-export-e2e-'));
  app = await startBrowserMode({ home, env: { GATEWAY_COMPANION_EMBEDDED_PORT: String(await freePort()) } });
});
test.afterAll(async () => {
  await app?.stop();
  rmSync(home, { recursive: true, force: true });
});

async function exportText(page: Page, format: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: /Export/ });
  await dialog.getByRole('tab', { name: format }).click();
  await expect(dialog.getByRole('region', { name: 'Demo credentials of the built-in gateway' })).toBeVisible();
  return (await dialog.locator('pre').textContent()) ?? '';
}

test('the curl and TypeScript exports run unchanged against the built-in gateway', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(app.launchUrl);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Tool playground' }).click();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Tools' })).toBeVisible({ timeout: 30_000 });
  await pickTool(page, 'get_swap_domains');
  await run(page, 'get_swap_domains');
  await page.getByRole('button', { name: 'Export…' }).click();

  // No GATEWAY_* variables: the demo credentials in the export are what it uses.
  const env = { PATH: process.env.PATH ?? '', HOME: home };
  const curl = await exportText(page, 'curl');
  const script = join(home, 'call.sh');
  writeFileSync(script, curl);
  const byCurl = await exec('bash', [script], { env, timeout: 30_000 });
  expect(byCurl.stdout).toContain('"result"');
  expect(byCurl.stdout).not.toContain('"error"');

  const program = await exportText(page, 'TypeScript (MCP SDK)');
  const caFile = /NODE_EXTRA_CA_CERTS=(\S+)/.exec(program)?.[1];
  expect(caFile, 'the TypeScript export says which CA file to trust').toBeTruthy();
  // Inside the repository, so the SDK import resolves as it does in a user's project that installed it.
  const dir = join(REPO_ROOT, 'test-results', 'export-run');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'call.ts'), program);
  const byTs = await exec(process.execPath, [join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), join(dir, 'call.ts')], {
    env: { ...env, NODE_EXTRA_CA_CERTS: caFile! },
    timeout: 60_000,
  });
  expect(byTs.stdout.length).toBeGreaterThan(10);
  expect(byTs.stderr).not.toMatch(/Error/);
});
