/**
 * Where the embedded gateway's emulated tier comes from (domain/embedded-tier.ts: the environment wins,
 * then the app's setting) and how a running one follows a change of the setting. The setting lives in
 * settings.json (written under a lock, atomically), which the app and every bridge of the config folder
 * share, and the gateway may run in any of them: the process that runs it watches the file and changes the
 * tier in place (no session is dropped, the port stays). In the app's own process a change applies at once
 * (`refreshEmbeddedRates`), so the playground and the doctor meet the new tier on their next request.
 */
import { unwatchFile, watchFile } from 'node:fs';
import { EMBEDDED_RATE_ENV, parseRate, ratePhrase, tierRateProblem } from '../../domain/embedded-tier';
import { AppSettingsFile, SettingsError } from '../../platform/credentials/app-settings';
import { settingsFile, type PathContext } from '../../platform/credentials/config-paths';
import type { Logger } from '../../bridge/logger';

/** The setting's key in settings.json: requests per second; absent when off. */
export const EMBEDDED_RATE_SETTING = 'embeddedGatewayRate';
/** Whether an embedded profile without a rate of its own paces its requests to the tier (true), or meets its 429s (absent). */
export const EMBEDDED_PACED_SETTING = 'embeddedGatewayPaced';

/** How often a process running the gateway looks at the settings file for a change made by another process. */
const WATCH_INTERVAL_MS = 1000;

/** The tier from GATEWAY_COMPANION_EMBEDDED_RATE (undefined when unset); a value that is no rate is refused, naming the variable. */
export function embeddedRateFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env[EMBEDDED_RATE_ENV];
  if (raw === undefined || raw === '') return undefined;
  const rate = parseRate(raw);
  if (raw.trim() !== raw || tierRateProblem(rate))
    throw new RangeError(`${EMBEDDED_RATE_ENV} must be requests per second above 0 and at most 1000, got "${raw}"`);
  return rate;
}

/** The saved setting (undefined: off); a value that is no rate is a SettingsError saying what to do. */
export async function embeddedRateSetting(paths: PathContext): Promise<number | undefined> {
  const file = settingsFile(paths);
  const value = await new AppSettingsFile(file).get(EMBEDDED_RATE_SETTING);
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || tierRateProblem(value))
    throw new SettingsError(
      `The built-in gateway's rate limit in ${file} ("${EMBEDDED_RATE_SETTING}": ${JSON.stringify(value)}) is not requests per second above 0 and at most 1000. Choose it again in Settings.`,
    );
  return value;
}

/** Whether the built-in profile is paced to the tier (false when unset; a value that is not true or false is a SettingsError). */
export async function embeddedPacedSetting(paths: PathContext): Promise<boolean> {
  const file = settingsFile(paths);
  const value = await new AppSettingsFile(file).get(EMBEDDED_PACED_SETTING);
  if (value === undefined) return false;
  if (typeof value !== 'boolean')
    throw new SettingsError(
      `"${EMBEDDED_PACED_SETTING}" in ${file} is ${JSON.stringify(value)}, not true or false. Choose it again in Settings.`,
    );
  return value;
}

/**
 * Saves the setting (rate undefined: off; `paced` as given, or kept when not given) in one write under the
 * settings file's lock, atomically, keeping every other setting.
 */
export async function saveEmbeddedRateSetting(paths: PathContext, rate: number | undefined, paced?: boolean): Promise<void> {
  if (rate !== undefined) {
    const problem = tierRateProblem(rate);
    if (problem) throw new RangeError(`The built-in gateway's rate limit: ${problem}.`);
  }
  await new AppSettingsFile(settingsFile(paths)).update({
    [EMBEDDED_RATE_SETTING]: rate,
    ...(paced !== undefined ? { [EMBEDDED_PACED_SETTING]: paced || undefined } : {}),
  });
}

export interface EmbeddedRateChoice {
  /** Requests per second per account; undefined: no limit. */
  readonly rate: number | undefined;
  readonly source: 'environment' | 'settings' | 'off';
}

