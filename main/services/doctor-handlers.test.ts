import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DoctorRun } from '../../domain/ipc/doctor-channels';
import { currentPathContext, profilesFile, type PathContext } from '../../platform/credentials/config-paths';
import type { Credentials, Keychain } from '../../platform/credentials/keychain';
import { ProfileStore } from '../../platform/credentials/profiles';
import { doctorHandlers } from './doctor-handlers';

let home: string;
let paths: PathContext;
const items = new Map<string, Credentials>();
const keychain: Keychain = {
  get: (a) => Promise.resolve(items.get(a)),
  set: (a, c) => Promise.resolve(void items.set(a, c)),
  delete: (a) => Promise.resolve(items.delete(a)),
};

beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'doctor-ipc-'));
  paths = currentPathContext({ HOME: home, XDG_CONFIG_HOME: path.join(home, 'config') });
  items.clear();
});
afterEach(() => rm(home, { recursive: true, force: true }));

describe('doctor:run', () => {
  it('answers the report as the contract describes it, with the text for "Copy report", and no secret in either', async () => {
    await new ProfileStore(profilesFile(paths)).save({ name: 'work', kind: 'remote', url: 'https://gateway.doctor-ipc.invalid/mcp' });
    items.set('work', { accessId: 'id-1', secretKey: 'very-secret-key-1', origin: 'https://gateway.doctor-ipc.invalid' });
    const run = await doctorHandlers({ env: { HOME: home }, paths, keychain })['doctor:run']({ profile: 'work' });
    expect(DoctorRun.parse(run)).toEqual(run);
    expect(run.report.hops.find((h) => h.status === 'failed')).toMatchObject({ id: 'dns', cause: 'dns_not_found' });
    expect(run.text).toMatch(/Verdict: broken at "DNS"/);
    expect(JSON.stringify(run)).not.toContain('very-secret-key-1');
  });
});
