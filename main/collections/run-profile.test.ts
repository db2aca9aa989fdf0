import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { profilesFile } from '../../platform/credentials/config-paths';
import { ProfileStore } from '../../platform/credentials/profiles';
import { tempHome } from '../playground/testing';
import { RunProfileError, runProfileFor } from './run-profile';

const { home, paths } = tempHome('companion-run-profile-');
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe("a run's profile for the items that name none", () => {
  it('is the built-in one when none is named, even before any profile exists', async () => {
    expect(await runProfileFor(undefined, paths)).toBe('default');
    expect(await runProfileFor('default', paths)).toBe('default');
  });

  it('is the named one when it exists', async () => {
    await new ProfileStore(profilesFile(paths)).save({ name: 'work', kind: 'remote', url: 'https://gateway.example/mcp' });
    expect(await runProfileFor('work', paths)).toBe('work');
  });

  it('refuses a name that is no profile name, and one that does not exist, saying which', async () => {
    await expect(runProfileFor('../work', paths)).rejects.toMatchObject({ reason: 'invalid', profile: '../work' });
    const unknown = await runProfileFor('nobody', paths).catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(RunProfileError);
    expect(unknown).toMatchObject({ reason: 'unknown', message: `there is no profile named "nobody" in ${profilesFile(paths)}` });
  });
});
