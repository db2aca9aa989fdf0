// The doctor against the built-in gateway while it emulates a tier (the app's setting): unpaced, it meets the
// 429 and its fix points at Settings; with the built-in profile paced to the tier, every hop passes.
import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { failedHop } from '../../domain/doctor-report';
import { ensureDefaultProfile } from '../../platform/credentials/default-profile';
import { profilesFile } from '../../platform/credentials/config-paths';
import { ProfileStore } from '../../platform/credentials/profiles';
import { startEmbeddedGateway } from '../bridge-host/index';
import { saveEmbeddedRateSetting } from '../bridge-host/embedded-rate';
import { learnDemoAccount } from '../bridge-host/demo-account';
import { freePort, memoryKeychain, tempHome } from '../playground/testing';
import { runDoctor } from './run-doctor';

const homes: string[] = [];
afterEach(async () => {
  for (const h of homes.splice(0)) await rm(h, { recursive: true, force: true });
});

async function builtIn(rate: number, paced: boolean) {
  const { home, env, paths } = tempHome('doctor-tier-');
  homes.push(home);
  const keychain = memoryKeychain();
  const profile = await ensureDefaultProfile({ paths, env, keychain, learnDemoAccount });
  await new ProfileStore(profilesFile(paths)).save({ ...profile, url: `https://127.0.0.1:${await freePort()}/mcp` });
  await saveEmbeddedRateSetting(paths, rate, paced);
  return runDoctor({ profile: 'default', env, paths, keychain, embedded: startEmbeddedGateway });
}

describe('companion doctor: the built-in gateway emulating a tier', () => {
  it('unpaced, the 429 breaks the run and the fix names the setting', async () => {
    // One request per 5 s: the second is refused however slow this machine is.
    const report = await builtIn(0.2, false);
    const failed = failedHop(report);
    expect(failed).toMatchObject({ cause: 'rate_limited' });
    expect(failed?.detail).toMatch(/built-in gateway answered HTTP 429 .*retry after \d s.*Settings → Built-in gateway/);
    expect(failed?.fix).toMatch(/Tick "Pace the built-in profile" in Settings → Built-in gateway/);
  });

  it('paced to the tier, every hop passes and the report says so', async () => {
    const report = await builtIn(2, true);
    expect(report.verdict).toBe('healthy');
    expect(report.hops.find((h) => h.id === 'profile')?.detail).toMatch(/the built-in reference gateway, .*, 2 request\(s\)\/s$/);
    expect(report.hops.find((h) => h.id === 'upstream')?.detail).toBe('answered; requests paced at 2/s');
  });
});
