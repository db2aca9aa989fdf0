import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_PORT_ENV } from '../../platform/credentials/default-profile';
import { memoryKeychain, tempHome } from '../playground/testing';
import { createDispatcher } from './dispatch';
import type { HostContext } from './host-context';
import { profilesHandlers } from './profiles-handlers';

const ctx: HostContext = { host: 'browser', openLink: async () => false, emit: () => {}, log: () => {} };

describe('profiles handlers', () => {
  const { home, env, paths } = tempHome('companion-profiles-');
  env[EMBEDDED_PORT_ENV] = '47999';
  const keychain = memoryKeychain();
  const handlers = profilesHandlers(ctx, { env, paths, keychain });
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it('lists the built-in profile from the first look, on the configured port', async () => {
    const { profiles } = await handlers['profiles:list']();
    expect(profiles).toEqual([
      expect.objectContaining({
        name: 'default',
        kind: 'embedded',
        url: 'https://127.0.0.1:47999/mcp',
        credentials: { stored: true, source: 'managed' },
      }),
    ]);
  });

  it('saves a remote profile, stores, replaces and removes its credentials without ever returning them', async () => {
    const saved = await handlers['profiles:save']({ name: 'work', url: ' https://gateway.example.com/mcp ' });
    expect(saved).toEqual({
      name: 'work',
      kind: 'remote',
      url: 'https://gateway.example.com/mcp',
      credentials: { stored: false, source: 'none' },
    });
    const stored = await handlers['profiles:setCredentials']('work', { accessId: 'access-1', secretKey: 'secret-1\n' });
    expect(stored).toEqual({ stored: true, source: 'keychain' });
    // Bound to the origin it was entered for.
    expect(keychain.items.get('work')).toEqual({ accessId: 'access-1', secretKey: 'secret-1', origin: 'https://gateway.example.com' });
    await handlers['profiles:setCredentials']('work', { accessId: 'access-2', secretKey: 'secret-2' });
    expect(keychain.items.get('work')?.secretKey).toBe('secret-2');
    const listed = JSON.stringify(await handlers['profiles:list']());
    expect(listed).not.toContain('secret-2');
    expect(listed).not.toContain('access-2');
    expect(await handlers['profiles:clearCredentials']('work')).toEqual({ stored: false, source: 'none' });
    expect(keychain.items.has('work')).toBe(false);
  });

  it("saves and lists a profile's header names and rate, and refuses a bad header name in plain words", async () => {
    const saved = await handlers['profiles:save']({
      name: 'tw',
      url: 'https://mcp.trustwallet.com/tws',
      credentialHeader: ' X-TW-CREDENTIAL ',
      secretHeader: 'X-TW-SECRET-KEY',
      rate: 1,
    });
    expect(saved).toMatchObject({ credentialHeader: 'X-TW-CREDENTIAL', secretHeader: 'X-TW-SECRET-KEY', rate: 1 });
    expect((await handlers['profiles:list']()).profiles.find((p) => p.name === 'tw')).toMatchObject({ rate: 1 });
    await expect(
      handlers['profiles:save']({ name: 'bad', url: 'https://gateway.example.com/mcp', credentialHeader: 'X TW' }),
    ).rejects.toMatchObject({
      code: 'invalid_profile',
      message: expect.stringMatching(/^Profile "bad": the credential header "X TW" is not an HTTP header name/),
    });
  });

  it('asks for the secret again when a profile moves to another scheme, host or port', async () => {
    await handlers['profiles:save']({ name: 'work', url: 'https://gateway.example.com/mcp' });
    await handlers['profiles:setCredentials']('work', { accessId: 'access-1', secretKey: 'secret-1' });
    // Another path on the same origin keeps the secret.
    expect((await handlers['profiles:save']({ name: 'work', url: 'https://gateway.example.com/v2/mcp' })).credentials).toEqual({
      stored: true,
      source: 'keychain',
    });
    const moved = await handlers['profiles:save']({ name: 'work', url: 'http://127.0.0.1:8080/mcp' });
    expect(moved.credentials).toMatchObject({ stored: false, reenter: true });
    expect(moved.credentials.problem).toContain('was entered for https://gateway.example.com');
    const again = await handlers['profiles:setCredentials']('work', { accessId: 'access-1', secretKey: 'secret-1' });
    expect(again).toEqual({ stored: true, source: 'keychain' });
    expect(keychain.items.get('work')?.origin).toBe('http://127.0.0.1:8080');
  });

  it('explains bad input in words the user can act on', async () => {
    const dispatch = createDispatcher(handlers as never);
    const error = async (channel: string, ...args: unknown[]) => {
      const r = await dispatch(channel, args);
      return r.ok ? undefined : r.error;
    };
    expect(await error('profiles:save', { name: 'lab', url: 'http://gateway.example.com/mcp' })).toEqual({
      code: 'invalid_profile',
      message: expect.stringMatching(/refusing plain http to gateway\.example\.com.*Use https/),
    });
    expect(await error('profiles:save', { name: 'bad name', url: 'https://x.example/mcp' })).toEqual({
      code: 'invalid_profile',
      message: expect.stringMatching(/^Invalid profile name "bad name"/),
    });
    expect(await error('profiles:save', { name: 'default', url: 'https://x.example/mcp' })).toEqual({
      code: 'managed_profile',
      message: expect.stringMatching(/give yours another name/),
    });
    expect(await error('profiles:save', { name: 'lab', url: 'https://x.example/mcp', caFile: 'ca.pem' })).toEqual({
      code: 'invalid_profile',
      message: expect.stringMatching(/absolute path/),
    });
    const notPem = path.join(home, 'not-a-cert.pem');
    writeFileSync(notPem, 'hello');
    expect(await error('profiles:save', { name: 'lab', url: 'https://x.example/mcp', caFile: notPem })).toEqual({
      code: 'invalid_profile',
      message: expect.stringMatching(/holds no PEM certificate/),
    });
    await handlers['profiles:save']({ name: 'lab', url: 'https://x.example/mcp' });
    expect(await error('profiles:setCredentials', 'lab', { accessId: 'a b', secretKey: 's' })).toEqual({
      code: 'invalid_credentials',
      message: expect.stringMatching(/access id contains spaces/),
    });
    expect(await error('profiles:setCredentials', 'default', { accessId: 'a', secretKey: 's' })).toEqual({
      code: 'managed_profile',
      message: expect.stringMatching(/managed for you/),
    });
    expect(await error('profiles:setCredentials', 'ghost', { accessId: 'a', secretKey: 's' })).toEqual({
      code: 'not_found',
      message: 'There is no profile named "ghost".',
    });
    expect(await error('profiles:remove', 'default')).toEqual({ code: 'managed_profile', message: expect.any(String) });
  });

  it('removes a remote profile with its keychain item', async () => {
    await handlers['profiles:save']({ name: 'temp', url: 'https://temp.example/mcp' });
    await handlers['profiles:setCredentials']('temp', { accessId: 'a', secretKey: 's-temp' });
    expect(await handlers['profiles:remove']('temp')).toEqual({ removed: true });
    expect(keychain.items.has('temp')).toBe(false);
    expect((await handlers['profiles:list']()).profiles.map((p) => p.name)).not.toContain('temp');
  });
});
