import { describe, expect, it } from 'vitest';
import type { PathContext } from '../../platform/credentials/config-paths';
import { CLIENT_IDS, clientSpec, ENTRY_NAME } from './catalog';
import { buildLaunch, CLI_LOADER, CLI_PATH_ENV, launchFacts, RECORD_PATH_ENV } from './launch';
import { displayPath } from './locations';

const linux: PathContext = { platform: 'linux', homedir: '/fallback', env: { HOME: '/home/ana' } };
const linuxXdg: PathContext = { platform: 'linux', homedir: '/fallback', env: { HOME: '/home/ana', XDG_CONFIG_HOME: '/cfg' } };
const mac: PathContext = { platform: 'darwin', homedir: '/fallback', env: { HOME: '/Users/ana' } };
const win: PathContext = { platform: 'win32', homedir: 'C:\\fallback', env: { USERPROFILE: 'C:\\Users\\Ana', APPDATA: 'D:\\Roaming' } };

const expected: Record<string, [linux: string, linuxXdg: string, mac: string, win: string]> = {
  'claude-desktop': [
    '/home/ana/.config/Claude/claude_desktop_config.json',
    '/cfg/Claude/claude_desktop_config.json',
    '/Users/ana/Library/Application Support/Claude/claude_desktop_config.json',
    'D:\\Roaming\\Claude\\claude_desktop_config.json',
  ],
  'claude-code': ['/home/ana/.claude.json', '/home/ana/.claude.json', '/Users/ana/.claude.json', 'C:\\Users\\Ana\\.claude.json'],
  cursor: ['/home/ana/.cursor/mcp.json', '/home/ana/.cursor/mcp.json', '/Users/ana/.cursor/mcp.json', 'C:\\Users\\Ana\\.cursor\\mcp.json'],
  vscode: [
    '/home/ana/.config/Code/User/mcp.json',
    '/cfg/Code/User/mcp.json',
    '/Users/ana/Library/Application Support/Code/User/mcp.json',
    'D:\\Roaming\\Code\\User\\mcp.json',
  ],
  windsurf: [
    '/home/ana/.codeium/windsurf/mcp_config.json',
    '/home/ana/.codeium/windsurf/mcp_config.json',
    '/Users/ana/.codeium/windsurf/mcp_config.json',
    'C:\\Users\\Ana\\.codeium\\windsurf\\mcp_config.json',
  ],
  'gemini-cli': [
    '/home/ana/.gemini/settings.json',
    '/home/ana/.gemini/settings.json',
    '/Users/ana/.gemini/settings.json',
    'C:\\Users\\Ana\\.gemini\\settings.json',
  ],
  codex: [
    '/home/ana/.codex/config.toml',
    '/home/ana/.codex/config.toml',
    '/Users/ana/.codex/config.toml',
    'C:\\Users\\Ana\\.codex\\config.toml',
  ],
  zed: [
    '/home/ana/.config/zed/settings.json',
    '/cfg/zed/settings.json',
    '/Users/ana/.config/zed/settings.json',
    'D:\\Roaming\\Zed\\settings.json',
  ],
  cline: [
    '/home/ana/.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
    '/cfg/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
    '/Users/ana/Library/Application Support/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
    'D:\\Roaming\\Code\\User\\globalStorage\\saoudrizwan.claude-dev\\settings\\cline_mcp_settings.json',
  ],
};

