import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PathContext } from '../../platform/credentials/config-paths';
import { listBackups } from './backups';
import { CLIENT_IDS, clientSpec, type ClientId } from './catalog';
import { ConfigParseError } from './config-errors';
import { clientStatus, listClients } from './detect';
import { installClient, removeClient } from './install';
import type { LaunchRuntime } from './launch';
import { CODEX_SEED, expectOnlyMemberAdded, tempHome } from './test-support';

/** A realistic existing config per client: other servers, other settings, and comments where the format allows. */
const SEEDS: Record<ClientId, string> = {
  'claude-desktop': `{
  "mcpServers": {
    "filesystem": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/home/me/Desktop"]
    }
  },
  "globalShortcut": "Alt+Space"
}
`,
  'claude-code': `{
  "numStartups": 42,
  "theme": "dark",
  "mcpServers": {
    "github": {
      "type": "stdio",
      "command": "docker",
      "args": ["run", "-i", "--rm", "ghcr.io/github/github-mcp-server"],
      "env": { "GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_usersOwnTokenStaysHere" }
    }
  },
  "projects": {
    "/home/me/code/app": { "allowedTools": [], "mcpServers": {} }
  },
  "userID": "4f1c0e"
}`,
  cursor: `{
  "mcpServers": {
    "linear": { "url": "https://mcp.linear.app/sse" },
    "local": {
      "command": "python",
      "args": ["-m", "my_server"],
      "env": { "DEBUG": "1" }
    }
  }
}
`,
  vscode: `{
\t// Servers for agent mode
\t"servers": {
\t\t"memory": {
\t\t\t"type": "stdio",
\t\t\t"command": "npx",
\t\t\t"args": ["-y", "@modelcontextprotocol/server-memory"] // pinned
\t\t},
\t\t/* remote */
\t\t"github": {
\t\t\t"type": "http",
\t\t\t"url": "https://api.githubcopilot.com/mcp/"
\t\t},
\t},
\t"inputs": [
\t\t{ "type": "promptString", "id": "token", "description": "Token", "password": true }
\t]
}
`,
  windsurf: `{
    "mcpServers": {
        "brave": {
            "serverUrl": "https://brave.example/mcp",
            "disabled": true
        }
    }
}
`,
  'gemini-cli': `{
  // picked at first run
  "selectedAuthType": "oauth-personal",
  "theme": "GitHub",
  "mcpServers": {
    "docs": { "httpUrl": "https://docs.example/mcp", "headers": { "Authorization": "Bearer users-own" }, "timeout": 5000 } // remote
  }
}
`,
  codex: CODEX_SEED,

  zed: `// Zed settings
//
// For information on how to configure Zed, see the Zed documentation.
{
  "theme": { "mode": "system", "light": "One Light", "dark": "One Dark" },
  "context_servers": {
    "postgres-context-server": {
      "source": "extension",
      "settings": { "database_url": "postgresql://localhost/db" }
    }
  },
  "vim_mode": true, // modal editing
  "ui_font_size": 16,
}
`,
  cline: `{
  "mcpServers": {
    "weather": {
      "command": "node",
      "args": ["/home/me/weather/build/index.js"],
      "disabled": false,
      "autoApprove": ["get_forecast"]
    }
  }
}`,
};

const MALFORMED_JSON = '{\n  "mcpServers": {\n    "a": {"command": "x"}\n    "b": {"command": "y"}\n  }\n}\n';
const MALFORMED_TOML = 'model = "o3"\n\n[mcp_servers.docs]\ncommand = "npx\nargs = []\n';

let home: Awaited<ReturnType<typeof tempHome>>;
let paths: PathContext;
let runtime: LaunchRuntime;
let cli: string;

beforeEach(async () => {
  home = await tempHome();
  paths = home.paths;
  // A stand-in checkout: its CLI path must exist for the entry to count as configured (not stale).
  cli = path.join(home.home, 'src', 'gateway-companion', 'out', 'main', 'cli.js');
  await mkdir(path.dirname(cli), { recursive: true });
  await writeFile(cli, '// built CLI\n');
  runtime = { kind: 'source', node: process.execPath, cli };
});
afterEach(() => home.cleanup());

function expectedEntry(id: ClientId): Record<string, unknown> {
  const base = { command: process.execPath, args: [cli, 'bridge', '--profile', 'work'] };
  if (id === 'vscode' || id === 'claude-code') return { type: 'stdio', ...base };
  if (id === 'zed') return { source: 'custom', ...base };
  // Codex passes an allow-list of variables: the entry names the session bus's so the keychain is reachable,
  // and XDG_CONFIG_HOME, which this test's home sets, so the bridge reads the profiles where the app wrote them.
  if (id === 'codex') return { ...base, env_vars: ['DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR', 'XDG_CONFIG_HOME'] };
  return base;
}

async function seed(id: ClientId, text: string): Promise<string> {
  const file = clientSpec(id).configFile(paths);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
}

