/**
 * Layout and accessibility of the tool playground: before connecting, connected, with results, history
 * and traffic (the check itself: `support/layout-check.ts`).
 */
import { expect, test } from '@playwright/test';
import { field, pickTool, run } from './support/playground';
import { checkView, layoutSession, open } from './support/layout-check';

const session = layoutSession();

test('Tool playground: welcome, results, history and traffic', async () => {
  const { page } = session;
  test.setTimeout(420_000);
  await open(page, 'Tool playground');
  await checkView(page, 'Playground (not connected)');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Tools' })).toBeVisible({ timeout: 30_000 });
  await checkView(page, 'Playground (connected)');

  await pickTool(page, 'search_assets');
  await field(page, 'query').fill('USDC');
  await run(page, 'search_assets');
  await checkView(page, 'Playground search results');

  await pickTool(page, 'get_trending_tokens');
  await field(page, 'limit').fill('8');
  await run(page, 'get_trending_tokens');
  await checkView(page, 'Playground trending table', 'playground');

  await page.getByRole('tab', { name: /^History \(/ }).click();
  await checkView(page, 'Playground history');
  await page.getByRole('tab', { name: /^Traffic/ }).click();
  await checkView(page, 'Playground traffic');
});
