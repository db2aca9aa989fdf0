/**
 * The Assistants view as a user meets it, in browser mode with a private HOME: assistants found on disk,
 * one-click Install into an existing Cursor config (nothing else in it changes), Test connection through
 * the real bridge and reference gateway (13 tools), Remove (the file is as before), the manual setup
 * snippet, and the live Activity log with its filters. Screenshots in both themes.
 */
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from '../main/playground/testing';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startBrowserMode, type RunningApp } from './support/browser-mode';

const CURSOR = `{
  "mcpServers": {
    "linear": {
      "url": "https://mcp.linear.app/sse"
    }
  }
}
`;
const VSCODE = `{
\t// Servers for agent mode
\t"servers": {
\t\t"memory": { "type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"] }
\t}
}
`;
const ZED_BROKEN = '{\n  "theme": "One Dark"\n  "vim_mode": true\n}\n';

function write(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function auditLine(minutesAgo: number, tool: string, ok: boolean, durationMs: number, args: object, errorCode?: number | string): string {
  const time = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  return `${JSON.stringify({ time, profile: 'default', tool, arguments: args, durationMs, ok, ...(errorCode !== undefined ? { errorCode } : {}) })}\n`;
}

let home: string;
let app: RunningApp;
let auditLog: string;

test.beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'companion-assistants-'));
  const config = join(home, '.config');
  const companion = join(config, 'gateway-companion');
  // The built-in profile on a free port, so this run's bridge starts its own reference gateway.
  write(
    join(companion, 'profiles.json'),
    `${JSON.stringify({ version: 1, profiles: { default: { kind: 'embedded', url: `https://127.0.0.1:${await freePort()}/mcp`, caFile: join(companion, 'reference-gateway', 'tls', 'ca-cert.pem') } } }, null, 2)}\n`,
  );
  write(join(home, '.cursor', 'mcp.json'), CURSOR);
  write(join(config, 'Code', 'User', 'mcp.json'), VSCODE);
  write(join(config, 'zed', 'settings.json'), ZED_BROKEN);
  write(
    join(home, '.codex', 'config.toml'),
    `model = "o3"\n\n[mcp_servers.gateway-companion]\ncommand = "${join(home, 'old-checkout', 'node')}"\nargs = ["${join(home, 'old-checkout', 'cli.js')}", "bridge", "--profile", "default"]\n`,
  );
  mkdirSync(join(home, '.gemini'), { recursive: true });
  auditLog = join(companion, 'logs', 'audit.jsonl');
  write(
    auditLog,
    [
      auditLine(42, 'search_assets', true, 184, { query: 'usdc', networks: ['ethereum'] }),
      auditLine(41, 'get_asset_details', true, 96, { assetId: 'c60_t0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' }),
      auditLine(38, 'get_token_prices', true, 143, { assetIds: ['c0', 'c60', 'c501'] }),
      auditLine(30, 'get_swap_quote', false, 30_012, { fromAsset: 'c60', toAsset: 'c501', amount: '1.5' }, -32001),
      auditLine(29, 'get_swap_quote', true, 812, { fromAsset: 'c60', toAsset: 'c501', amount: '1.5' }),
      auditLine(12, 'validate_address', false, 41, { chain: 'bitcoin', address: 'bc1qnotreal' }, 'tool_error'),
      auditLine(11, 'validate_address', true, 38, { chain: 'bitcoin', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }),
      auditLine(3, 'check_token_security', true, 377, { assetId: 'c501_tEPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' }),
    ].join(''),
  );
  app = await startBrowserMode({ home });
});

test.afterAll(async () => {
  await app?.stop();
  rmSync(home, { recursive: true, force: true });
});

