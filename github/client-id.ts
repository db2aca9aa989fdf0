/**
 * Which OAuth app the device flow runs as. The client id comes, first found wins, from `--client-id`
 * (the CLI), COMPANION_GITHUB_CLIENT_ID at run time, the app's GitHub setting (settings.json in the config
 * folder, shared by the app and the CLI), then the id baked into the build (COMPANION_BUILD_GITHUB_CLIENT_ID
 * at `npm run dist`). The more deliberate and local a choice, the earlier it wins: a developer's flag or
 * variable overrides everything, and a published build's own id is the default an operator never sees.
 * Each is checked against the forms GitHub issues before use.
 */
import { clientIdKind, clientIdProblem, normalizeClientId, type ClientIdKind } from '../domain/github-client-id';
import { AppSettingsFile } from '../platform/credentials/app-settings';
import { currentPathContext, settingsFile } from '../platform/credentials/config-paths';
import { BUILT_IN_CLIENT_ID } from './built-in-client-id';
import { ENV_GITHUB_CLIENT_ID } from './config';
import { GitHubError } from './errors';

/** The key of the client id in the settings file. */
const CLIENT_ID_SETTING = 'githubClientId';

export type ClientIdSource = 'flag' | 'environment' | 'settings' | 'built-in';

export interface ConfiguredClientId {
  readonly clientId: string;
  readonly kind: ClientIdKind;
  readonly source: ClientIdSource;
}

export interface ClientIdContext {
  readonly env: NodeJS.ProcessEnv;
  /** Default: settings.json in the per-user config folder that `env` points at. */
  readonly settingsFile?: string;
  /** The id baked into this build (default: BUILT_IN_CLIENT_ID; '' for none). */
  readonly builtInClientId?: string;
}

export function clientIdSourceName(source: ClientIdSource): string {
  return source === 'flag'
    ? '--client-id'
    : source === 'environment'
      ? ENV_GITHUB_CLIENT_ID
      : source === 'settings'
        ? "the app's GitHub settings"
        : 'this build of the app';
}

/** Where the setting is saved. */
export function clientIdSettingsFile(ctx: ClientIdContext): string {
  return ctx.settingsFile ?? settingsFile(currentPathContext(ctx.env));
}

function settingsOf(ctx: ClientIdContext): AppSettingsFile {
  return new AppSettingsFile(clientIdSettingsFile(ctx));
}

/** Runs a settings file operation, its refusals (a file we cannot parse, a busy lock) as GitHubErrors. */
async function onSettings<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new GitHubError('settings-file', error instanceof Error ? error.message : String(error));
  }
}

function checked(value: string, source: ClientIdSource): ConfiguredClientId {
  const clientId = normalizeClientId(value);
  const problem = clientIdProblem(clientId);
  const kind = clientIdKind(clientId);
  if (problem || !kind)
    throw new GitHubError('bad-client-id', `The client id from ${clientIdSourceName(source)} cannot be used. ${problem}`);
  return { clientId, kind, source };
}

/** The client id saved in the app's settings, as saved (undefined when none). */
export async function clientIdSetting(ctx: ClientIdContext): Promise<string | undefined> {
  const value = await onSettings(() => settingsOf(ctx).get(CLIENT_ID_SETTING));
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw new GitHubError('bad-client-id', `The client id in the app's GitHub settings is not text. Enter it again in Settings.`);
  return value;
}

/** Saves the client id in the app's settings after checking it, or removes it (null). Returns what is saved. */
export async function saveClientIdSetting(ctx: ClientIdContext, value: string | null): Promise<string | undefined> {
  const clientId = value === null ? undefined : checked(value, 'settings').clientId;
  await onSettings(() => settingsOf(ctx).update({ [CLIENT_ID_SETTING]: clientId }));
  return clientId;
}

/**
 * The client id to use: `flag` (from --client-id), else COMPANION_GITHUB_CLIENT_ID, else the setting, else
 * the build's own; undefined when there is none.
 */
export async function configuredClientId(ctx: ClientIdContext, flag?: string): Promise<ConfiguredClientId | undefined> {
  if (flag !== undefined) return checked(flag, 'flag');
  const fromEnv = ctx.env[ENV_GITHUB_CLIENT_ID];
  if (fromEnv !== undefined && fromEnv.trim() !== '') return checked(fromEnv, 'environment');
  const saved = await clientIdSetting(ctx);
  if (saved !== undefined) return checked(saved, 'settings');
  const builtIn = ctx.builtInClientId ?? BUILT_IN_CLIENT_ID;
  return builtIn.trim() === '' ? undefined : checked(builtIn, 'built-in');
}