describe('client catalog', () => {
  it('lists the nine clients by their ids, and names our entry gateway-companion', () => {
    expect(CLIENT_IDS).toEqual(['claude-desktop', 'claude-code', 'cursor', 'vscode', 'windsurf', 'gemini-cli', 'codex', 'zed', 'cline']);
    expect(ENTRY_NAME).toBe('gateway-companion');
    expect(() => clientSpec('claude')).toThrow(
      'unknown client "claude"; choose one of: claude-desktop, claude-code, cursor, vscode, windsurf, gemini-cli, codex, zed, cline',
    );
  });

  for (const id of CLIENT_IDS) {
    it(`${id}: the real config path on Linux, Linux with XDG_CONFIG_HOME, macOS and Windows`, () => {
      const spec = clientSpec(id);
      expect([linux, linuxXdg, mac, win].map((ctx) => spec.configFile(ctx))).toEqual(expected[id]);
      // The app folder that shows the client is installed holds (or is) the config's folder.
      for (const ctx of [linux, mac, win])
        expect(spec.configFile(ctx).startsWith(spec.appFolders(ctx)[0]!) || id === 'claude-code').toBe(true);
    });
  }

  it('uses the key and shape of each client', () => {
    const launch = { command: '/n', args: ['a'] };
    expect(CLIENT_IDS.map((id) => [id, clientSpec(id).containerKey])).toEqual([
      ['claude-desktop', 'mcpServers'],
      ['claude-code', 'mcpServers'],
      ['cursor', 'mcpServers'],
      ['vscode', 'servers'],
      ['windsurf', 'mcpServers'],
      ['gemini-cli', 'mcpServers'],
      ['codex', 'mcp_servers'],
      ['zed', 'context_servers'],
      ['cline', 'mcpServers'],
    ]);
    const ana = { ...linux, env: { HOME: '/home/ana' } };
    expect(clientSpec('vscode').entry(launch, ana)).toEqual({ type: 'stdio', command: '/n', args: ['a'] });
    expect(clientSpec('claude-code').entry(launch, ana)).toEqual({ type: 'stdio', command: '/n', args: ['a'] });
    expect(clientSpec('zed').entry(launch, ana)).toEqual({ source: 'custom', command: '/n', args: ['a'] });
    expect(clientSpec('cursor').entry({ ...launch, env: { K: 'v' } }, ana)).toEqual({ command: '/n', args: ['a'], env: { K: 'v' } });
    expect(clientSpec('codex').format).toBe('toml');
    expect(['vscode', 'zed', 'gemini-cli'].map((id) => clientSpec(id).format)).toEqual(['jsonc', 'jsonc', 'jsonc']);
  });

  it('Codex is told to pass the session bus, and XDG_CONFIG_HOME where it is set, since it passes nothing else by name', () => {
    const launch = { command: '/n', args: ['a'] };
    const envVars = (env: Record<string, string>, platform: NodeJS.Platform = 'linux') =>
      clientSpec('codex').entry(launch, { ...linux, platform, env: { HOME: '/home/ana', ...env } }).env_vars;
    expect(envVars({})).toEqual(['DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR']);
    expect(envVars({ XDG_CONFIG_HOME: '/home/ana/cfg' })).toEqual(['DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR', 'XDG_CONFIG_HOME']);
    // A relative value is ignored by the XDG rules (and by the bridge), so there is nothing to pass.
    expect(envVars({ XDG_CONFIG_HOME: 'cfg' })).toEqual(['DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR']);
    expect(envVars({ XDG_CONFIG_HOME: '/home/ana/cfg' }, 'win32')).toEqual(['DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR']);
  });

  it('CODEX_HOME moves the Codex config; USERPROFILE wins over HOME on Windows', () => {
    expect(clientSpec('codex').configFile({ ...linux, env: { HOME: '/home/ana', CODEX_HOME: '/srv/codex' } })).toBe(
      '/srv/codex/config.toml',
    );
    expect(clientSpec('cursor').configFile({ ...win, env: { HOME: 'E:\\h', USERPROFILE: 'C:\\Users\\Ana' } })).toBe(
      'C:\\Users\\Ana\\.cursor\\mcp.json',
    );
    expect(displayPath(linux, '/home/ana/.cursor/mcp.json')).toBe('~/.cursor/mcp.json');
    expect(displayPath(linux, '/home/anastasia/x')).toBe('/home/anastasia/x');
  });
});