async function openAssistants(page: Page): Promise<void> {
  await page.goto(app.launchUrl);
  await page.getByRole('button', { name: 'Assistants' }).click();
  await expect(page.getByRole('heading', { name: 'Connect your assistants' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Assistants on this computer' })).toBeVisible();
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

test('install, test and remove Cursor; the states of the other assistants', async ({ page }) => {
  test.setTimeout(120_000);
  await openAssistants(page);

  // What is on disk decides each state.
  await expect(card(page, 'Cursor')).toContainText('Not connected');
  await expect(card(page, 'Cursor')).toContainText('~/.cursor/mcp.json');
  await expect(card(page, 'Codex CLI')).toContainText('Needs repair');
  await expect(card(page, 'Codex CLI')).toContainText('which no longer exist.');
  await expect(card(page, 'Zed')).toContainText('Config error');
  await expect(card(page, 'Zed')).toContainText('does not parse: line 3, column 3');
  await expect(card(page, 'Gemini CLI')).toContainText('Not connected');
  await expect(page.getByRole('list', { name: 'Assistants not found on this computer' }).getByRole('article')).toHaveCount(4);
  await expect(page.getByText('0 of 9 assistants set up · 0 connected (tested)')).toBeVisible();

  // Install: our entry is added, the other server stays, and the hint says what to do next.
  await card(page, 'Cursor').getByRole('button', { name: 'Install for Cursor' }).click();
  await expect(card(page, 'Cursor')).toContainText('Installed in ~/.cursor/mcp.json.');
  await expect(card(page, 'Cursor')).toContainText('Open Cursor Settings → MCP');
  // An entry in the config is not yet a connection: "Configured" until a real handshake passes.
  await expect(card(page, 'Cursor').locator('.client-title .badge').first()).toHaveText('Configured');
  await expect(card(page, 'Cursor')).toContainText('profile default');
  await expect(page.getByText('1 of 9 assistants set up · 0 connected (tested)')).toBeVisible();
  const installed = JSON.parse(readFileSync(join(home, '.cursor', 'mcp.json'), 'utf8')) as {
    mcpServers: Record<string, { command: string; args: string[] }>;
  };
  expect(installed.mcpServers.linear).toEqual({ url: 'https://mcp.linear.app/sse' });
  expect(installed.mcpServers['gateway-companion']!.args.slice(-3)).toEqual(['bridge', '--profile', 'default']);

  // Test: the configured command is started as Cursor would start it, and lists the gateway's tools.
  await card(page, 'Cursor').getByRole('button', { name: 'Test Cursor' }).click();
  await expect(card(page, 'Cursor').getByText(/Connected\. 13 tools in/)).toBeVisible({ timeout: 60_000 });
  // The handshake through the bridge is recorded: now, and after a reload, the badge says "Connected".
  await expect(card(page, 'Cursor').locator('.client-title .badge').first()).toHaveText('Connected');
  await expect(page.getByText('1 of 9 assistants set up · 1 connected (tested)')).toBeVisible();
  await card(page, 'Cursor').getByText('Show the tools').click();
  await expect(card(page, 'Cursor').getByText('validate_address', { exact: true })).toBeVisible();

  // The restart hint of the install stays next to the test result.
  await expect(card(page, 'Cursor')).toContainText('Installed in ~/.cursor/mcp.json.');

  // The broken Zed config must be fixed first: Install is off, and the file is left as it was.
  await expect(card(page, 'Zed').getByRole('button', { name: 'Install for Zed' })).toBeDisabled();
  await expect(card(page, 'Zed')).toContainText(
    'Fix that line (or restore a backup); nothing is written to it until it parses. Then press Refresh.',
  );
  expect(readFileSync(join(home, '.config', 'zed', 'settings.json'), 'utf8')).toBe(ZED_BROKEN);

  await shotBothThemes(page, 'assistants');

  // Record sessions: the entry launches the bridge with --record into the app's recordings folder, and back.
  const recordSwitch = card(page, 'Cursor').getByRole('switch', { name: 'Record sessions' });
  await expect(recordSwitch).not.toBeChecked();
  // A switch backed by main: click, then wait for the state (check() wants it at once).
  await recordSwitch.click();
  await expect(card(page, 'Cursor')).toContainText("Recording on: each session is saved in the app's recordings folder");
  await expect(recordSwitch).toBeChecked();
  const recording = JSON.parse(readFileSync(join(home, '.cursor', 'mcp.json'), 'utf8')) as typeof installed;
  expect(recording.mcpServers['gateway-companion']!.args.slice(-2)).toEqual([
    '--record',
    join(home, '.config', 'gateway-companion', 'recordings', 'cursor-{date}.jsonl'),
  ]);
  await recordSwitch.click();
  await expect(card(page, 'Cursor')).toContainText('Recording off');
  await expect(recordSwitch).not.toBeChecked();
  expect(readFileSync(join(home, '.cursor', 'mcp.json'), 'utf8')).not.toContain('--record');

  // Remove: the file is byte for byte what it was.
  await card(page, 'Cursor').getByRole('button', { name: 'Remove from Cursor' }).click();
  await expect(card(page, 'Cursor').getByText(/Connected\. 13 tools/)).toHaveCount(0);
  await expect(card(page, 'Cursor')).toContainText('Removed from ~/.cursor/mcp.json; the rest of the file is as it was.');
  await expect(card(page, 'Cursor')).toContainText('Not connected');
  expect(readFileSync(join(home, '.cursor', 'mcp.json'), 'utf8')).toBe(CURSOR);
});

test('manual setup shows a copyable snippet for the client', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAssistants(page);
  const vscode = card(page, 'VS Code');
  await vscode.getByText('Manual setup').click();
  const snippet = vscode.getByLabel('VS Code config snippet', { exact: true });
  await expect(snippet).toContainText('"servers"');
  await expect(snippet).toContainText('"gateway-companion"');
  await expect(snippet).toContainText('"type": "stdio"');
  await expect(vscode.getByLabel('VS Code command', { exact: true })).toContainText('code --add-mcp');
  await vscode.getByRole('button', { name: 'Copy the VS Code config snippet' }).click();
  await expect(vscode.getByRole('button', { name: 'Copy the VS Code config snippet' })).toHaveText('Copied');
  await vscode.screenshot({ path: 'test-results/screenshots/assistants-manual-setup.png' });
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('"gateway-companion"');
});

test('the activity log: newest first, filters by tool and errors, and live updates', async ({ page }) => {
  await openAssistants(page);
  const table = page.getByRole('table', { name: 'Tool calls' });
  await expect(table.getByRole('row')).toHaveCount(9);
  await expect(table.getByRole('row').nth(1)).toContainText('check_token_security');
  await expect(table).toContainText('Timed out');
  await expect(table).toContainText('Error tool_error');

  const tool = page.getByRole('combobox', { name: 'Tool' });
  await tool.selectOption('validate_address');
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByRole('checkbox', { name: /Errors only/ }).check();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('bc1qnotreal');
  await tool.selectOption('');
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByRole('checkbox', { name: /Errors only/ }).uncheck();

  // A bridge logs a new call: it appears at the top without a reload.
  appendFileSync(auditLog, auditLine(0, 'get_trending_tokens', true, 221, { category: 'DeFi', timeframe: '24h' }));
  await expect(table.getByRole('row').nth(1)).toContainText('get_trending_tokens', { timeout: 15_000 });
  await expect(table.getByRole('row').nth(1)).toContainText('Assistant');
  await expect(table.getByRole('row')).toHaveCount(10);
  // The playground's own calls are marked as such, not as an assistant's.
  appendFileSync(auditLog, `${JSON.stringify({ ...JSON.parse(auditLine(0, 'get_swap_domains', true, 12, {})), source: 'playground' })}\n`);
  await expect(table.getByRole('row').nth(1)).toContainText('get_swap_domains', { timeout: 15_000 });
  await expect(table.getByRole('row').nth(1)).toContainText('Tool playground');
  await expect(table.getByRole('row')).toHaveCount(11);
  await page.getByRole('region', { name: /^Activity/ }).screenshot({ path: 'test-results/screenshots/assistants-activity.png' });
});

/** Screenshots of the whole view (the content pane scrolls, so the window is made as tall as it) in both themes. */
async function shotBothThemes(page: Page, name: string): Promise<void> {
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => {
    const content = document.querySelector('.content')!;
    return content.scrollHeight + content.getBoundingClientRect().top;
  });
  await page.setViewportSize({ width: size.width, height: Math.ceil(height) });
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.screenshot({ path: `test-results/screenshots/${name}-${theme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(size);
}
