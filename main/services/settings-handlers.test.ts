import { rm, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { EMBEDDED_RATE_ENV } from '../../domain/embedded-tier';
import { EmbeddedRateState } from '../../domain/ipc/settings-channels';
import { AppSettingsFile } from '../../platform/credentials/app-settings';
import { settingsFile } from '../../platform/credentials/config-paths';
import { followEmbeddedRate } from '../bridge-host/embedded-rate';
import { tempHome } from '../playground/testing';
import { createDispatcher, type Handlers } from './dispatch';
import { settingsHandlers } from './settings-handlers';

const homes: string[] = [];
afterEach(async () => {
  for (const h of homes.splice(0)) await rm(h, { recursive: true, force: true });
});

function setup(extraEnv: NodeJS.ProcessEnv = {}) {
  const { home, env, paths } = tempHome('settings-ipc-');
  homes.push(home);
  const handlers = settingsHandlers({ env: { ...env, ...extraEnv }, paths });
  const file = () => new AppSettingsFile(settingsFile(paths));
  return { env, paths, handlers, file, dispatch: createDispatcher(handlers as Handlers) };
}

describe('settings:embeddedRate and settings:setEmbeddedRate', () => {
  it('save the choice in settings.json beside the other settings, and apply the limit to the gateway this process runs at once', async () => {
    const { env, paths, handlers, file } = setup();
    await file().update({ githubClientId: 'Ov23liExample' });
    const off = await handlers['settings:embeddedRate']();
    expect(EmbeddedRateState.parse(off)).toEqual(off);
    expect(off).toEqual({ settingsFile: settingsFile(paths), paced: false });

    const applied: (number | undefined)[] = [];
    const stop = followEmbeddedRate({
      env,
      paths,
      log: { info: () => undefined, warn: () => undefined } as never,
      initial: undefined,
      apply: (r) => applied.push(r),
      watch: () => () => undefined,
    });
    try {
      expect(await handlers['settings:setEmbeddedRate']({ rate: 1, paced: true })).toEqual({
        settingsFile: settingsFile(paths),
        saved: 1,
        inEffect: 1,
        paced: true,
      });
      expect(applied).toEqual([1]);
      expect(await file().read()).toEqual({ githubClientId: 'Ov23liExample', embeddedGatewayRate: 1, embeddedGatewayPaced: true });
      expect(await handlers['settings:setEmbeddedRate']({ rate: null, paced: false })).toEqual({
        settingsFile: settingsFile(paths),
        paced: false,
      });
      expect(applied).toEqual([1, undefined]);
      expect(await file().read()).toEqual({ githubClientId: 'Ov23liExample' });
    } finally {
      stop();
    }
  });

  it('refuse what is no rate before anything runs', async () => {
    const { dispatch, file } = setup();
    for (const bad of [0, -1, 1001, '1', Number.NaN, Number.POSITIVE_INFINITY])
      expect(await dispatch('settings:setEmbeddedRate', [{ rate: bad, paced: false }])).toMatchObject({
        ok: false,
        error: { code: 'invalid_arguments' },
      });
    expect(await dispatch('settings:setEmbeddedRate', [1])).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(await file().read()).toEqual({});
  });

  it('show the environment variable deciding, refuse to change the limit under it, and still take pacing', async () => {
    const { handlers, paths, file } = setup({ [EMBEDDED_RATE_ENV]: '2' });
    expect(await handlers['settings:embeddedRate']()).toEqual({
      settingsFile: settingsFile(paths),
      environment: '2',
      inEffect: 2,
      paced: false,
    });
    await expect(handlers['settings:setEmbeddedRate']({ rate: 1, paced: false })).rejects.toMatchObject({ code: 'set_by_environment' });
    expect(await file().read()).toEqual({});
    expect(await handlers['settings:setEmbeddedRate']({ rate: null, paced: true })).toMatchObject({ inEffect: 2, paced: true });
  });

  it('name a bad environment value or a hand-edited setting as the problem, and still answer', async () => {
    const bad = setup({ [EMBEDDED_RATE_ENV]: 'fast' });
    expect(await bad.handlers['settings:embeddedRate']()).toMatchObject({
      environment: 'fast',
      problem: expect.stringMatching(/GATEWAY_COMPANION_EMBEDDED_RATE must be .* does not start until it is fixed or unset/),
    });
    const edited = setup();
    await edited.file().update({});
    await writeFile(
      settingsFile(edited.paths),
      JSON.stringify({ version: 1, settings: { embeddedGatewayRate: 'fast', embeddedGatewayPaced: 1 } }),
    );
    const state = await edited.handlers['settings:embeddedRate']();
    expect(state).toMatchObject({ paced: false });
    expect(state.saved).toBeUndefined();
    expect(state.problem).toMatch(/rate limit in .* Choose it again in Settings\. "embeddedGatewayPaced" in .* is 1, not true or false/);
    // Choosing again replaces the broken values.
    expect(await edited.handlers['settings:setEmbeddedRate']({ rate: 1, paced: false })).toEqual({
      settingsFile: settingsFile(edited.paths),
      saved: 1,
      inEffect: 1,
      paced: false,
    });
  });

  it('refuse to write over a settings file that does not parse, saying so', async () => {
    const { handlers, paths, file } = setup();
    await file().update({ githubClientId: 'Ov23liExample' });
    await writeFile(settingsFile(paths), '{ broken');
    await expect(handlers['settings:setEmbeddedRate']({ rate: 1, paced: false })).rejects.toMatchObject({
      code: 'settings_file',
      message: expect.stringMatching(/is not valid JSON/),
    });
  });
});
