import path from 'node:path';
import { CLIENT_IDS, type ClientId } from '../../domain/assistant-clients';
import { KEYCHAIN_ENV_VARS } from '../../domain/host-environment';
import type { PathContext } from '../../platform/credentials/config-paths';
import type { Launch } from './launch';
import { appDataDir, codexDir, inHome, pathApi, zedDir } from './locations';

export { CLIENT_IDS, ENTRY_NAME, type ClientId } from '../../domain/assistant-clients';

/** `json` is strict JSON (what the client's parser accepts); `jsonc` allows comments and trailing commas. */
export type ConfigFormat = 'json' | 'jsonc' | 'toml';

export interface ClientSpec {
  readonly id: ClientId;
  readonly name: string;
  readonly kind: 'desktop' | 'cli' | 'editor';
  readonly format: ConfigFormat;
  /** The key holding the servers: our entry is `<containerKey>.gateway-companion`. */
  readonly containerKey: 'mcpServers' | 'servers' | 'context_servers' | 'mcp_servers';
  /** The user-level config file on this OS. */
  configFile(ctx: PathContext): string;
  /** Folders whose existence shows the client is installed even before it wrote its config. */
  appFolders(ctx: PathContext): string[];
  /** The entry in this client's shape (`paths` carries the environment the app sees, which the entry may have to pass on). */
  entry(launch: Launch, paths: PathContext): Record<string, unknown>;
  /** On Windows this client passes arguments containing spaces unquoted, so they would be split. */
  readonly splitsSpacedArgsOnWindows: boolean;
  /** What the user does after an install or removal for the client to notice it. */
  readonly restartHint: string;
  /** True when the client must be restarted (not just reloaded) to see the change. */
  readonly needsRestart: boolean;
}

/** command, args, and env only when it has values (an empty env is noise in a user's file). */
function plain(launch: Launch): Record<string, unknown> {
  return {
    command: launch.command,
    args: [...launch.args],
    ...(launch.env && Object.keys(launch.env).length > 0 ? { env: { ...launch.env } } : {}),
  };
}

/**
 * What Codex must pass on by name (its env_vars): the session bus's variables, which the keychain needs,
 * and XDG_CONFIG_HOME where it is set, or the bridge would read its profiles from ~/.config instead.
 */
function codexEnvVars(paths: PathContext): string[] {
  const xdg = paths.env.XDG_CONFIG_HOME;
  const movedConfig = paths.platform !== 'win32' && xdg !== undefined && path.posix.isAbsolute(xdg);
  return [...KEYCHAIN_ENV_VARS, ...(movedConfig ? ['XDG_CONFIG_HOME'] : [])];
}

/** VS Code's user data folder, which Cline (a VS Code extension) shares. */
function vscodeUser(ctx: PathContext): string {
  return pathApi(ctx).join(appDataDir(ctx, 'Code'), 'User');
}

const CLINE_STORAGE = ['globalStorage', 'saoudrizwan.claude-dev'];

