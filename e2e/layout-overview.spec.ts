/**
 * Layout and accessibility of the Overview, the Assistants (before and after one is configured, with its
 * activity log), Settings and About (the check itself: `support/layout-check.ts`).
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { checkView, layoutSession, open } from './support/layout-check';

const session = layoutSession();

test('Overview', async () => {
  const { page } = session;
  await open(page, 'Overview');
  await checkView(page, 'Overview', 'overview');
});

test('Assistants', async () => {
  const { page, app } = session;
  await open(page, 'Assistants');
  await expect(page.getByRole('heading', { name: /Claude Desktop/ }).first()).toBeVisible();
  await checkView(page, 'Assistants', 'assistants');
  // Configured: an entry with its profile badge, the outcome message with the restart hint and backup path.
  const card = page.getByRole('article', { name: 'Claude Desktop' });
  await card.getByRole('button', { name: 'Install for Claude Desktop' }).click();
  await expect(card.getByRole('status')).toContainText('Installed in');
  await card.getByRole('button', { name: 'Test Claude Desktop' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Connected.' })).toBeVisible({ timeout: 60_000 });
  await card.getByText('Show the tools').click();
  await card.getByText('Manual setup').click();
  await expect(card.getByText(/Merge this into/)).toBeVisible();
  // A configured assistant calls tools: the activity log fills with rows of long arguments.
  const log = join(app.home, '.config', 'gateway-companion', 'logs');
  mkdirSync(log, { recursive: true });
  const call = (tool: string, args: object, ok = true) =>
    `${JSON.stringify({ time: new Date().toISOString(), profile: 'default', tool, arguments: args, durationMs: 184, ok, ...(ok ? {} : { errorCode: -32001 }) })}\n`;
  appendFileSync(
    join(log, 'audit.jsonl'),
    call('check_token_security', { assetId: 'c501_tEPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' }) +
      call('get_swap_quote', { fromAsset: 'c60', toAsset: 'c501', amount: '1.5' }, false),
  );
  await expect(page.getByRole('table', { name: 'Tool calls' }).getByText('check_token_security')).toBeVisible({ timeout: 30_000 });
  await checkView(page, 'Assistants (configured)');
  await card.getByRole('button', { name: 'Remove from Claude Desktop' }).click();
  await expect(card.getByRole('status').first()).toContainText('Removed');
});

test('Settings and About', async () => {
  const { page } = session;
  await open(page, 'Settings');
  await checkView(page, 'Settings', 'settings');
  await open(page, 'About');
  await checkView(page, 'About');
});
