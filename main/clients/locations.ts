import path from 'node:path';
import type { PathContext } from '../../platform/credentials/config-paths';

/** Path helpers that follow each OS's conventions, driven by the context's HOME / USERPROFILE, APPDATA and XDG_CONFIG_HOME. */
export function pathApi(ctx: PathContext): path.PlatformPath {
  return ctx.platform === 'win32' ? path.win32 : path.posix;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.length > 0 ? value : undefined;
}

/** The user's home: USERPROFILE on Windows (as the clients themselves use), HOME elsewhere. */
export function homeDir(ctx: PathContext): string {
  if (ctx.platform === 'win32') return nonEmpty(ctx.env.USERPROFILE) ?? nonEmpty(ctx.env.HOME) ?? ctx.homedir;
  return nonEmpty(ctx.env.HOME) ?? ctx.homedir;
}

/** In the home directory, on every OS (dot-folders such as ~/.cursor). */
export function inHome(ctx: PathContext, ...parts: string[]): string {
  return pathApi(ctx).join(homeDir(ctx), ...parts);
}

/** %APPDATA% (Roaming) on Windows. */
function appData(ctx: PathContext): string {
  return nonEmpty(ctx.env.APPDATA) ?? path.win32.join(homeDir(ctx), 'AppData', 'Roaming');
}

/** $XDG_CONFIG_HOME, else ~/.config; relative values are ignored, as the XDG spec requires. */
function xdgConfig(ctx: PathContext): string {
  const xdg = ctx.env.XDG_CONFIG_HOME;
  return xdg && path.posix.isAbsolute(xdg) ? xdg : path.posix.join(homeDir(ctx), '.config');
}

/**
 * Where an Electron app named `appName` keeps its per-user data: ~/Library/Application Support/<name> on
 * macOS, %APPDATA%\<name> on Windows, $XDG_CONFIG_HOME/<name> on Linux (Claude Desktop, VS Code).
 */
export function appDataDir(ctx: PathContext, appName: string): string {
  if (ctx.platform === 'darwin') return path.posix.join(homeDir(ctx), 'Library', 'Application Support', appName);
  if (ctx.platform === 'win32') return path.win32.join(appData(ctx), appName);
  return path.posix.join(xdgConfig(ctx), appName);
}

/** Zed: ~/.config/zed on macOS (Zed's choice), $XDG_CONFIG_HOME/zed on Linux, %APPDATA%\Zed on Windows. */
export function zedDir(ctx: PathContext): string {
  if (ctx.platform === 'darwin') return path.posix.join(homeDir(ctx), '.config', 'zed');
  if (ctx.platform === 'win32') return path.win32.join(appData(ctx), 'Zed');
  return path.posix.join(xdgConfig(ctx), 'zed');
}

/** Codex CLI honours CODEX_HOME, else ~/.codex. */
export function codexDir(ctx: PathContext): string {
  return nonEmpty(ctx.env.CODEX_HOME) ?? inHome(ctx, '.codex');
}

/** Shows a path with the home directory as `~`, for messages and the interface. */
export function displayPath(ctx: PathContext, file: string): string {
  const home = homeDir(ctx);
  const p = pathApi(ctx);
  return file === home || file.startsWith(home + p.sep) ? `~${file.slice(home.length)}` : file;
}
