import { request } from 'node:https';
import { rm, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMBEDDED_RATE_ENV } from '../../domain/embedded-tier';
import { createLogger } from '../../bridge/logger';
import { settingsFile } from '../../platform/credentials/config-paths';
import { SettingsError } from '../../platform/credentials/app-settings';
import { ensureDefaultProfile } from '../../platform/credentials/default-profile';
import { freePort, memoryKeychain, tempHome } from '../playground/testing';
import { learnDemoAccount } from './demo-account';
import { ensureEmbeddedGateway } from './embedded-gateway';
import {
  embeddedPace,
  embeddedRateFromEnv,
  embeddedRateInEffect,
  embeddedRateSetting,
  followEmbeddedRate,
  refreshEmbeddedRates,
  saveEmbeddedRateSetting,
  startingRate,
  type FileWatch,
} from './embedded-rate';

const homes: string[] = [];
function home() {
  const h = tempHome('embedded-rate-');
  homes.push(h.home);
  return h;
}
afterEach(async () => {
  for (const h of homes.splice(0)) await rm(h, { recursive: true, force: true });
});

function logLines() {
  const lines: string[] = [];
  return {
    lines,
    log: { debug: () => undefined, info: (m: string) => lines.push(m), warn: (m: string) => lines.push(`warn: ${m}`) } as never,
  };
}

describe('the embedded gateway’s emulated tier from the environment', () => {
  it('is off unless GATEWAY_COMPANION_EMBEDDED_RATE names requests per second', () => {
    expect(embeddedRateFromEnv({})).toBeUndefined();
    expect(embeddedRateFromEnv({ [EMBEDDED_RATE_ENV]: '' })).toBeUndefined();
    expect(embeddedRateFromEnv({ [EMBEDDED_RATE_ENV]: '1' })).toBe(1);
    expect(embeddedRateFromEnv({ [EMBEDDED_RATE_ENV]: '0.5' })).toBe(0.5);
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['0', '-1', 'fast', '1e3', '5000', ' 1'])
      expect(() => embeddedRateFromEnv({ [EMBEDDED_RATE_ENV]: bad })).toThrow(/GATEWAY_COMPANION_EMBEDDED_RATE must be/);
  });
});

describe('the app’s setting', () => {
  it('is saved in settings.json beside the other settings and removed when off', async () => {
    const { paths } = home();
    expect(await embeddedRateSetting(paths)).toBeUndefined();
    await saveEmbeddedRateSetting(paths, 1);
    expect(await embeddedRateSetting(paths)).toBe(1);
    await saveEmbeddedRateSetting(paths, 2.5);
    expect(await embeddedRateSetting(paths)).toBe(2.5);
    await saveEmbeddedRateSetting(paths, undefined);
    expect(await embeddedRateSetting(paths)).toBeUndefined();
    await expect(saveEmbeddedRateSetting(paths, 0)).rejects.toThrow(/above 0/);
  });

  it('refuses a hand-edited value that is no rate, saying to choose it again', async () => {
    const { paths } = home();
    await saveEmbeddedRateSetting(paths, 1);
    await writeFile(settingsFile(paths), JSON.stringify({ version: 1, settings: { embeddedGatewayRate: 'fast' } }));
    await expect(embeddedRateSetting(paths)).rejects.toThrow(SettingsError);
    await expect(embeddedRateSetting(paths)).rejects.toThrow(/Choose it again in Settings/);
  });

  it('loses to the environment variable, which decides when set', async () => {
    const { paths, env } = home();
    await saveEmbeddedRateSetting(paths, 1);
    expect(await embeddedRateInEffect(env, paths)).toEqual({ rate: 1, source: 'settings' });
    expect(await embeddedRateInEffect({ ...env, [EMBEDDED_RATE_ENV]: '5' }, paths)).toEqual({ rate: 5, source: 'environment' });
    await saveEmbeddedRateSetting(paths, undefined);
    expect(await embeddedRateInEffect(env, paths)).toEqual({ rate: undefined, source: 'off' });
  });

  it('costs only the tier when the settings file is broken: the gateway starts without one, and the log says why', async () => {
    const { paths, env } = home();
    await saveEmbeddedRateSetting(paths, 1);
    await writeFile(settingsFile(paths), '{ not json');
    const { lines, log } = logLines();
    expect(await startingRate(env, paths, log)).toBeUndefined();
    expect(lines.join('\n')).toMatch(/warn: The settings file .* is not valid JSON.*without a rate limit meanwhile/);
  });
});

