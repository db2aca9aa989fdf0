/**
 * Settings that are not profiles or GitHub's: the built-in gateway's rate limit (its emulated tier) and
 * whether the built-in profile paces its requests to it. Saved in settings.json, which the app and every
 * bridge share; a new limit reaches the gateway the app runs at once, and one another process runs within a
 * second (main/bridge-host/embedded-rate.ts); pacing applies from the profile's next connection. The
 * environment variable, when set where the app was started, decides the limit instead, and it cannot be
 * changed here.
 */
import { EMBEDDED_RATE_ENV } from '../../domain/embedded-tier';
import type { EmbeddedRateState } from '../../domain/ipc/settings-channels';
import { SettingsError } from '../../platform/credentials/app-settings';
import { currentPathContext, settingsFile, type PathContext } from '../../platform/credentials/config-paths';
import { LockBusyError } from '../../platform/files/lock';
import {
  embeddedPacedSetting,
  embeddedRateFromEnv,
  embeddedRateSetting,
  refreshEmbeddedRates,
  saveEmbeddedRateSetting,
} from '../bridge-host/embedded-rate';
import type { Handlers } from './dispatch';
import { ServiceError } from './service-error';

export interface SettingsDeps {
  /** Default: this process's environment. */
  readonly env?: NodeJS.ProcessEnv;
  readonly paths?: PathContext;
}

type SettingsChannel = 'settings:embeddedRate' | 'settings:setEmbeddedRate';

export function settingsHandlers(deps: SettingsDeps = {}): Pick<Handlers, SettingsChannel> {
  const env = deps.env ?? process.env;
  const paths = deps.paths ?? currentPathContext(env);

  async function state(): Promise<EmbeddedRateState> {
    const problems: string[] = [];
    const settled = async <T>(read: () => Promise<T>, otherwise: T): Promise<T> => {
      try {
        return await read();
      } catch (error) {
        if (!(error instanceof SettingsError)) throw error;
        if (!problems.includes(error.message)) problems.push(error.message);
        return otherwise;
      }
    };
    const saved = await settled(() => embeddedRateSetting(paths), undefined);
    const paced = await settled(() => embeddedPacedSetting(paths), false);
    const environment = env[EMBEDDED_RATE_ENV] || undefined;
    let fromEnv: number | undefined;
    try {
      fromEnv = embeddedRateFromEnv(env);
    } catch (error) {
      problems.push(`${(error as Error).message}: the built-in gateway does not start until it is fixed or unset.`);
    }
    const inEffect = environment !== undefined ? fromEnv : saved;
    return {
      settingsFile: settingsFile(paths),
      ...(saved !== undefined ? { saved } : {}),
      ...(environment !== undefined ? { environment } : {}),
      ...(inEffect !== undefined ? { inEffect } : {}),
      paced,
      ...(problems.length ? { problem: problems.join(' ') } : {}),
    };
  }

  return {
    'settings:embeddedRate': () => state(),
    'settings:setEmbeddedRate': async ({ rate, paced }) => {
      // Pacing may still be chosen under the variable; the rate it decides may not.
      const saved = await embeddedRateSetting(paths).catch(() => undefined);
      if (env[EMBEDDED_RATE_ENV] && (rate ?? undefined) !== saved)
        throw new ServiceError(
          'set_by_environment',
          `${EMBEDDED_RATE_ENV} is set where the app was started, and it decides the built-in gateway's rate limit. Unset it and start the app again to choose here.`,
        );
      try {
        await saveEmbeddedRateSetting(paths, rate ?? undefined, paced);
      } catch (error) {
        if (error instanceof SettingsError || error instanceof LockBusyError) throw new ServiceError('settings_file', error.message);
        throw error;
      }
      await refreshEmbeddedRates();
      return state();
    },
  };
}
