import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configuredClientId, saveClientIdSetting } from '../github/client-id';
import { builtInClientIdDefine } from './built-in-client-id';

describe('the build setting COMPANION_BUILD_GITHUB_CLIENT_ID', () => {
  it('bakes a valid OAuth app client id into the main bundle as a string constant', () => {
    expect(builtInClientIdDefine({ COMPANION_BUILD_GITHUB_CLIENT_ID: ' Ov23liABCDEFGHIJ1234 \n' })).toEqual({
      __COMPANION_BUILT_IN_GITHUB_CLIENT_ID__: '"Ov23liABCDEFGHIJ1234"',
    });
  });

  it('bakes nothing when unset', () => {
    expect(builtInClientIdDefine({})).toEqual({ __COMPANION_BUILT_IN_GITHUB_CLIENT_ID__: '""' });
  });

  it('stops the build on a token, junk or a GitHub App id', () => {
    expect(() => builtInClientIdDefine({ COMPANION_BUILD_GITHUB_CLIENT_ID: 'ghp_0123456789abcdefghijklmnopqrstuvwxyz' })).toThrow(
      /cannot be baked into the build/,
    );
    expect(() => builtInClientIdDefine({ COMPANION_BUILD_GITHUB_CLIENT_ID: 'Iv23liABCDEFGHIJ1234' })).toThrow(/GitHub App's client id/);
  });
});

describe('which client id the sign-in uses', () => {
  const BUILT_IN = 'Ov23liBUILTIN0000001';
  const ENV = 'Ov23liENVIRONMENT001';
  const FLAG = 'Ov23liFLAG0000000001';
  const none = '/nonexistent/settings.json';

  it('falls back to the baked-in id when nothing else is set', async () => {
    expect(await configuredClientId({ env: {}, settingsFile: none, builtInClientId: BUILT_IN })).toMatchObject({
      clientId: BUILT_IN,
      source: 'built-in',
    });
    expect(await configuredClientId({ env: {}, settingsFile: none, builtInClientId: '' })).toBeUndefined();
  });

  it('lets --client-id, then COMPANION_GITHUB_CLIENT_ID at run time, override the baked-in id', async () => {
    const ctx = { env: { COMPANION_GITHUB_CLIENT_ID: ENV }, settingsFile: none, builtInClientId: BUILT_IN };
    expect(await configuredClientId(ctx, FLAG)).toMatchObject({ clientId: FLAG, source: 'flag' });
    expect(await configuredClientId(ctx)).toMatchObject({ clientId: ENV, source: 'environment' });
    // An empty runtime variable is "not set": the baked-in id stays.
    expect(await configuredClientId({ ...ctx, env: { COMPANION_GITHUB_CLIENT_ID: '' } })).toMatchObject({ source: 'built-in' });
  });

  it("prefers the app's saved setting to the baked-in id", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-id-'));
    try {
      const ctx = { env: {}, settingsFile: join(dir, 'settings.json'), builtInClientId: BUILT_IN };
      await saveClientIdSetting(ctx, 'Ov23liSAVED000000001');
      expect(await configuredClientId(ctx)).toMatchObject({ clientId: 'Ov23liSAVED000000001', source: 'settings' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
