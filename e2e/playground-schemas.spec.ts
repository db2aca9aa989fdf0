/**
 * Generated forms for the schema features the reference gateway's tools do not use: $ref/$defs, oneOf
 * of objects, anyOf with null, enums of numbers, arrays of objects with maxItems, defaults, and an
 * optional nested object. The playground reaches a small MCP server by URL through the bridge, fills
 * the form, and the tool echoes back exactly the arguments it received.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startBrowserMode, type RunningApp } from './support/browser-mode';
import { field, freePort, pickTool, result, run, tools } from './support/playground';
import { startSchemaServer } from './support/schema-server';

let home: string;
let app: RunningApp;
let lab: Awaited<ReturnType<typeof startSchemaServer>>;
const PROFILE = `shapes-${Math.random().toString(36).slice(2, 8)}`;

async function invoke(channel: string, ...args: unknown[]): Promise<void> {
  const res = await fetch(`${app.origin}/api/invoke`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${app.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ channel, args }),
  });
  const envelope = (await res.json()) as { ok: boolean; error?: { message: string } };
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error?.message}`);
}

test.beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'companion-playground-schemas-'));
  lab = await startSchemaServer();
  app = await startBrowserMode({ home, env: { GATEWAY_COMPANION_EMBEDDED_PORT: String(await freePort()) } });
  // Plain http is accepted for loopback gateways; any credentials do for this server.
  await invoke('profiles:save', { name: PROFILE, url: lab.url });
  await invoke('profiles:setCredentials', PROFILE, { accessId: 'schema-lab', secretKey: 'not-checked-by-this-server' });
});

test.afterAll(async () => {
  await invoke('profiles:remove', PROFILE).catch(() => undefined);
  await app?.stop();
  await lab?.close();
  rmSync(home, { recursive: true, force: true });
});

test('a form built from $ref, oneOf, anyOf, numeric enums, arrays of objects and nested objects sends exactly what was filled in', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.goto(app.launchUrl);
  await page.getByRole('button', { name: 'Tool playground' }).click();
  await page.getByLabel('Profile', { exact: true }).selectOption(PROFILE);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(tools(page).getByRole('region', { name: 'Other' })).toBeVisible({ timeout: 30_000 });
  await pickTool(page, 'echo_shapes');
  await expect(page.locator('.pg-tool-meta')).toContainText('idempotent');

  // Required markers and defaults.
  await expect(field(page, 'label')).toBeVisible();
  await expect(page.locator('[data-pointer="/label"] .pg-required')).toBeVisible();
  await expect(page.locator('[data-pointer="/size"] .pg-optional')).toBeVisible();
  await expect(field(page, 'size')).toHaveValue('3');

  await field(page, 'label').fill('demo');
  // oneOf of two $ref'd objects: pick the branch, its const and default come with it.
  const shape = page.locator('[data-pointer="/shape"]');
  await shape.getByLabel('Type', { exact: true }).selectOption({ label: 'Circle' });
  await expect(field(shape, 'radius')).toHaveValue('1');
  await field(shape, 'radius').fill('2.5');
  await field(page, 'size').fill('7');
  // Enums of numbers keep their type.
  await field(page, 'mode').selectOption({ label: '2' });
  // anyOf with null.
  await page.locator('[data-pointer="/note"]').getByLabel('Type', { exact: true }).selectOption({ label: 'None (null)' });
  // Arrays: add and remove, maxItems enforced.
  const tags = page.locator('[data-pointer="/tags"]');
  await tags.getByRole('button', { name: '+ Add item' }).click();
  await tags.getByRole('button', { name: '+ Add item' }).click();
  await expect(tags.getByRole('button', { name: '+ Add item' })).toBeDisabled();
  await expect(tags).toContainText('The maximum is 2 items.');
  await field(tags, 'tags[0]').fill('a');
  await field(tags, 'tags[1]').fill('b');
  // An array of $ref'd objects.
  const points = page.locator('[data-pointer="/points"]');
  await points.getByRole('button', { name: '+ Add item' }).click();
  await points.getByRole('button', { name: '+ Add item' }).click();
  await points.getByRole('button', { name: 'Remove points[1]' }).click();
  await field(points, 'x').fill('1');
  await field(points, 'y').fill('-2');
  // An optional nested object, added on demand.
  const options = page.locator('[data-pointer="/options"]');
  await options.getByRole('button', { name: 'Add options' }).click();
  await options.locator('.pg-switch').click();

  await page.locator('.pg-tool-panel').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: 'test-results/screenshots/playground-schema-form.png', fullPage: false });

  const expected = {
    label: 'demo',
    shape: { kind: 'circle', radius: 2.5 },
    size: 7,
    mode: 2,
    note: null,
    tags: ['a', 'b'],
    points: [{ kind: 'point', x: 1, y: -2 }],
    options: { verbose: true },
  };
  await run(page, 'echo_shapes');
  await result(page).getByRole('tab', { name: 'Raw' }).click();
  const raw = JSON.parse((await result(page).locator('pre').textContent()) ?? '{}') as { structuredContent: unknown };
  expect(raw.structuredContent).toEqual(expected);

  // The JSON mode shows the same arguments; a broken branch is caught before sending.
  await page.locator('.pg-mode').getByText('JSON').click();
  expect(JSON.parse(await page.getByLabel('Arguments as JSON').inputValue())).toEqual(expected);
  await page.getByLabel('Arguments as JSON').fill(JSON.stringify({ ...expected, shape: { kind: 'circle', radius: 0 }, size: 11 }));
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.locator('.pg-issues')).toContainText('Shape matches none of the allowed shapes');
  await expect(page.locator('.pg-issues')).toContainText('Size must be at most 10 (it is 11)');
});
