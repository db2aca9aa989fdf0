/**
 * Layout and accessibility of the Collections view: none open, and after a run with a failed comparison
 * (the check itself: `support/layout-check.ts`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { checkView, layoutSession, open } from './support/layout-check';

const session = layoutSession();

test("Collections with a run's results", async () => {
  const { page, app } = session;
  test.setTimeout(300_000);
  const folder = join(app.home, '.config', 'gateway-companion', 'collections');
  mkdirSync(folder, { recursive: true });
  const item = (name: string, assertions: object[]) => ({ name, tool: 'get_swap_domains', arguments: {}, assertions });
  writeFileSync(
    join(folder, 'layout-check.collection.json'),
    JSON.stringify({
      name: 'Swap domains, checked',
      description: 'The swap domains the gateway offers, with one assertion broken on purpose.',
      items: [
        item('domains answer', [{ assert: 'success' }, { assert: 'type', pointer: '/structuredContent/domains', type: 'array' }]),
        item('first domain', [
          { assert: 'equals', pointer: '/structuredContent/domains/0', value: { id: 'not-this-one', chainId: '0x1' } },
        ]),
      ],
    }),
  );
  await open(page, 'Collections');
  await checkView(page, 'Collections (none open)');
  await page
    .getByRole('list', { name: 'Collections' })
    .getByRole('button', { name: /Swap domains, checked/ })
    .click();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^1 passed, 1 failed in / })).toBeVisible({ timeout: 120_000 });
  await checkView(page, 'Collections run results', 'collections');
});