function parseConfig(id: ClientId, text: string): Record<string, Record<string, unknown>> {
  return (clientSpec(id).format === 'toml' ? JSON.parse(JSON.stringify(parseToml(text))) : parseJsonc(text)) as Record<
    string,
    Record<string, unknown>
  >;
}

for (const id of CLIENT_IDS) {
  const spec = clientSpec(id);
  describe(`${spec.name} (${id})`, () => {
    it('install adds exactly our entry and keeps every other byte; twice changes nothing; remove restores the original', async () => {
      const file = await seed(id, SEEDS[id]);
      expect((await clientStatus(id, { paths })).state).toBe('not-configured');

      const first = await installClient(id, { paths, runtime, profile: 'work' });
      expect(first).toMatchObject({ client: id, file, changed: true, entry: expectedEntry(id) });
      const installed = await readFile(file, 'utf8');
      const doc = parseConfig(id, installed);
      expect(doc[spec.containerKey]!['gateway-companion']).toEqual(expectedEntry(id));
      if (spec.format === 'toml') {
        // TOML: semantically the seed plus our table, and the seed's text kept as it was in front of it.
        const seedDoc = parseConfig(id, SEEDS[id]);
        expect(doc).toEqual({ ...seedDoc, [spec.containerKey]: { ...seedDoc[spec.containerKey], 'gateway-companion': expectedEntry(id) } });
        expect(installed.startsWith(SEEDS[id])).toBe(true);
      } else {
        expectOnlyMemberAdded(SEEDS[id], installed, { 'gateway-companion': expectedEntry(id) });
      }
      // The previous file is kept, byte for byte, in a timestamped backup.
      expect(first.backup).toBeDefined();
      expect(await readFile(first.backup!, 'utf8')).toBe(SEEDS[id]);
      expect(path.basename(first.backup!)).toMatch(
        new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d-\\d{3}Z-${path.basename(file).replace('.', '\\.')}$`),
      );
      expect((await stat(first.backup!)).mode & 0o777).toBe(0o600);

      const status = await clientStatus(id, { paths, runtime });
      expect(status).toMatchObject({ state: 'configured', entry: { profile: 'work', missing: [], upToDate: true } });

      const second = await installClient(id, { paths, runtime, profile: 'work' });
      expect(second.changed).toBe(false);
      expect(await readFile(file, 'utf8')).toBe(installed);
      expect(await listBackups(paths, id)).toHaveLength(1);

      const removed = await removeClient(id, { paths });
      expect(removed.changed).toBe(true);
      expect(await readFile(file, 'utf8')).toBe(SEEDS[id]);
      expect((await removeClient(id, { paths })).changed).toBe(false);
      expect((await clientStatus(id, { paths })).state).toBe('not-configured');
    });

    it('with no config yet, install creates one holding only our entry, and remove deletes it again', async () => {
      await mkdir(spec.appFolders(paths)[0]!, { recursive: true });
      const file = spec.configFile(paths);
      expect(await clientStatus(id, { paths })).toMatchObject({ state: 'not-configured', configExists: false });
      const result = await installClient(id, { paths, runtime, profile: 'work' });
      expect(result.backup).toBeUndefined();
      expect(parseConfig(id, await readFile(file, 'utf8'))).toEqual({ [spec.containerKey]: { 'gateway-companion': expectedEntry(id) } });
      const removed = await removeClient(id, { paths });
      expect(removed).toMatchObject({ changed: true, deleted: true });
      expect(existsSync(file)).toBe(false);
      // The deleted file is still in a backup.
      expect(parseConfig(id, await readFile(removed.backup!, 'utf8'))).toEqual({
        [spec.containerKey]: { 'gateway-companion': expectedEntry(id) },
      });
    });

    it('a malformed config is refused with its line and left byte-identical', async () => {
      const bad = spec.format === 'toml' ? MALFORMED_TOML : MALFORMED_JSON;
      const file = await seed(id, bad);
      const line = 4; // both malformed seeds break on their fourth line
      for (const run of [() => installClient(id, { paths, runtime, profile: 'work' }), () => removeClient(id, { paths })]) {
        const error = await run().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ConfigParseError);
        expect((error as ConfigParseError).line).toBe(line);
        expect((error as Error).message).toContain(`${file} does not parse: line ${line}, column`);
        expect((error as Error).message).toContain('It was left unchanged');
      }
      expect(await readFile(file, 'utf8')).toBe(bad);
      expect(await listBackups(paths, id)).toEqual([]);
      const status = await clientStatus(id, { paths });
      expect(status.problem).toContain(`line ${line}`);
    });

    it('is stale once the launched path is gone, and Install repairs it', async () => {
      await seed(id, SEEDS[id]);
      await installClient(id, { paths, runtime, profile: 'work' });
      await rm(cli);
      expect(await clientStatus(id, { paths })).toMatchObject({ state: 'stale', entry: { missing: [cli] } });
      const moved = path.join(home.home, 'elsewhere', 'cli.js');
      await mkdir(path.dirname(moved), { recursive: true });
      await writeFile(moved, '');
      const repaired = await installClient(id, { paths, runtime: { kind: 'source', node: process.execPath, cli: moved }, profile: 'work' });
      expect(repaired.changed).toBe(true);
      expect(await clientStatus(id, { paths })).toMatchObject({ state: 'configured', entry: { missing: [] } });
      // Removing after an update still restores the seed: the update kept what the first install recorded.
      await removeClient(id, { paths });
      expect(await readFile(spec.configFile(paths), 'utf8')).toBe(SEEDS[id]);
    });
  });
}

describe('detection', () => {
  it('an empty home has every client not installed; an app folder alone makes it not configured', async () => {
    expect((await listClients({ paths })).map((s) => s.state)).toEqual(CLIENT_IDS.map(() => 'not-installed'));
    await mkdir(path.join(home.home, '.cursor'));
    const cursor = (await listClients({ paths })).find((s) => s.id === 'cursor');
    expect(cursor).toMatchObject({ state: 'not-configured', configExists: false, displayPath: '~/.cursor/mcp.json' });
  });

  it('an entry for an older install (other command) is configured but not up to date', async () => {
    await seed('cursor', '{"mcpServers": {"gateway-companion": {"command": "node", "args": ["bridge", "--profile", "work"]}}}');
    expect(await clientStatus('cursor', { paths, runtime })).toMatchObject({
      state: 'configured',
      entry: { command: 'node', profile: 'work', upToDate: false },
    });
  });

  it('an entry hand-edited into another shape is stale with the reason', async () => {
    await seed('cursor', '{"mcpServers": {"gateway-companion": {"url": "https://x"}}}');
    expect(await clientStatus('cursor', { paths })).toMatchObject({
      state: 'stale',
      problem: expect.stringContaining('not a command with a list of arguments'),
    });
  });
});

describe('writing', () => {
  it('writes through a symlinked config to its target, keeping the link and the file mode', async () => {
    const real = path.join(home.home, 'dotfiles', 'cursor-mcp.json');
    await mkdir(path.dirname(real), { recursive: true });
    await writeFile(real, SEEDS.cursor);
    await chmod(real, 0o640);
    await mkdir(path.join(home.home, '.cursor'));
    const link = clientSpec('cursor').configFile(paths);
    await symlink(real, link);
    await installClient('cursor', { paths, runtime, profile: 'work' });
    expect((await import('node:fs')).lstatSync(link).isSymbolicLink()).toBe(true);
    expect((parseJsonc(await readFile(real, 'utf8')) as { mcpServers: Record<string, unknown> }).mcpServers['gateway-companion']).toEqual(
      expectedEntry('cursor'),
    );
    expect((await stat(real)).mode & 0o777).toBe(0o640);
    await removeClient('cursor', { paths });
    expect(await readFile(real, 'utf8')).toBe(SEEDS.cursor);
  });

  it('refuses a config that is not UTF-8 and leaves it alone', async () => {
    const bytes = Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]);
    const file = clientSpec('cursor').configFile(paths);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    await expect(installClient('cursor', { paths, runtime, profile: 'work' })).rejects.toThrow('it is not UTF-8 text');
    expect(await readFile(file)).toEqual(bytes);
  });

  it.runIf(process.platform !== 'win32')('refuses a config that is a FIFO or a link to /dev/zero, at once, and shows why', async () => {
    const file = clientSpec('cursor').configFile(paths);
    await mkdir(path.dirname(file), { recursive: true });
    execFileSync('mkfifo', [file]);
    await expect(installClient('cursor', { paths, runtime, profile: 'work' })).rejects.toThrow(
      `${file}: it is a named pipe (FIFO), not a regular file; replace it with the file itself. It was left unchanged.`,
    );
    expect(await clientStatus('cursor', { paths, runtime })).toMatchObject({
      configExists: true,
      state: 'not-configured',
      problem: `${file}: it is a named pipe (FIFO), not a regular file; replace it with the file itself.`,
    });
    await rm(file);
    await symlink('/dev/zero', file);
    await expect(removeClient('cursor', { paths })).rejects.toThrow(`${file}: it is a device, not a regular file`);
  });

  it('keeps at most 20 backups per client', async () => {
    await seed('cursor', SEEDS.cursor);
    for (let i = 0; i < 23; i++) {
      await installClient('cursor', { paths, runtime, profile: `p${i}`, now: () => new Date(Date.UTC(2025, 0, 1, 0, 0, i)) });
    }
    const backups = await listBackups(paths, 'cursor');
    expect(backups).toHaveLength(20);
    expect(path.basename(backups[0]!)).toBe('2025-01-01T00-00-22-000Z-mcp.json');
  });
});