describe('pacing the built-in profile to the tier', () => {
  it('is off unless chosen, and then follows the tier in effect, the environment’s first', async () => {
    const { paths, env } = home();
    const { log } = logLines();
    await saveEmbeddedRateSetting(paths, 1);
    expect(await embeddedPace(env, paths, log)).toBeUndefined();
    await saveEmbeddedRateSetting(paths, 1, true);
    expect(await embeddedPace(env, paths, log)).toBe(1);
    expect(await embeddedPace({ ...env, [EMBEDDED_RATE_ENV]: '4' }, paths, log)).toBe(4);
    // Saving the rate alone keeps the choice to pace.
    await saveEmbeddedRateSetting(paths, 3);
    expect(await embeddedPace(env, paths, log)).toBe(3);
    await saveEmbeddedRateSetting(paths, undefined);
    expect(await embeddedPace(env, paths, log)).toBeUndefined();
  });

  it('is off, logged, when the settings file cannot be read', async () => {
    const { paths, env } = home();
    await saveEmbeddedRateSetting(paths, 1, true);
    await writeFile(settingsFile(paths), JSON.stringify({ version: 1, settings: { embeddedGatewayRate: 1, embeddedGatewayPaced: 'yes' } }));
    const { lines, log } = logLines();
    expect(await embeddedPace(env, paths, log)).toBeUndefined();
    expect(lines.join('\n')).toMatch(/not true or false.*not paced meanwhile/);
  });
});

describe('a running gateway following the setting', () => {
  /** A watch the test fires by hand, standing in for the settings file's stat changing. */
  function manualWatch(): FileWatch & { fire: () => void; watched: string[] } {
    const listeners = new Set<() => void>();
    const watched: string[] = [];
    const watch: FileWatch = (file, onChange) => {
      watched.push(file);
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    };
    return Object.assign(watch, { watched, fire: () => listeners.forEach((l) => l()) });
  }

  it('applies a change another process saved when the file changes, and one of this process at once', async () => {
    const { paths, env } = home();
    const watch = manualWatch();
    const applied: (number | undefined)[] = [];
    const { lines, log } = logLines();
    const stop = followEmbeddedRate({ env, paths, log, initial: undefined, apply: (r) => applied.push(r), watch });
    expect(watch.watched).toEqual([settingsFile(paths)]);

    await saveEmbeddedRateSetting(paths, 1);
    watch.fire();
    await vi.waitFor(() => expect(applied).toEqual([1]));
    await saveEmbeddedRateSetting(paths, undefined);
    await refreshEmbeddedRates();
    expect(applied).toEqual([1, undefined]);
    // No change, nothing applied.
    await refreshEmbeddedRates();
    expect(applied).toEqual([1, undefined]);
    expect(lines).toEqual([
      'the built-in gateway now allows 1 request per second per account',
      'the built-in gateway now has no rate limit',
    ]);

    stop();
    await saveEmbeddedRateSetting(paths, 3);
    await refreshEmbeddedRates();
    watch.fire();
    expect(applied).toEqual([1, undefined]);
  });

  it('keeps its tier while the file cannot be read, and watches nothing when the environment fixes it', async () => {
    const { paths, env } = home();
    const watch = manualWatch();
    const applied: (number | undefined)[] = [];
    const { lines, log } = logLines();
    await saveEmbeddedRateSetting(paths, 1);
    const stop = followEmbeddedRate({ env, paths, log, initial: 1, apply: (r) => applied.push(r), watch });
    await writeFile(settingsFile(paths), '[]');
    await refreshEmbeddedRates();
    expect(applied).toEqual([]);
    expect(lines[0]).toMatch(/^warn: .*keeps its rate limit meanwhile/);
    stop();

    const fixed = manualWatch();
    followEmbeddedRate({
      env: { ...env, [EMBEDDED_RATE_ENV]: '2' },
      paths,
      log,
      initial: 2,
      apply: (r) => applied.push(r),
      watch: fixed,
    })();
    expect(fixed.watched).toEqual([]);
  });
});

/** Two requests at once to the gateway's endpoint with the demo account: their HTTP statuses. */
async function twoStatuses(url: string, ca: string | undefined, accessId: string, secretKey: string): Promise<number[]> {
  const one = () =>
    new Promise<number>((resolve, reject) => {
      const req = request(
        url,
        {
          method: 'POST',
          ca,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'x-svc-credential': accessId,
            'x-svc-secret-key': secretKey,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    });
  return [await one(), await one()];
}

describe('the embedded gateway the app runs', () => {
  it('starts with the saved tier and follows the setting in place, without a restart', async () => {
    const { paths, env } = home();
    const keychain = memoryKeychain();
    const profile = await ensureDefaultProfile({ paths, env, keychain, learnDemoAccount });
    const port = await freePort();
    // One request per 100 s: the second of two is refused however slow this machine is.
    await saveEmbeddedRateSetting(paths, 0.01);
    const gateway = await ensureEmbeddedGateway({
      profile: { ...profile, url: `https://127.0.0.1:${port}/mcp` },
      paths,
      env,
      keychain,
      log: createLogger({ debug: false, tag: 'test' }),
    });
    try {
      const { accessId, secretKey } = gateway.credentials;
      const statuses = () => twoStatuses(gateway.url!, gateway.caPem, accessId, secretKey);
      expect((await statuses())[1]).toBe(429);
      await saveEmbeddedRateSetting(paths, undefined);
      await refreshEmbeddedRates();
      expect(await statuses()).not.toContain(429);
      await saveEmbeddedRateSetting(paths, 0.01);
      await refreshEmbeddedRates();
      expect((await statuses())[1]).toBe(429);
    } finally {
      await gateway.close();
    }
  });
});