describe('the entry builder', () => {
  const source = { kind: 'source', node: '/usr/bin/node', cli: '/home/ana/src/gateway-companion/out/main/cli.js' } as const;

  it('packaged app: the installed executable with --mcp-bridge --profile P', () => {
    expect(
      buildLaunch({ kind: 'packaged', executable: '/Applications/Gateway Companion.app/Contents/MacOS/Gateway Companion' }, 'work', {
        splitsSpacedArgs: true,
      }),
    ).toEqual({
      command: '/Applications/Gateway Companion.app/Contents/MacOS/Gateway Companion',
      args: ['--mcp-bridge', '--profile', 'work'],
    });
  });

  it('source checkout: Node with the built CLI and bridge --profile P', () => {
    expect(buildLaunch(source, 'default', { splitsSpacedArgs: false })).toEqual({
      command: '/usr/bin/node',
      args: [source.cli, 'bridge', '--profile', 'default'],
    });
  });

  it('a CLI path with spaces goes through env for clients that split arguments, leaving no argument with a space or a double quote', () => {
    const spaced = { ...source, cli: 'C:\\Users\\Ana Lee\\src\\gateway-companion\\out\\main\\cli.js' };
    const launch = buildLaunch(spaced, 'work', { splitsSpacedArgs: true });
    expect(launch).toEqual({
      command: '/usr/bin/node',
      args: ['-e', CLI_LOADER, 'bridge', '--profile', 'work'],
      env: { [CLI_PATH_ENV]: spaced.cli },
    });
    expect(launch.args.some((a) => /[\s"]/.test(a))).toBe(false);
    // Clients that quote properly keep the plain form.
    expect(buildLaunch(spaced, 'work', { splitsSpacedArgs: false }).args[0]).toBe(spaced.cli);
    expect(launchFacts(launch.command, launch.args, launch.env)).toEqual({
      profile: 'work',
      recording: false,
      requiredPaths: ['/usr/bin/node', spaced.cli],
    });
  });

  it('records sessions with --record, or through the environment where a spaced path would be split', () => {
    const record = '/home/ana/.config/gateway-companion/recordings/cursor-{date}.jsonl';
    const plain = buildLaunch(source, 'work', { splitsSpacedArgs: false, record });
    expect(plain.args).toEqual([source.cli, 'bridge', '--profile', 'work', '--record', record]);
    expect(launchFacts(plain.command, plain.args, plain.env)).toMatchObject({ profile: 'work', recording: true });
    const spacedRecord = 'C:\\Users\\Ana Lee\\AppData\\Roaming\\Gateway Companion\\recordings\\cursor-{date}.jsonl';
    const split = buildLaunch(source, 'work', { splitsSpacedArgs: true, record: spacedRecord });
    expect(split).toEqual({
      command: '/usr/bin/node',
      args: [source.cli, 'bridge', '--profile', 'work'],
      env: { [RECORD_PATH_ENV]: spacedRecord },
    });
    expect(launchFacts(split.command, split.args, split.env).recording).toBe(true);
    expect(buildLaunch({ kind: 'packaged', executable: '/opt/app' }, 'work', { splitsSpacedArgs: false, record }).args).toEqual([
      '--mcp-bridge',
      '--profile',
      'work',
      '--record',
      record,
    ]);
  });

  it('refuses a profile name that could smuggle spaces or options', () => {
    expect(() => buildLaunch(source, 'my work', { splitsSpacedArgs: false })).toThrow('invalid profile name "my work"');
    expect(() => buildLaunch(source, '--debug', { splitsSpacedArgs: false })).toThrow('invalid profile name');
  });

  it('only the Windows builds of Claude Desktop, Cursor and Codex are treated as splitting arguments', () => {
    expect(CLIENT_IDS.filter((id) => clientSpec(id).splitsSpacedArgsOnWindows)).toEqual(['claude-desktop', 'cursor', 'codex']);
  });
});
