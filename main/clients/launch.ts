import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateProfileName } from '../../platform/credentials/profiles';

/** How this copy of the app can be launched as a bridge. */
export type LaunchRuntime =
  /** An installed app: its executable accepts `--mcp-bridge` (the runAsNode fuse is off, so it is no Node). */
  | { readonly kind: 'packaged'; readonly executable: string }
  /** A source checkout: Node runs the built CLI, `out/main/cli.js`. */
  | { readonly kind: 'source'; readonly node: string; readonly cli: string };

/** Exactly what a client spawns. */
export interface Launch {
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

/** Carries the CLI's path when it contains spaces and the client would split it. */
export const CLI_PATH_ENV = 'GATEWAY_COMPANION_CLI';

/**
 * `node -e` program that runs the CLI named by CLI_PATH_ENV. It has no spaces and no double quotes, so it
 * survives hosts that join arguments unquoted. `-e` leaves the script slot of process.argv empty, so the
 * path is put there first: the CLI reads its own arguments from argv[2] on.
 */
export const CLI_LOADER = `process.argv.splice(1,0,process.env.${CLI_PATH_ENV});import(require('url').pathToFileURL(process.argv[1]).href)`;

export class LaunchError extends Error {
  override readonly name = 'LaunchError';
}

export interface LaunchOptions {
  /** The client passes arguments with spaces unquoted (some hosts on Windows). */
  readonly splitsSpacedArgs: boolean;
  /** Record every session into this file pattern (`--record`, `{date}` expanded by the bridge at start). */
  readonly record?: string;
}

/** Carries the record pattern when it contains spaces and the client would split it (the bridge reads it as --record). */
export const RECORD_PATH_ENV = 'GATEWAY_COMPANION_RECORD';

const hasSpace = (s: string) => /\s/.test(s);

/** The command, arguments and environment that start the bridge for `profile`. Never holds a secret. */
export function buildLaunch(runtime: LaunchRuntime, profile: string, options: LaunchOptions): Launch {
  validateProfileName(profile); // names are [A-Za-z0-9._-], so the profile argument never has a space
  const { record } = options;
  // A record path with spaces (macOS's "Application Support", a Windows user name) goes in the environment
  // for a client that would split it.
  const recordInEnv = record !== undefined && options.splitsSpacedArgs && hasSpace(record);
  const recordArgs = record !== undefined && !recordInEnv ? ['--record', record] : [];
  const recordEnv = recordInEnv ? { [RECORD_PATH_ENV]: record } : undefined;
  if (runtime.kind === 'packaged')
    return {
      command: runtime.executable,
      args: ['--mcp-bridge', '--profile', profile, ...recordArgs],
      ...(recordEnv ? { env: recordEnv } : {}),
    };
  const rest = ['bridge', '--profile', profile, ...recordArgs];
  if (options.splitsSpacedArgs && hasSpace(runtime.cli)) {
    return { command: runtime.node, args: ['-e', CLI_LOADER, ...rest], env: { [CLI_PATH_ENV]: runtime.cli, ...recordEnv } };
  }
  return { command: runtime.node, args: [runtime.cli, ...rest], ...(recordEnv ? { env: recordEnv } : {}) };
}

/** What a configured entry launches, read back: the profile and the files that must exist for it to start. */
export interface LaunchFacts {
  readonly profile?: string;
  /** The entry records its sessions (`--record` or the record variable). */
  readonly recording: boolean;
  /** The executable and, for a source checkout, the CLI script. */
  readonly requiredPaths: readonly string[];
}

export function launchFacts(command: string, args: readonly string[], env: Readonly<Record<string, string>> | undefined): LaunchFacts {
  const i = args.indexOf('--profile');
  const fromArgs = i >= 0 ? args[i + 1] : args.find((a) => a.startsWith('--profile='))?.slice('--profile='.length);
  const profile = fromArgs ?? env?.GATEWAY_COMPANION_PROFILE;
  const required = [command];
  if (args[0] === '-e' && env?.[CLI_PATH_ENV]) required.push(env[CLI_PATH_ENV]);
  else if (args[0] !== undefined && /\.[cm]?js$/.test(args[0])) required.push(args[0]);
  const recording = args.some((a) => a === '--record' || a.startsWith('--record=')) || env?.[RECORD_PATH_ENV] !== undefined;
  return { ...(profile ? { profile } : {}), recording, requiredPaths: required };
}

/** The built CLI next to this code: bundled into out/main/ (or its chunks/), or out/main/cli.js from the sources. */
export function findBuiltCli(): string {
  for (const rel of ['./cli.js', '../cli.js', '../../out/main/cli.js']) {
    const file = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(file) && path.basename(path.dirname(file)) === 'main') return file;
  }
  throw new LaunchError('The built command-line tool (out/main/cli.js) was not found. Run "npm run build" in the checkout first.');
}

/** An absolute `node` from PATH, for a source checkout run under Electron (whose own binary is not Node). */
function nodeOnPath(env: NodeJS.ProcessEnv): string {
  const names = process.platform === 'win32' ? ['node.exe'] : ['node'];
  for (const dir of (env.PATH ?? env.Path ?? '').split(path.delimiter)) {
    for (const name of names) {
      const file = path.join(dir, name);
      if (dir && path.isAbsolute(file) && existsSync(file)) return file;
    }
  }
  throw new LaunchError('Node.js was not found on PATH. Install Node.js 20.19 or newer, or use the installed app.');
}

/**
 * The runtime of the running process. An installed Electron app uses its own executable (the AppImage file
 * itself when run as one, not the temporary mount); anything else is a source checkout, launched with an
 * absolute Node path because assistants started from a desktop often lack the user's shell PATH.
 */
export function currentRuntime(env: NodeJS.ProcessEnv = process.env): LaunchRuntime {
  const electron = process.versions.electron !== undefined;
  if (electron && !(process as { defaultApp?: boolean }).defaultApp) {
    return { kind: 'packaged', executable: env.APPIMAGE && env.APPIMAGE.length > 0 ? env.APPIMAGE : process.execPath };
  }
  return { kind: 'source', node: electron ? nodeOnPath(env) : process.execPath, cli: findBuiltCli() };
}
