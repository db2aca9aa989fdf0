// Gateway credentials for the playground on a computer with no OS keychain: kept in main's memory for the
// session, bound to the profile's origin, and said so; a new session store (an app restart) has none.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_PORT_ENV } from '../../platform/credentials/default-profile';
import { KEYCHAIN_SERVICE, KeychainError, type Keychain } from '../../platform/credentials/keychain';
import { sessionOnlyNotice, SessionSecrets, withSessionFallback } from '../../platform/credentials/session-secrets';
import { tempHome } from '../playground/testing';
import type { HostContext } from './host-context';
import { profilesHandlers } from './profiles-handlers';

const ctx: HostContext = { host: 'browser', openLink: async () => false, emit: () => {}, log: () => {} };

const noDBus = (): Keychain => {
  const fail = async (): Promise<never> => {
    throw new KeychainError('no-session-bus', 'The OS keychain is unreachable: there is no D-Bus session bus (Platform failure)', 'Run…');
  };
  return { get: fail, set: fail, delete: fail, diagnose: async () => new KeychainError('no-session-bus', 'no bus', 'Run…') };
};

describe('profiles without a keychain', () => {
  const { home, env, paths } = tempHome('companion-profiles-nokc-');
  env[EMBEDDED_PORT_ENV] = '47998';
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it('keeps a remote profile’s credentials for the session, bound to its origin, and says so', async () => {
    const secrets = new SessionSecrets();
    const keychain = withSessionFallback(noDBus(), secrets, KEYCHAIN_SERVICE);
    const handlers = profilesHandlers(ctx, { env, paths, keychain });
    await handlers['profiles:save']({ name: 'work', url: 'https://gateway.example.com/mcp' });
    const notice = sessionOnlyNotice(process.platform, 'these credentials');
    expect(await handlers['profiles:setCredentials']('work', { accessId: 'access-1', secretKey: 'secret-1' })).toEqual({
      stored: true,
      source: 'keychain',
      sessionOnly: notice,
    });
    expect(secrets.get(KEYCHAIN_SERVICE, 'work')).toEqual({
      accessId: 'access-1',
      secretKey: 'secret-1',
      origin: 'https://gateway.example.com',
    });
    const listed = JSON.stringify(await handlers['profiles:list']());
    expect(listed).not.toContain('secret-1');
    expect(listed).not.toMatch(/Platform failure|D-Bus/);
    // The app restarted: a new memory, nothing stored.
    const restarted = profilesHandlers(ctx, {
      env,
      paths,
      keychain: withSessionFallback(noDBus(), new SessionSecrets(), KEYCHAIN_SERVICE),
    });
    const { profiles } = await restarted['profiles:list']();
    expect(profiles.find((p) => p.name === 'work')?.credentials).toEqual({ stored: false, source: 'none', sessionOnly: notice });
  });
});
