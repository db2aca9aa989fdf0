import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGateway } from '../../../gateway/index';
import { profilesFile } from '../../../platform/credentials/config-paths';
import { clearCredentials, storeCredentials } from '../../../platform/credentials/credentials';
import { ProfileStore } from '../../../platform/credentials/profiles';
import { CLIENT_IDS, clientSpec } from '../../clients/catalog';
import { tempHome } from '../../clients/test-support';
import type { CliIo } from '../command';
import { captureIo } from '../test-io';
import { main } from '../main';

const CLI = path.resolve(import.meta.dirname, '../../../out/main/cli.js');

let home: Awaited<ReturnType<typeof tempHome>>;

function io(): CliIo & { out: () => string; err: () => string } {
  const c = captureIo(home.paths.env);
  return { ...c.io, out: c.out, err: c.err };
}

async function run(...argv: string[]) {
  const t = io();
  const code = await main(argv, t);
  return { code, out: t.out(), err: t.err() };
}

const cursorFile = () => path.join(home.home, '.cursor', 'mcp.json');

beforeEach(async () => {
  home = await tempHome();
});
afterEach(() => home.cleanup());

describe('companion clients list', () => {
  it('shows every client with its state and config path; --json has the same facts', async () => {
    await mkdir(path.join(home.home, '.cursor'));
    await mkdir(path.join(home.home, '.codex'));
    await writeFile(path.join(home.home, '.codex', 'config.toml'), 'model = "o3"\n[mcp_servers\n');
    const text = await run('clients', 'list');
    expect(text.code).toBe(0);
    const lines = text.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^CLIENT\s+STATE\s+CONFIG FILE$/);
    expect(lines).toHaveLength(10);
    expect(text.out).toMatch(/^cursor\s+not configured\s+~\/\.cursor\/mcp\.json$/m);
    expect(text.out).toMatch(/^claude-desktop\s+not installed\s+~\/\.config\/Claude\/claude_desktop_config\.json$/m);
    expect(text.out).toMatch(/^codex\s+not configured\s+~\/\.codex\/config\.toml\s+\(.*config\.toml does not parse: line 2, column \d+/m);

    const json = await run('clients', 'list', '--json');
    const statuses = JSON.parse(json.out) as Array<{ id: string; state: string; configFile: string }>;
    expect(statuses.map((s) => s.id)).toEqual([
      'claude-desktop',
      'claude-code',
      'cursor',
      'vscode',
      'windsurf',
      'gemini-cli',
      'codex',
      'zed',
      'cline',
    ]);
    expect(statuses.find((s) => s.id === 'cursor')).toMatchObject({ state: 'not-configured', configFile: cursorFile() });
  });
});

describe('companion clients --help', () => {
  it('lists the subcommands with their summaries in one column, exit 0', async () => {
    const help = await run('clients', '--help');
    expect(help).toMatchObject({ code: 0, err: '' });
    const rows = help.out.trimEnd().split('\n').slice(1);
    expect(rows.map((r) => /companion clients (\w+)/.exec(r)?.[1])).toEqual(['list', 'install', 'remove', 'test']);
    const columns = rows.map((r) => /^ {2}companion clients \w+ +/.exec(r)![0].length);
    expect(new Set(columns).size).toBe(1);
    expect((await run('clients', '-h')).code).toBe(0);
  });

  it('without a subcommand is still a usage error (exit 2, on stderr)', async () => {
    const none = await run('clients');
    expect(none.code).toBe(2);
    expect(none.out).toBe('');
    expect(none.err).toContain('companion clients: choose a subcommand');
  });
});

