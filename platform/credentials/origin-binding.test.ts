// A secret goes only to the origin it was entered for, stored in the real OS keychain.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { credentialStatus, OriginMismatchError, resolveCredentials, storeCredentials } from './credentials';
import { osKeychain } from './keychain';

const keychain = osKeychain();
const account = `origin-${randomUUID()}`;
const env = {};

afterEach(async () => {
  await keychain.delete(account).catch(() => false);
});

describe('credentials bound to an origin', () => {
  it('are read for their own origin, whatever the path, and refused for another scheme, host or port', async () => {
    await storeCredentials(account, { accessId: 'AKID', secretKey: 'secret-1', origin: 'https://gw.example.com/mcp' }, keychain);
    expect((await keychain.get(account))?.origin).toBe('https://gw.example.com');
    const same = await resolveCredentials(account, { env, keychain, origin: 'https://gw.example.com:443/other' });
    expect(same?.credentials.secretKey).toBe('secret-1');
    for (const moved of [
      'http://gw.example.com/mcp',
      'https://evil.example.com/mcp',
      'https://gw.example.com:8443/mcp',
      'http://127.0.0.1:9/mcp',
    ]) {
      const attempt = resolveCredentials(account, { env, keychain, origin: moved });
      await expect(attempt).rejects.toBeInstanceOf(OriginMismatchError);
      await expect(attempt).rejects.toThrow(/enter the credentials again/);
    }
  });

  it('reports a moved profile as needing the secret again, and never as stored', async () => {
    await storeCredentials(account, { accessId: 'AKID', secretKey: 'secret-1', origin: 'https://gw.example.com' }, keychain);
    const status = await credentialStatus(account, { env, keychain, origin: 'https://other.example.com/mcp' });
    expect(status.stored).toBe(false);
    expect(status.originMismatch?.storedFor).toBe('https://gw.example.com');
  });

  it('binds an item stored before origins were recorded to the first origin it is read for', async () => {
    await storeCredentials(account, { accessId: 'AKID', secretKey: 'secret-1' }, keychain);
    await resolveCredentials(account, { env, keychain, origin: 'https://gw.example.com/mcp' });
    expect((await keychain.get(account))?.origin).toBe('https://gw.example.com');
    await expect(resolveCredentials(account, { env, keychain, origin: 'https://elsewhere.example.com' })).rejects.toBeInstanceOf(
      OriginMismatchError,
    );
  });
});
