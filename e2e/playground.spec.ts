/**
 * The tool playground in browser mode, against the reference gateway through the bridge: connecting to
 * the built-in profile with no setup, every tool through its generated form and its rich view, invalid
 * input refused before sending, history across a reload and a restart, exports, profiles with keychain
 * credentials (wrong ones give a clear error), cancelling a slow call, and the secrets never reaching
 * the renderer. Screenshots land in test-results/screenshots/playground-*.png.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { startBrowserMode, type RunningApp } from './support/browser-mode';
import {
  demoAccount,
  field,
  freePort,
  pickTool,
  RendererTraffic,
  rendererStorage,
  result,
  run,
  startLabGateway,
  tools,
  type LabGateway,
} from './support/playground';

test.describe.configure({ mode: 'serial' });

const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const USDC_SOLANA_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const suffix = Math.random().toString(36).slice(2, 8);
const LAB = `lab-${suffix}`;
const WRONG = `wrong-${suffix}`;

let home: string;
let embeddedPort: number;
let app: RunningApp;
let lab: LabGateway;
let context: BrowserContext;
let page: Page;
let traffic: RendererTraffic;

async function openApp(browser: Browser): Promise<void> {
  context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  page = await context.newPage();
  traffic = new RendererTraffic(page, app.origin, app.token);
  await page.goto(app.launchUrl);
  await page.getByRole('button', { name: 'Tool playground' }).click();
}

test.beforeAll(async ({ browser }) => {
  home = mkdtempSync(join(tmpdir(), 'companion-playground-e2e-'));
  embeddedPort = await freePort();
  app = await startBrowserMode({ home, env: { GATEWAY_COMPANION_EMBEDDED_PORT: String(embeddedPort) } });
  lab = await startLabGateway(join(home, 'lab-gateway'));
  await openApp(browser);
});

test.afterAll(async () => {
  traffic?.stop();
  await context?.close();
  await app?.stop();
  await lab?.stop();
  rmSync(home, { recursive: true, force: true });
});

test('connects to the built-in reference gateway with no setup: 13 tools in 4 groups', async () => {
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const details = page.getByRole('region', { name: 'Connection' }).getByLabel('Connection details');
  await expect(details).toContainText('gateway-companion-reference-gateway', { timeout: 30_000 });
  await expect(details).toContainText(/Protocol\s*\d{4}-\d{2}-\d{2}/);
  await expect(details).toContainText(/Latency\s*[\d.]+ (ms|s)/);
  await expect(details).toContainText(`https://127.0.0.1:${embeddedPort}/mcp`);

  const groups = tools(page).getByRole('region');
  await expect(groups).toHaveCount(4);
  expect(await groups.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual([
    'Token information',
    'Swap & bridge',
    'Market data',
    'Security',
  ]);
  await expect(tools(page).getByRole('button')).toHaveCount(13);
  for (const name of [
    'search_assets',
    'get_asset_details',
    'get_coin_status',
    'get_swap_domains',
    'get_swap_providers',
    'get_provider_details',
    'get_swap_quote',
    'get_swap_route_step',
    'get_token_prices',
    'get_trending_tokens',
    'get_listing_categories',
    'validate_address',
    'check_token_security',
  ]) {
    await expect(tools(page).getByRole('button', { name, exact: true })).toBeVisible();
  }
  // Search narrows the list; annotation badges are on every tool.
  await tools(page).getByRole('searchbox', { name: 'Search tools' }).fill('bridge quote');
  await expect(tools(page).getByRole('button')).toHaveCount(1);
  await tools(page).getByRole('searchbox', { name: 'Search tools' }).fill('');
  await pickTool(page, 'get_token_prices');
  await expect(page.locator('.pg-tool-meta')).toContainText('read-only');
});

test('runs every tool through its form, each with its rich view', async () => {
  const region = result(page);

  await pickTool(page, 'search_assets');
  await field(page, 'query').fill('USDC');
  await field(page, 'limit').fill('5');
  await run(page, 'search_assets');
  await expect(region.getByRole('table')).toContainText('USD Coin');
  await expect(region).toContainText(/5 of \d+ matches/);

  await pickTool(page, 'get_asset_details');
  // The asset-ID builder: a chain from the coin catalog, no contract → the native coin.
  await page.getByLabel('assetId: chain').selectOption({ label: 'Ethereum (ETH) · c60' });
  await expect(field(page, 'assetId')).toHaveValue('c60');
  await expect(page.locator('.pg-verdict.ok')).toContainText("Ethereum's native coin");
  await run(page, 'get_asset_details');
  await expect(region.getByRole('heading', { name: 'Ethereum (ETH)' })).toBeVisible();

  await pickTool(page, 'get_coin_status');
  await page.getByLabel('assetId: chain').selectOption({ label: 'Ethereum (ETH) · c60' });
  await page.getByLabel('assetId: token contract').fill(USDT.toLowerCase());
  await expect(field(page, 'assetId')).toHaveValue(`c60_t${USDT.toLowerCase()}`);
  // The identifier module offers the checksummed form.
  await page.locator('.pg-verdict').getByRole('button', { name: 'use it' }).click();
  await expect(field(page, 'assetId')).toHaveValue(`c60_t${USDT}`);
  await page.locator('.pg-switch').click();
  await run(page, 'get_coin_status');
  await expect(region.getByRole('heading', { name: 'Tether USD (USDT)' })).toBeVisible();
  await expect(region).toContainText('Security scan');
  await expect(region).toContainText('✓ Swap');

  await pickTool(page, 'get_swap_domains');
  await run(page, 'get_swap_domains');
  await expect(region.getByRole('table')).toContainText('BNB Smart Chain');
  await expect(region).toContainText(/\d+ swap domains/);

  await pickTool(page, 'get_swap_providers');
  await run(page, 'get_swap_providers');
  await expect(region).toContainText('DEX aggregators');
  await expect(region).toContainText('Stargate');

  await pickTool(page, 'get_provider_details');
  await field(page, 'id').fill('1inch');
  await run(page, 'get_provider_details');
  await expect(region.getByRole('heading', { name: '1inch' })).toBeVisible();
  await expect(region).toContainText('ethereum');

  await pickTool(page, 'get_swap_quote');
  await field(page, 'fromDomain').selectOption('ethereum');
  await page.getByLabel('fromAsset: chain').selectOption({ label: 'Ethereum (ETH) · c60' });
  await field(page, 'fromAddress').fill(WALLET);
  await expect(page.locator('[data-pointer="/fromAddress"] .pg-verdict')).toContainText('A valid Ethereum address');
  await field(page, 'amount').fill('1000000000000000000');
  await field(page, 'toDomain').selectOption('ethereum');
  await page.getByLabel('toAsset: chain').selectOption({ label: 'Ethereum (ETH) · c60' });
  await page.getByLabel('toAsset: token contract').fill(USDT);
  await run(page, 'get_swap_quote');
  const best = region.getByRole('article', { name: 'Route 1' });
  await expect(best).toContainText('Best');
  await expect(best).toContainText('You send');
  await expect(best).toContainText('1 ETH');
  await expect(best).toContainText('You receive');
  await expect(best).toContainText('USDT');
  await expect(best).toContainText('Price impact');
  await expect(best).toContainText('Network fee');
  await expect(best).toContainText(/Expires in \d+:\d{2}/);
  await expect(best.locator('.pg-step-title')).toHaveText(/^Swap (1inch|KyberSwap|0x|THORChain)$/);

  // Route-step transaction details, through its form with a step of that quote.
  await pickTool(page, 'get_swap_route_step');
  await page.getByRole('button', { name: /^step 1 · / }).click();
  await run(page, 'get_swap_route_step');
  await expect(region.getByRole('heading', { name: 'Transaction for this step' })).toBeVisible();
  await expect(region).toContainText('Gas limit');
  await expect(region.locator('.pg-tx-facts')).toContainText(/To\s*0x[0-9a-fA-F]{40}/);
  await expect(region.locator('.pg-tx-facts')).toContainText('1 native');

  await pickTool(page, 'get_token_prices');
  await page.getByRole('button', { name: '+ BTC' }).click();
  await page.getByRole('button', { name: '+ ETH' }).click();
  await field(page, 'assets').fill('c501');
  await field(page, 'assets').press('Enter');
  await expect(page.locator('.pg-chips .pg-chip')).toHaveCount(3);
  await expect(page.locator('[data-pointer="/assets"] .pg-count')).toHaveText('3 / 50');
  await field(page, 'currency').selectOption('EUR');
  await run(page, 'get_token_prices');
  const prices = region.getByRole('table');
  await expect(region.getByRole('heading', { name: 'Prices in EUR' })).toBeVisible();
  for (const id of ['c0', 'c60', 'c501']) await expect(prices).toContainText(id);
  await expect(prices).toContainText('Bitcoin (BTC)');
  await expect(prices).toContainText('Solana (SOL)');
  await expect(prices.locator('td.num').first()).toContainText('EUR');

  await pickTool(page, 'get_trending_tokens');
  // The category picker is filled from get_listing_categories.
  await expect(field(page, 'category').locator('option', { hasText: 'Memes (memes)' })).toHaveCount(1);
  await field(page, 'category').selectOption('memes');
  await field(page, 'limit').fill('8');
  await run(page, 'get_trending_tokens');
  const trending = region.getByRole('table');
  await expect(trending.locator('tbody tr')).toHaveCount(8);
  await expect(trending.locator('thead')).toContainText('90d');
  await expect(trending.locator('td .up, td .down').first()).toContainText('%');
  await expect(trending.getByRole('img', { name: /: 90 days [+−]/ }).first()).toBeVisible();

  await pickTool(page, 'get_listing_categories');
  await run(page, 'get_listing_categories');
  await expect(region.getByRole('button', { name: /Memes/ })).toBeVisible();
  await expect(region).toContainText('Layer 2');

  await pickTool(page, 'validate_address');
  await page.getByLabel('asset_id: chain').selectOption({ label: 'Ethereum (ETH) · c60' });
  await field(page, 'address').fill(WALLET);
  await run(page, 'validate_address');
  await expect(region.locator('.pg-verdict-badge')).toHaveText('✓ Valid address');
  // An invalid address: the tool's error, styled as one, with its message, and the badge says so.
  await field(page, 'address').fill(WALLET.replace('886E0F', '886e0F'));
  await run(page, 'validate_address', 'Tool error');
  await expect(region.getByRole('alert')).toContainText('The tool returned an error');
  await expect(region.getByRole('alert')).toContainText('invalid_address');
  await expect(region.locator('.pg-verdict-badge')).toHaveText('✗ Invalid address');

  await pickTool(page, 'check_token_security');
  await page.getByLabel('assetId: chain').selectOption({ label: 'Solana (SOL) · c501' });
  await page.getByLabel('assetId: token contract').fill(USDC_SOLANA_MINT);
  await run(page, 'check_token_security');
  await expect(region.locator('.pg-risk')).toHaveText('Risk: low');
  const checks = region.getByRole('list', { name: 'Security checks' });
  await expect(checks).toContainText('Honeypot');
  await expect(checks).toContainText('not a honeypot');
  await expect(checks).toContainText('audited by');
  await expect(checks).toContainText('Freeze authority');
  await expect(checks).toContainText('Mint authority');
});

test('the JSON tree copies paths and values; raw JSON mode toggles with the form', async () => {
  const region = result(page);
  await region.getByRole('tab', { name: 'JSON tree' }).click();
  const tree = region.getByRole('tree', { name: 'check_token_security' });
  await expect(tree).toContainText('securityInfo');
  const row = tree.getByRole('treeitem').filter({ hasText: 'riskLevel' }).first();
  await row.click();
  await row.getByRole('button', { name: 'Copy path' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('securityInfo.riskLevel');
  await row.getByRole('button', { name: 'Copy value' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('low');
  await tree.getByRole('button', { name: 'Collapse securityInfo', exact: true }).click();
  await expect(tree.getByRole('treeitem').filter({ hasText: 'riskLevel' })).toHaveCount(1);

  await page.locator('.pg-mode').getByText('JSON').click();
  const json = page.getByLabel('Arguments as JSON');
  expect(JSON.parse(await json.inputValue())).toEqual({ assetId: `c501_t${USDC_SOLANA_MINT}` });
  await json.fill(JSON.stringify({ assetId: `c60_t${USDT}` }));
  await page.locator('.pg-mode').getByText('Form').click();
  await expect(field(page, 'assetId')).toHaveValue(`c60_t${USDT}`);
});

test('invalid input is caught before sending, with clear messages', async () => {
  const sent = () => traffic.eventText.split('"method":"tools/call"').length;
  const history = page.getByRole('tab', { name: /^History \(/ });
  const count = await history.textContent();

  await pickTool(page, 'search_assets');
  await field(page, 'query').fill('');
  await field(page, 'limit').fill('500');
  const before = sent();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const issues = page.locator('.pg-issues');
  await expect(issues).toContainText('Not sent: 2 arguments need fixing first.');
  await expect(issues).toContainText('Query is required');
  await expect(issues).toContainText('Limit must be at most 100 (it is 500)');
  await expect(page.locator('[data-pointer="/limit"] .pg-field-errors')).toContainText('at most 100');
  await expect(field(page, 'limit')).toHaveAttribute('aria-invalid', 'true');
  // Fixing the fields clears their messages as you type.
  await field(page, 'limit').fill('10');
  await expect(page.locator('[data-pointer="/limit"] .pg-field-errors')).toHaveCount(0);

  // 51 asset ids in raw JSON: refused by the same schema check.
  await pickTool(page, 'get_token_prices');
  await page.locator('.pg-mode').getByText('JSON').click();
  await page.getByLabel('Arguments as JSON').fill(JSON.stringify({ assets: Array.from({ length: 51 }, (_, i) => `c${i}`) }));
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(issues).toContainText('Assets takes at most 50 items (it has 51)');
  await page.getByLabel('Arguments as JSON').fill('{"assets": [');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(issues).toContainText('The JSON is not valid');
  await page.getByLabel('Arguments as JSON').fill('{"assets": ["c0"]}');
  await page.locator('.pg-mode').getByText('Form').click();

  expect(sent()).toBe(before);
  await expect(history).toHaveText(count ?? '');
});

test('history survives a reload and a restart; re-run, edit, compare and export', async ({ browser }) => {
  const history = page.getByRole('table', { name: 'Call history' });
  const rows = await history.locator('tbody tr').count();
  expect(rows).toBeGreaterThanOrEqual(14);

  await page.reload();
  await page.getByRole('button', { name: 'Tool playground' }).click();
  await expect(page.getByRole('table', { name: 'Call history' }).locator('tbody tr')).toHaveCount(rows);
  // The connection lives in main, so the reloaded page is still connected.
  await expect(tools(page).getByRole('button')).toHaveCount(13);

  // A restart of the app with the same HOME keeps the history too.
  traffic.stop();
  await context.close();
  await app.stop();
  app = await startBrowserMode({ home, env: { GATEWAY_COMPANION_EMBEDDED_PORT: String(embeddedPort) } });
  await openApp(browser);
  const table = page.getByRole('table', { name: 'Call history' });
  await expect(table.locator('tbody tr')).toHaveCount(rows);
  await expect(table.locator('tbody tr').first()).toContainText('check_token_security');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(tools(page).getByRole('button')).toHaveCount(13, { timeout: 30_000 });

  // View an old result, then re-run it as it was.
  const prices = table.locator('tbody tr').filter({ hasText: 'get_token_prices' }).first();
  await prices.getByRole('button', { name: 'View' }).click();
  await expect(result(page).locator('.badge.accent')).toHaveText('from history');
  await expect(result(page).getByRole('heading', { name: 'Prices in EUR' })).toBeVisible();
  await prices.getByRole('button', { name: 'Re-run' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(rows + 1);
  await expect(result(page).getByRole('heading', { name: 'Prices in EUR' })).toBeVisible();

  // Edit and re-run: the arguments come back into the form.
  await prices.getByRole('button', { name: 'Edit' }).click();
  await expect(page.locator('.pg-chips .pg-chip')).toHaveCount(3);
  await page.getByRole('button', { name: 'Remove c501' }).click();
  await run(page, 'get_token_prices');
  await expect(table.locator('tbody tr')).toHaveCount(rows + 2);

  // Compare the two newest calls side by side.
  await table.locator('tbody tr').nth(0).getByRole('checkbox').check();
  await table.locator('tbody tr').nth(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Compare the two' }).click();
  const comparison = page.getByLabel('Comparison');
  await expect(comparison.getByRole('status')).toContainText(/\d+ changes?/);
  await expect(comparison.locator('.pg-diff-cell.removed, .pg-diff-cell.changed').filter({ hasText: 'c501' }).first()).toBeVisible();

  // Export: for the built-in gateway, its demo credentials, labelled as such, as the variables' fallback.
  await page.getByRole('tab', { name: /^History/ }).click();
  await table.locator('tbody tr').nth(0).getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: /Export/ });
  const demo = demoAccount(home);
  await expect(dialog.getByRole('region', { name: 'Demo credentials of the built-in gateway' })).toContainText(
    `export GATEWAY_ACCESS_ID=${demo.accessId} GATEWAY_SECRET_KEY=${demo.secretKey}`,
  );
  for (const format of ['JSON-RPC request', 'TypeScript (MCP SDK)', 'curl']) {
    await dialog.getByRole('tab', { name: format }).click();
    await expect(dialog.locator('pre')).toContainText('X-SVC-SECRET-KEY');
    await expect(dialog.locator('pre')).toContainText(format === 'JSON-RPC request' ? demo.secretKey : 'GATEWAY_SECRET_KEY');
  }
  await expect(dialog.locator('pre')).toContainText(`https://127.0.0.1:${embeddedPort}/mcp`);
  await expect(dialog.locator('pre')).toContainText('--cacert');
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('"method":"tools/call"');
  await dialog.getByRole('button', { name: 'Close' }).click();
});

test('profiles: credentials go to the keychain and never come back; wrong ones give a clear error', async () => {
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('button', { name: 'Profiles & credentials' }).click();
  const panel = page.getByRole('region', { name: 'Profiles & credentials' });

  for (const [name, secret] of [
    [WRONG, 'not-the-right-secret-key'],
    [LAB, lab.secretKey],
  ] as const) {
    await panel.getByRole('button', { name: '+ New profile' }).click();
    await panel.getByLabel('Name', { exact: true }).fill(name);
    await panel.getByLabel('Gateway URL').fill(lab.url);
    await panel.getByLabel('CA certificate file (optional)').fill(lab.caCert);
    await panel.getByRole('button', { name: 'Create profile' }).click();
    const creds = panel.getByRole('form', { name: `Credentials of ${name}` });
    await expect(creds).toContainText('None stored');
    await creds.getByLabel('Access id').fill(lab.accessId);
    await creds.getByLabel('Secret key').fill(secret);
    await creds.getByRole('button', { name: 'Save to keychain' }).click();
    await expect(creds).toContainText('Saved to the OS keychain.');
    await expect(creds).toContainText('Stored in the OS keychain');
    // The secret field is emptied and never filled again.
    await expect(creds.getByLabel('Secret key')).toHaveValue('');
    await expect(creds.getByRole('button', { name: 'Replace credentials' })).toBeVisible();
  }

  await page.getByLabel('Profile', { exact: true }).selectOption(WRONG);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  // The gateway opens no session for a wrong secret: connecting fails and says how to fix it.
  const refused = page.getByRole('region', { name: 'Connection' }).getByRole('alert');
  await expect(refused).toContainText(`The gateway refused the credentials of profile "${WRONG}"`, { timeout: 30_000 });
  await expect(refused).toContainText(/Invalid credentials: the access id and secret key do not match an account.*companion login/);

  // Replacing them fixes it.
  const creds = page.getByRole('form', { name: `Credentials of ${WRONG}` });
  await panel.getByRole('button', { name: new RegExp(`^${WRONG}`) }).click();
  await creds.getByLabel('Access id').fill(lab.accessId);
  await creds.getByLabel('Secret key').fill(lab.secretKey);
  await creds.getByRole('button', { name: 'Replace credentials' }).click();
  await expect(creds).toContainText('Replaced in the OS keychain.');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await pickTool(page, 'get_swap_providers');
  await run(page, 'get_swap_providers', 'OK');

  // A profile without credentials says how to fix it.
  await creds.getByRole('button', { name: 'Remove credentials' }).click();
  await expect(creds).toContainText('None stored');
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Connection' }).getByRole('alert')).toContainText(
    `No gateway credentials are stored for profile "${WRONG}"`,
  );
  await panel.getByRole('button', { name: `Remove profile “${WRONG}”` }).click();
  await expect(panel.getByRole('button', { name: new RegExp(`^${WRONG}`) })).toHaveCount(0);
});

test('a slow call shows its elapsed time and can be cancelled (notifications/cancelled)', async () => {
  await page.getByLabel('Profile', { exact: true }).selectOption(LAB);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Connection' })).toContainText(lab.url, { timeout: 30_000 });
  await pickTool(page, 'search_assets');
  await field(page, 'query').fill('slow:30000');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const running = page.locator('.pg-running');
  await expect(running).toContainText(/Running search_assets… \d/);
  const first = await running.textContent();
  await expect(running).not.toHaveText(first ?? '');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  const region = result(page);
  await expect(region.locator('.pg-result-head .badge').first()).toHaveText('Cancelled');
  await expect(region).toContainText('the gateway was sent notifications/cancelled');
  await page.getByRole('tab', { name: /^Traffic/ }).click();
  await expect(page.getByRole('button', { name: /notifications\/cancelled/ })).toBeVisible();
  // The session goes on: the next call works.
  await field(page, 'query').fill('USDT');
  await run(page, 'search_assets');
});

test('the secrets never reach the renderer: not the DOM, storage, IPC responses or events', async () => {
  // The built-in gateway's demo account is public by design (shown in exports, labelled as demo
  // credentials); a real gateway's secret never reaches the renderer.
  const secrets = [lab.secretKey];
  // The traffic view shows messages in full, so open one with a result for the scan.
  await page
    .getByRole('button', { name: /result/ })
    .last()
    .click();
  const seen = [await rendererStorage(page), traffic.all()].join('\n');
  expect(traffic.bodies.length).toBeGreaterThan(20);
  // Tool results come through the page's fetch worker: their bodies are scanned too.
  expect(traffic.bodies.some((body) => body.includes('"structuredContent"'))).toBe(true);
  expect(seen).toContain('tools/call');
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThan(10);
    expect(seen.includes(secret), 'a secret key reached the renderer').toBe(false);
  }
});

for (const theme of ['light', 'dark'] as const) {
  test(`screenshots in the ${theme} theme`, async ({ browser }) => {
    const shots = await browser.newContext({ colorScheme: theme, viewport: { width: 1440, height: 960 } });
    const p = await shots.newPage();
    await p.goto(app.launchUrl);
    await p.getByRole('button', { name: 'Tool playground' }).click();
    await expect(p.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(tools(p).getByRole('button')).toHaveCount(13);
    // The app scrolls inside its content pane: bring the part shown to the top, then take the window.
    const shot = async (name: string, top?: Locator) => {
      if (top) await top.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      else await p.locator('#content').evaluate((el) => el.scrollTo(0, 0));
      await p.waitForTimeout(200);
      await p.screenshot({ path: `test-results/screenshots/playground-${name}-${theme}.png` });
    };
    const history = p.getByRole('table', { name: 'Call history' });
    const view = async (tool: string, action: 'View' | 'Re-run' = 'View') => {
      const rows = await history.locator('tbody tr').count();
      await history.locator('tbody tr').filter({ hasText: tool }).first().getByRole('button', { name: action }).click();
      if (action === 'Re-run') await expect(history.locator('tbody tr')).toHaveCount(rows + 1, { timeout: 30_000 });
      await expect(result(p).locator('.pg-result-tool')).toHaveText(tool);
    };
    await pickTool(p, 'get_swap_quote');
    // Fresh quotes, so the expiry countdown runs.
    await view('get_swap_quote', 'Re-run');
    await shot('form');
    await shot('swap-quote', result(p));
    await view('get_trending_tokens', 'Re-run');
    await shot('trending', result(p));
    await pickTool(p, 'check_token_security');
    await view('check_token_security');
    await shot('security', result(p));
    await pickTool(p, 'get_token_prices');
    await view('get_token_prices');
    await shot('prices', result(p));
    await result(p).getByRole('tab', { name: 'JSON tree' }).click();
    await shot('json-tree', result(p));
    await pickTool(p, 'validate_address');
    await view('validate_address');
    await shot('tool-error', result(p));
    await pickTool(p, 'search_assets');
    await field(p, 'limit').fill('500');
    await field(p, 'query').fill('');
    await p.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(p.locator('.pg-issues')).toBeVisible();
    await shot('invalid-input', p.locator('.pg-tool-panel'));
    await p.getByRole('tab', { name: /^Traffic/ }).click();
    await p
      .getByRole('button', { name: /tools\/call/ })
      .last()
      .click();
    await shot('traffic', p.getByRole('region', { name: 'Activity' }));
    await p.getByRole('tab', { name: /^History/ }).click();
    await history.locator('tbody tr').nth(0).getByRole('checkbox').check();
    await history.locator('tbody tr').filter({ hasText: 'get_trending_tokens' }).nth(1).getByRole('checkbox').check();
    await p.getByRole('button', { name: 'Compare the two' }).click();
    await shot('compare', p.getByRole('region', { name: 'Activity' }));
    await p.getByRole('button', { name: 'Profiles & credentials' }).click();
    await p
      .getByRole('region', { name: 'Profiles & credentials' })
      .getByRole('button', { name: new RegExp(`^${LAB}`) })
      .click();
    await shot('profiles');
    await shots.close();
  });
}

test('cleans up its profiles and their keychain items', async () => {
  await page.getByRole('button', { name: 'Disconnect' }).click();
  const panel = page.getByRole('region', { name: 'Profiles & credentials' });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: 'Profiles & credentials' }).click();
  await panel.getByRole('button', { name: new RegExp(`^${LAB}`) }).click();
  await panel.getByRole('button', { name: `Remove profile “${LAB}”` }).click();
  await expect(panel.getByRole('button', { name: new RegExp(`^${LAB}`) })).toHaveCount(0);
});