const specs: readonly ClientSpec[] = [
  {
    id: 'claude-desktop',
    name: 'Claude Desktop',
    kind: 'desktop',
    format: 'json',
    containerKey: 'mcpServers',
    configFile: (ctx) => pathApi(ctx).join(appDataDir(ctx, 'Claude'), 'claude_desktop_config.json'),
    appFolders: (ctx) => [appDataDir(ctx, 'Claude')],
    entry: plain,
    splitsSpacedArgsOnWindows: true,
    restartHint: 'Quit Claude Desktop completely (including from the menu bar or system tray) and open it again.',
    needsRestart: true,
  },
  {
    id: 'claude-code',
    name: 'Claude Code',
    kind: 'cli',
    format: 'json',
    containerKey: 'mcpServers',
    configFile: (ctx) => inHome(ctx, '.claude.json'),
    appFolders: (ctx) => [inHome(ctx, '.claude')],
    entry: (launch) => ({ type: 'stdio', ...plain(launch) }),
    splitsSpacedArgsOnWindows: false,
    restartHint: 'Start a new Claude Code session; /mcp lists the server and its tools.',
    needsRestart: true,
  },
  {
    id: 'cursor',
    name: 'Cursor',
    kind: 'editor',
    format: 'json',
    containerKey: 'mcpServers',
    configFile: (ctx) => inHome(ctx, '.cursor', 'mcp.json'),
    appFolders: (ctx) => [inHome(ctx, '.cursor')],
    entry: plain,
    splitsSpacedArgsOnWindows: true,
    restartHint: 'Open Cursor Settings → MCP and check that gateway-companion is enabled; restart Cursor if its tools do not appear.',
    needsRestart: false,
  },
  {
    id: 'vscode',
    name: 'VS Code',
    kind: 'editor',
    format: 'jsonc',
    containerKey: 'servers',
    configFile: (ctx) => pathApi(ctx).join(vscodeUser(ctx), 'mcp.json'),
    appFolders: (ctx) => [vscodeUser(ctx)],
    entry: (launch) => ({ type: 'stdio', ...plain(launch) }),
    splitsSpacedArgsOnWindows: false,
    restartHint: 'In VS Code run "MCP: List Servers", start gateway-companion and trust it when asked.',
    needsRestart: false,
  },
  {
    id: 'windsurf',
    name: 'Windsurf',
    kind: 'editor',
    format: 'json',
    containerKey: 'mcpServers',
    configFile: (ctx) => inHome(ctx, '.codeium', 'windsurf', 'mcp_config.json'),
    appFolders: (ctx) => [inHome(ctx, '.codeium', 'windsurf')],
    entry: plain,
    splitsSpacedArgsOnWindows: false,
    restartHint: 'In Windsurf open Cascade → MCP servers and press Refresh, or restart Windsurf.',
    needsRestart: false,
  },
  {
    id: 'gemini-cli',
    name: 'Gemini CLI',
    kind: 'cli',
    // Gemini CLI strips comments from settings.json before parsing it.
    format: 'jsonc',
    containerKey: 'mcpServers',
    configFile: (ctx) => inHome(ctx, '.gemini', 'settings.json'),
    appFolders: (ctx) => [inHome(ctx, '.gemini')],
    entry: plain,
    splitsSpacedArgsOnWindows: false,
    restartHint: 'Start a new gemini session; /mcp lists the server and its tools.',
    needsRestart: true,
  },
  {
    id: 'codex',
    name: 'Codex CLI',
    kind: 'cli',
    format: 'toml',
    containerKey: 'mcp_servers',
    configFile: (ctx) => pathApi(ctx).join(codexDir(ctx), 'config.toml'),
    appFolders: (ctx) => [codexDir(ctx)],
    // Codex passes servers only an allow-list of variables; the bridge needs some of the others.
    entry: (launch, paths) => ({ ...plain(launch), env_vars: codexEnvVars(paths) }),
    splitsSpacedArgsOnWindows: true,
    restartHint: 'Start a new codex session; /mcp lists the server and its tools.',
    needsRestart: true,
  },
  {
    id: 'zed',
    name: 'Zed',
    kind: 'editor',
    format: 'jsonc',
    containerKey: 'context_servers',
    configFile: (ctx) => pathApi(ctx).join(zedDir(ctx), 'settings.json'),
    appFolders: (ctx) => [zedDir(ctx)],
    // Zed tells a hand-configured server from an extension's by `source: "custom"`.
    entry: (launch) => ({ source: 'custom', ...plain(launch) }),
    splitsSpacedArgsOnWindows: false,
    restartHint: 'Zed reloads its settings by itself; the server appears in the Agent panel settings.',
    needsRestart: false,
  },
  {
    id: 'cline',
    name: 'Cline',
    kind: 'editor',
    format: 'json',
    containerKey: 'mcpServers',
    configFile: (ctx) => pathApi(ctx).join(vscodeUser(ctx), ...CLINE_STORAGE, 'settings', 'cline_mcp_settings.json'),
    appFolders: (ctx) => [pathApi(ctx).join(vscodeUser(ctx), ...CLINE_STORAGE)],
    entry: plain,
    splitsSpacedArgsOnWindows: false,
    restartHint: 'Cline reloads its MCP settings by itself; check the MCP Servers tab in Cline.',
    needsRestart: false,
  },
];

export const CLIENTS: ReadonlyMap<ClientId, ClientSpec> = new Map(specs.map((s) => [s.id, s]));

export function isClientId(value: string): value is ClientId {
  return (CLIENT_IDS as readonly string[]).includes(value);
}

export class UnknownClientError extends Error {
  override readonly name = 'UnknownClientError';
}

export function clientSpec(id: string): ClientSpec {
  if (!isClientId(id)) throw new UnknownClientError(`unknown client "${id}"; choose one of: ${CLIENT_IDS.join(', ')}`);
  return CLIENTS.get(id) as ClientSpec;
}