/** The tier a gateway started by this process emulates: the environment's, else the setting's. Throws what either refuses. */
export async function embeddedRateInEffect(env: NodeJS.ProcessEnv, paths: PathContext): Promise<EmbeddedRateChoice> {
  const fromEnv = embeddedRateFromEnv(env);
  if (fromEnv !== undefined) return { rate: fromEnv, source: 'environment' };
  const saved = await embeddedRateSetting(paths);
  return saved === undefined ? { rate: undefined, source: 'off' } : { rate: saved, source: 'settings' };
}

/**
 * The tier for a gateway about to start: as `embeddedRateInEffect`, except that a settings file that cannot
 * be read costs the tier, not the gateway (the limit is a testing aid; the bridge must still work): it is
 * logged and the gateway starts without one. A bad environment variable still refuses, naming it.
 */
export async function startingRate(env: NodeJS.ProcessEnv, paths: PathContext, log: Logger): Promise<number | undefined> {
  const fromEnv = embeddedRateFromEnv(env);
  if (fromEnv !== undefined) return fromEnv;
  try {
    return await embeddedRateSetting(paths);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    log.warn(`${error.message} The built-in gateway runs without a rate limit meanwhile.`);
    return undefined;
  }
}

/**
 * The rate an embedded profile without a rate of its own is paced to: the tier in effect when the app's
 * setting asks for pacing, else none (its requests meet the tier's 429s). Read when a bridge connects; a
 * settings file that cannot be read means no pacing, logged.
 */
export async function embeddedPace(env: NodeJS.ProcessEnv, paths: PathContext, log: Logger): Promise<number | undefined> {
  try {
    if (!(await embeddedPacedSetting(paths))) return undefined;
    return (await embeddedRateInEffect(env, paths)).rate;
  } catch (error) {
    if (!(error instanceof SettingsError) && !(error instanceof RangeError)) throw error;
    log.warn(`${error.message} The built-in profile is not paced meanwhile.`);
    return undefined;
  }
}

/** Watches a file for a change, by polling its stat (robust across file systems and atomic renames); returns the stop. */
export type FileWatch = (file: string, onChange: () => void) => () => void;

const pollingWatch: FileWatch = (file, onChange) => {
  const listener = () => onChange();
  // Not persistent: a bridge whose host has gone exits although it still watches.
  watchFile(file, { interval: WATCH_INTERVAL_MS, persistent: false }, listener);
  return () => unwatchFile(file, listener);
};

/** Every running gateway of this process that follows the setting: its check, run again on `refreshEmbeddedRates`. */
const followers = new Set<() => Promise<void>>();

export interface FollowOptions {
  readonly env: NodeJS.ProcessEnv;
  readonly paths: PathContext;
  readonly log: Logger;
  /** The rate the gateway started with. */
  readonly initial: number | undefined;
  /** Changes the running gateway's tier. */
  readonly apply: (rate: number | undefined) => void;
  /** Default: polling the settings file's stat every second. */
  readonly watch?: FileWatch;
}

/**
 * Keeps a running gateway's tier on the setting until the returned stop is called. With the environment
 * variable set, the tier is fixed for this process's life and nothing is watched.
 */
export function followEmbeddedRate(options: FollowOptions): () => void {
  if (embeddedRateFromEnv(options.env) !== undefined) return () => undefined;
  let current = options.initial;
  // One check at a time, in order: a slow read never applies an older value after a newer one.
  let queue = Promise.resolve();
  const check = (): Promise<void> => {
    queue = queue.then(async () => {
      let rate: number | undefined;
      try {
        rate = await embeddedRateSetting(options.paths);
      } catch (error) {
        options.log.warn(`${(error as Error).message} The built-in gateway keeps its rate limit meanwhile.`);
        return;
      }
      if (rate === current) return;
      options.apply(rate);
      current = rate;
      options.log.info(`the built-in gateway now ${rate === undefined ? 'has no rate limit' : `allows ${ratePhrase(rate)} per account`}`);
    });
    return queue;
  };
  const stopWatching = (options.watch ?? pollingWatch)(settingsFile(options.paths), () => void check());
  followers.add(check);
  return () => {
    stopWatching();
    followers.delete(check);
  };
}

/** Applies the setting to every gateway this process runs, now (after the app saved it). */
export async function refreshEmbeddedRates(): Promise<void> {
  await Promise.all([...followers].map((check) => check()));
}
