import { homedir } from 'node:os';
import path from 'node:path';

/** What decides the per-user locations: injectable so tests (and the app) can point them at a temp home. */
export interface PathContext {
  readonly env: NodeJS.ProcessEnv;
  readonly platform: NodeJS.Platform;
  /** Fallback when HOME (or USERPROFILE on Windows) is unset. */
  readonly homedir: string;
}

export function currentPathContext(env: NodeJS.ProcessEnv = process.env): PathContext {
  return { env, platform: process.platform, homedir: homedir() };
}

function home(ctx: PathContext): string {
  const fromEnv = ctx.platform === 'win32' ? ctx.env.USERPROFILE : ctx.env.HOME;
  return fromEnv && fromEnv.length > 0 ? fromEnv : ctx.homedir;
}

/**
 * The per-user configuration directory shared by the app, the CLI and the bridge:
 * - Linux and other Unixes: `$XDG_CONFIG_HOME/gateway-companion`, else `~/.config/gateway-companion`
 * - macOS: `~/Library/Application Support/Gateway Companion`
 * - Windows: `%APPDATA%\Gateway Companion`
 */
export function configDir(ctx: PathContext = currentPathContext()): string {
  if (ctx.platform === 'win32') {
    const appData = ctx.env.APPDATA && ctx.env.APPDATA.length > 0 ? ctx.env.APPDATA : path.win32.join(home(ctx), 'AppData', 'Roaming');
    return path.win32.join(appData, 'Gateway Companion');
  }
  if (ctx.platform === 'darwin') return path.posix.join(home(ctx), 'Library', 'Application Support', 'Gateway Companion');
  // The XDG spec says relative values are invalid and must be ignored.
  const xdg = ctx.env.XDG_CONFIG_HOME;
  const base = xdg && path.posix.isAbsolute(xdg) ? xdg : path.posix.join(home(ctx), '.config');
  return path.posix.join(base, 'gateway-companion');
}

function join(ctx: PathContext, ...parts: string[]): string {
  return (ctx.platform === 'win32' ? path.win32 : path.posix).join(configDir(ctx), ...parts);
}

/** Profiles (endpoint URL and non-secret settings); never holds secrets. */
export function profilesFile(ctx: PathContext = currentPathContext()): string {
  return join(ctx, 'profiles.json');
}

/** The app's non-secret settings (the GitHub OAuth app's client id, …), shared by the app and the CLI. */
export function settingsFile(ctx: PathContext = currentPathContext()): string {
  return join(ctx, 'settings.json');
}

/** The reference gateway's data dir: one CA and one demo account shared by the app, the CLI and the bridge. */
export function referenceGatewayDir(ctx: PathContext = currentPathContext()): string {
  return join(ctx, 'reference-gateway');
}

/** The bridge's diagnostic log (size-capped, one rotated backup `bridge.log.1`). */
export function bridgeLogFile(ctx: PathContext = currentPathContext()): string {
  return join(ctx, 'logs', 'bridge.log');
}

/** The redacted JSONL audit of tool calls (size-capped, one rotated backup `audit.jsonl.1`). */
export function auditLogFile(ctx: PathContext = currentPathContext()): string {
  return join(ctx, 'logs', 'audit.jsonl');
}

/**
 * Where the CLI keeps Node's compile cache (V8 code for the modules it loads, so the next start skips
 * compiling them): a per-user cache folder, safe to delete.
 * - Linux and other Unixes: `$XDG_CACHE_HOME/gateway-companion/compile-cache`, else `~/.cache/gateway-companion/compile-cache`
 * - macOS: `~/Library/Caches/Gateway Companion/compile-cache`
 * - Windows: `%LOCALAPPDATA%\Gateway Companion\Cache\compile-cache`
 */
export function compileCacheDir(ctx: PathContext = currentPathContext()): string {
  if (ctx.platform === 'win32') {
    const local =
      ctx.env.LOCALAPPDATA && ctx.env.LOCALAPPDATA.length > 0 ? ctx.env.LOCALAPPDATA : path.win32.join(home(ctx), 'AppData', 'Local');
    return path.win32.join(local, 'Gateway Companion', 'Cache', 'compile-cache');
  }
  if (ctx.platform === 'darwin') return path.posix.join(home(ctx), 'Library', 'Caches', 'Gateway Companion', 'compile-cache');
  const xdg = ctx.env.XDG_CACHE_HOME;
  const base = xdg && path.posix.isAbsolute(xdg) ? xdg : path.posix.join(home(ctx), '.cache');
  return path.posix.join(base, 'gateway-companion', 'compile-cache');
}