describe('companion clients install / remove', () => {
  it('installs for the default profile, is idempotent, and removes again', async () => {
    await mkdir(path.join(home.home, '.cursor'));
    const first = await run('clients', 'install', 'cursor');
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toContain('Installed gateway-companion (profile default) in Cursor: ~/.cursor/mcp.json\n');
    expect(first.out).toContain('Next: Open Cursor Settings → MCP');
    expect(first.out).toContain('Check it: companion clients test cursor');
    expect(JSON.parse(await readFile(cursorFile(), 'utf8'))).toEqual({
      mcpServers: { 'gateway-companion': { command: process.execPath, args: [CLI, 'bridge', '--profile', 'default'] } },
    });

    const again = await run('clients', 'install', 'cursor');
    expect(again.out).toBe('Cursor already has this gateway-companion entry (profile default) in ~/.cursor/mcp.json; nothing changed.\n');
    expect((await run('clients', 'list')).out).toMatch(/^cursor\s+configured\s+~\/\.cursor\/mcp\.json\s+\(profile default\)$/m);

    const removed = await run('clients', 'remove', 'cursor');
    expect(removed.code).toBe(0);
    expect(removed.out).toContain('Removed gateway-companion from Cursor: deleted ~/.cursor/mcp.json, which only held it');
    expect(existsSync(cursorFile())).toBe(false);
    expect((await run('clients', 'remove', 'cursor')).out).toBe(
      'Cursor has no gateway-companion entry in ~/.cursor/mcp.json; nothing changed.\n',
    );
  });

  it.each(CLIENT_IDS)('removing from %s says what to do after a removal, never the install hint', async (id) => {
    expect((await run('clients', 'install', id)).code).toBe(0);
    const removed = await run('clients', 'remove', id);
    expect(removed.code).toBe(0);
    const spec = clientSpec(id);
    expect(removed.out).not.toContain(spec.restartHint);
    expect(removed.out).toMatch(/^Next: .*(open it again|reloads its MCP settings)/m);
  });

  it('says when the client does not seem to be installed', async () => {
    const result = await run('clients', 'install', 'zed');
    expect(result.code).toBe(0);
    expect(result.out).toContain('Note: Zed does not seem to be installed here');
  });

  it('refuses a profile that does not exist, and bad profile names', async () => {
    const missing = await run('clients', 'install', 'cursor', '--profile', 'work');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('there is no profile named "work"');
    expect(missing.err).toContain('companion login --profile work --url <gateway URL>');
    const bad = await run('clients', 'install', 'cursor', '--profile', 'a b');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('invalid profile name "a b"');
    expect(existsSync(cursorFile())).toBe(false);
  });

  it('usage errors name the clients', async () => {
    const none = await run('clients', 'install');
    expect(none.code).toBe(2);
    expect(none.err).toContain(
      'name the client: one of claude-desktop, claude-code, cursor, vscode, windsurf, gemini-cli, codex, zed, cline.',
    );
    const unknown = await run('clients', 'remove', 'claude');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown client "claude" for remove');
    expect((await run('clients', 'test', 'cursor', 'zed')).err).toContain('unexpected argument "zed"');
    expect((await run('clients', 'list', '--verbose')).code).toBe(2);
  });

  it('a config that does not parse is refused with its line and left as it was', async () => {
    const bad = '{\n  "mcpServers": {\n    "a": {}\n    "b": {}\n  }\n}\n';
    await mkdir(path.dirname(cursorFile()), { recursive: true });
    await writeFile(cursorFile(), bad);
    const result = await run('clients', 'install', 'cursor');
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      `companion clients install: ${cursorFile()} does not parse: line 4, column 5: expected "," between items. It was left unchanged; fix that line (or restore a backup) and try again.\n`,
    );
    expect(await readFile(cursorFile(), 'utf8')).toBe(bad);
  });
});

describe('companion clients test', () => {
  const profile = `cli-clients-${process.pid}-${randomBytes(3).toString('hex')}`;
  let gatewayDir: string;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    gatewayDir = await mkdtemp(path.join(tmpdir(), 'clients-cli-gateway-'));
    gateway = await startGateway({ dataDir: gatewayDir, host: '127.0.0.1', port: 0 });
    await storeCredentials(profile, { accessId: gateway.accessId, secretKey: gateway.secretKey });
  });
  afterAll(async () => {
    await clearCredentials(profile).catch(() => false);
    await gateway?.close();
    await rm(gatewayDir, { recursive: true, force: true });
  });

  it('lists the 13 tools through the installed entry, and explains a failure with a fix', async () => {
    await new ProfileStore(profilesFile(home.paths)).save({ name: profile, kind: 'remote', url: gateway.url, caFile: gateway.caCertPath });
    await mkdir(path.join(home.home, '.gemini'));
    expect((await run('clients', 'install', 'gemini-cli', '--profile', profile)).code).toBe(0);
    const ok = await run('clients', 'test', 'gemini-cli');
    expect(ok.err).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/^Gemini CLI: ok, 13 tools from .+ in \d+ ms \(start to tools\/list\)\nTools: .*validate_address/);
    const json = JSON.parse((await run('clients', 'test', 'gemini-cli', '--json')).out);
    expect(json).toMatchObject({ client: 'gemini-cli', ok: true, toolCount: 13 });

    await new ProfileStore(profilesFile(home.paths)).save({ name: 'empty', kind: 'remote', url: gateway.url, caFile: gateway.caCertPath });
    await run('clients', 'install', 'gemini-cli', '--profile', 'empty');
    const failed = await run('clients', 'test', 'gemini-cli');
    expect(failed.code).toBe(1);
    expect(failed.out).toMatch(/^Gemini CLI: FAILED: .+\nFix: .+/);
  });

  it('a client without the entry: exit 1 with how to install it', async () => {
    const result = await run('clients', 'test', 'windsurf');
    expect(result.code).toBe(1);
    expect(result.err).toContain('install it first (companion clients install windsurf)');
  });
});
