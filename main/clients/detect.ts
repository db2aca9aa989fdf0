import { existsSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { PathContext } from '../../platform/credentials/config-paths';
import { CLIENT_IDS, clientSpec, type ClientId, type ClientSpec, type ConfigFormat } from './catalog';
import { ConfigParseError, ConfigShapeError } from './config-errors';
import { openConfig, readConfigFile } from './config-document';
import { desiredEntry } from './install';
import { launchFacts, type LaunchRuntime } from './launch';
import { displayPath } from './locations';

/** not-installed: neither its config nor its app folder exists; stale: our entry launches a path that is gone. */
export type ClientState = 'not-installed' | 'not-configured' | 'configured' | 'stale';

/** Our entry as a client's config holds it. */
export interface ConfiguredEntry {
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** Variables the host passes on by name (Codex's `env_vars`). */
  readonly envVars?: readonly string[];
  readonly profile?: string;
  /** The entry launches the bridge with `--record` (the Assistants view's "Record sessions"). */
  readonly recording: boolean;
  /** Paths the entry needs that no longer exist (the reason for `stale`). */
  readonly missing: readonly string[];
  /** True when it is exactly what Install would write now for its profile. */
  readonly upToDate?: boolean;
}

export interface ClientStatus {
  readonly id: ClientId;
  readonly name: string;
  readonly kind: ClientSpec['kind'];
  readonly format: ConfigFormat;
  readonly configFile: string;
  /** The config path with the home folder shown as `~`. */
  readonly displayPath: string;
  readonly configExists: boolean;
  readonly state: ClientState;
  readonly entry?: ConfiguredEntry;
  /** Why the config cannot be read or edited (it does not parse, or is shaped unexpectedly), with the line. */
  readonly problem?: string;
  readonly restartHint: string;
  readonly needsRestart: boolean;
}

function isExecutableOnPath(command: string, env: NodeJS.ProcessEnv): boolean {
  if (path.isAbsolute(command)) return existsSync(command);
  const exts = process.platform === 'win32' ? ['', '.exe', '.cmd', '.bat'] : [''];
  return (env.PATH ?? env.Path ?? '').split(path.delimiter).some((dir) => dir && exts.some((e) => existsSync(path.join(dir, command + e))));
}

/** Reads our entry back; an entry hand-edited into another shape is reported, not guessed at. */
function readEntry(value: unknown, env: NodeJS.ProcessEnv): ConfiguredEntry | string {
  const v = value as { command?: unknown; args?: unknown; env?: unknown; env_vars?: unknown } | null;
  if (
    typeof v !== 'object' ||
    v === null ||
    typeof v.command !== 'string' ||
    (v.args !== undefined && (!Array.isArray(v.args) || !v.args.every((a) => typeof a === 'string')))
  ) {
    return 'the gateway-companion entry is not a command with a list of arguments; Install replaces it';
  }
  const args = v.args ?? [];
  const entryEnv =
    typeof v.env === 'object' && v.env !== null
      ? Object.fromEntries(Object.entries(v.env).filter((e): e is [string, string] => typeof e[1] === 'string'))
      : undefined;
  const envVars = Array.isArray(v.env_vars) ? v.env_vars.filter((n): n is string => typeof n === 'string') : [];
  const facts = launchFacts(v.command, args, entryEnv);
  const missing = facts.requiredPaths.filter((p, i) => (i === 0 ? !isExecutableOnPath(p, env) : !existsSync(p)));
  return {
    command: v.command,
    args,
    ...(entryEnv && Object.keys(entryEnv).length > 0 ? { env: entryEnv } : {}),
    ...(envVars.length > 0 ? { envVars } : {}),
    ...(facts.profile ? { profile: facts.profile } : {}),
    recording: facts.recording,
    missing,
  };
}

export interface DetectOptions {
  readonly paths: PathContext;
  /** Lets the status tell whether an entry matches what Install would write now. */
  readonly runtime?: LaunchRuntime;
}

export async function clientStatus(id: ClientId, options: DetectOptions): Promise<ClientStatus> {
  const spec = clientSpec(id);
  const { paths } = options;
  const file = spec.configFile(paths);
  const base = {
    id,
    name: spec.name,
    kind: spec.kind,
    format: spec.format,
    configFile: file,
    displayPath: displayPath(paths, file),
    restartHint: spec.restartHint,
    needsRestart: spec.needsRestart,
  };
  let text: string | undefined;
  try {
    text = (await readConfigFile(file))?.toString('utf8');
  } catch (error) {
    if (error instanceof ConfigShapeError)
      return { ...base, configExists: true, state: 'not-configured', problem: `${file}: ${error.problem}.` };
    throw error;
  }
  if (text === undefined) {
    const installed = spec.appFolders(paths).some((d) => existsSync(d));
    return { ...base, configExists: false, state: installed ? 'not-configured' : 'not-installed' };
  }
  let entryValue: unknown;
  try {
    entryValue = openConfig(spec, file, text).entry;
  } catch (error) {
    if (error instanceof ConfigParseError) {
      const problem = `${file} does not parse: line ${error.line}, column ${error.column}: ${error.reason}. Fix that line (or restore a backup); nothing is written to it until it parses.`;
      return { ...base, configExists: true, state: 'not-configured', problem };
    }
    if (error instanceof ConfigShapeError)
      return { ...base, configExists: true, state: 'not-configured', problem: `${file}: ${error.problem}.` };
    throw error;
  }
  if (entryValue === undefined) return { ...base, configExists: true, state: 'not-configured' };
  const entry = readEntry(entryValue, paths.env);
  if (typeof entry === 'string') return { ...base, configExists: true, state: 'stale', problem: entry };
  let upToDate: boolean | undefined;
  if (options.runtime && entry.profile) {
    try {
      upToDate = isDeepStrictEqual(entryValue, desiredEntry(spec, options.runtime, entry.profile, paths, entry.recording));
    } catch {
      upToDate = false; // a profile name Install would refuse
    }
  }
  return {
    ...base,
    configExists: true,
    state: entry.missing.length > 0 ? 'stale' : 'configured',
    entry: { ...entry, ...(upToDate !== undefined ? { upToDate } : {}) },
  };
}

export async function listClients(options: DetectOptions): Promise<ClientStatus[]> {
  return Promise.all(CLIENT_IDS.map((id) => clientStatus(id, options)));
}
