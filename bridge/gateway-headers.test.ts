// A profile names its gateway's credential headers: against a gateway told to read X-TW-CREDENTIAL and
// X-TW-SECRET-KEY (as the public gateway does), a profile with the spec's names is refused and one with the
// gateway's names connects; a gateway emulating a 1 request/second tier is met by pacing and one retry.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../gateway/index';
import { currentPathContext, profilesFile, type PathContext } from '../platform/credentials/config-paths';
import { storeCredentials } from '../platform/credentials/credentials';
import { osKeychain } from '../platform/credentials/keychain';
import { ProfileStore, type Profile } from '../platform/credentials/profiles';
import { createLogger } from './logger';
import { probeProfile } from './probe';

const keychain = osKeychain();
let home: string;
let paths: PathContext;
let gateway: RunningGateway | undefined;
let profile: string;

beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'gateway-headers-'));
  paths = currentPathContext({ HOME: home, XDG_CONFIG_HOME: path.join(home, 'config') });
  profile = `headers-${randomUUID().slice(0, 8)}`;
});

afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
  await keychain.delete(profile).catch(() => false);
  await rm(home, { recursive: true, force: true });
});

async function start(options: { rate?: number } = {}): Promise<RunningGateway> {
  gateway = await startGateway({
    dataDir: path.join(home, 'gateway'),
    credentialHeaders: { credential: 'X-TW-CREDENTIAL', secret: 'X-TW-SECRET-KEY' },
    ...options,
  });
  await storeCredentials(profile, { accessId: gateway.accessId, secretKey: gateway.secretKey, origin: gateway.url }, keychain);
  return gateway;
}

async function save(extra: Partial<Profile>): Promise<void> {
  await new ProfileStore(profilesFile(paths)).save({
    name: profile,
    kind: 'remote',
    url: gateway!.url,
    caFile: gateway!.caCertPath,
    ...extra,
  });
}

const probe = () => probeProfile({ profile, env: { HOME: home }, paths, keychain, log: createLogger({ debug: false, tag: 'test' }) });

describe("a profile's header names", () => {
  it('the spec’s names are refused by a gateway that reads X-TW-*, whose 401 names its headers', async () => {
    await start();
    await save({});
    const result = await probe();
    expect(result.ok).toBe(false);
    expect(result.error?.cause).toBe('auth_rejected');
    expect(result.error?.message).toMatch(/X-TW-CREDENTIAL/);
  });

  it('the gateway’s own names connect', async () => {
    await start();
    await save({ credentialHeader: 'X-TW-CREDENTIAL', secretHeader: 'X-TW-SECRET-KEY' });
    expect(await probe()).toMatchObject({ ok: true });
  });

  it('a 1 request/second tier is met by pacing to the profile’s rate', async () => {
    await start({ rate: 1 });
    // initialize, initialized, the event stream, ping and the session's DELETE within a second or two:
    // without pacing the tier refuses part of them; paced, none.
    await save({ credentialHeader: 'X-TW-CREDENTIAL', secretHeader: 'X-TW-SECRET-KEY', rate: 1 });
    expect(await probe()).toMatchObject({ ok: true });
  });
});
