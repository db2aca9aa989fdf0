import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseEndpointUrl } from './endpoint-url';
import { headerNamesOf } from '../../domain/profile-gateway';
import { ProfileError, ProfileStore, validateProfile } from './profiles';

let dir: string;
let store: ProfileStore;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'profiles-'));
  store = new ProfileStore(path.join(dir, 'cfg', 'profiles.json'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('ProfileStore', () => {
  it('creates, lists, updates and removes profiles in a 0600 file, leaving no temp files', async () => {
    expect(await store.list()).toEqual([]);
    expect(await store.defaultName()).toBe('default');
    await store.save({ name: 'work', kind: 'remote', url: 'https://gw.example.com/mcp', proxy: false, timeoutSeconds: 30 });
    await store.save({ name: 'local', kind: 'remote', url: 'http://127.0.0.1:9000/mcp', caFile: '/etc/ca.pem' });
    await store.setDefault('work');
    expect(await store.defaultName()).toBe('work');
    expect(await store.get('work')).toEqual({
      name: 'work',
      kind: 'remote',
      url: 'https://gw.example.com/mcp',
      proxy: false,
      timeoutSeconds: 30,
    });
    expect((await store.list()).map((p) => p.name).sort()).toEqual(['local', 'work']);
    expect(await store.remove('work')).toBe(true);
    expect(await store.remove('work')).toBe(false);
    expect(await store.defaultName()).toBe('default');
    expect((await stat(store.file)).mode & 0o777).toBe(0o600);
    expect(await readdir(path.dirname(store.file))).toEqual(['profiles.json']);
    expect(JSON.parse(await readFile(store.file, 'utf8'))).toEqual({
      version: 1,
      profiles: { local: { kind: 'remote', url: 'http://127.0.0.1:9000/mcp', caFile: '/etc/ca.pem' } },
    });
  });

  it('refuses bad names, URLs and settings with the field named', async () => {
    await expect(store.save({ name: '../x', kind: 'remote', url: 'https://a.example' })).rejects.toThrow(/invalid profile name "..\/x"/);
    await expect(store.save({ name: 'p', kind: 'remote', url: 'http://gw.example.com/mcp' })).rejects.toThrow(
      /refusing plain http to gw.example.com/,
    );
    await expect(store.save({ name: 'p', kind: 'remote', url: 'https://gw.example.com', caFile: 'relative.pem' })).rejects.toThrow(
      /caFile must be an absolute path/,
    );
    await expect(store.save({ name: 'p', kind: 'remote', url: 'https://gw.example.com', timeoutSeconds: -1 })).rejects.toThrow(
      ProfileError,
    );
    await expect(store.setDefault('missing')).rejects.toThrow(/no profile named "missing"/);
  });

  it('keeps header names and a rate, and reads older profiles without them as the defaults', async () => {
    await store.save({
      name: 'tw',
      kind: 'remote',
      url: 'https://mcp.trustwallet.com/tws',
      credentialHeader: 'X-TW-CREDENTIAL',
      secretHeader: 'X-TW-SECRET-KEY',
      rate: 1,
    });
    expect(await store.get('tw')).toMatchObject({ credentialHeader: 'X-TW-CREDENTIAL', secretHeader: 'X-TW-SECRET-KEY', rate: 1 });
    // A file written before profiles had header names.
    await writeFile(store.file, JSON.stringify({ version: 1, profiles: { old: { kind: 'remote', url: 'https://gw.example.com/mcp' } } }));
    const old = await store.get('old');
    expect(old).toEqual({ name: 'old', kind: 'remote', url: 'https://gw.example.com/mcp' });
    expect(headerNamesOf(old!)).toEqual({ credential: 'X-SVC-CREDENTIAL', secret: 'X-SVC-SECRET-KEY' });
    expect(validateProfile(old!)).toEqual(old);
  });

  it('refuses header names that are not HTTP tokens, two equal names and a bad rate', async () => {
    const base = { name: 'p', kind: 'remote' as const, url: 'https://gw.example.com' };
    await expect(store.save({ ...base, credentialHeader: 'X TW' })).rejects.toThrow(
      /the credential header "X TW" is not an HTTP header name/,
    );
    await expect(store.save({ ...base, secretHeader: 'X-A\r\nEvil: 1' })).rejects.toThrow(
      /the secret header "X-A[\s\S]*" is not an HTTP header name/,
    );
    await expect(store.save({ ...base, credentialHeader: 'x-a', secretHeader: 'X-A' })).rejects.toThrow(/must differ/);
    await expect(store.save({ ...base, rate: 0 })).rejects.toThrow(/rate must be/);
    await expect(store.save({ ...base, rate: Number.NaN })).rejects.toThrow(/rate must be/);
    expect(await store.list()).toEqual([]);
  });

  it('explains a damaged file instead of overwriting it', async () => {
    await store.save({ name: 'p', kind: 'remote', url: 'https://gw.example.com' });
    await writeFile(store.file, '{ not json');
    await expect(store.list()).rejects.toThrow(/is not valid JSON .*fix it or delete it/);
    await expect(store.save({ name: 'q', kind: 'remote', url: 'https://gw.example.com' })).rejects.toThrow(ProfileError);
    expect(await readFile(store.file, 'utf8')).toBe('{ not json');
  });
});

describe('parseEndpointUrl', () => {
  it('requires https except to loopback, and no embedded credentials', () => {
    for (const ok of [
      'https://gw.example.com/mcp',
      'http://127.0.0.1:1/mcp',
      'http://localhost:8/x',
      'http://[::1]:9/mcp',
      'http://127.9.8.7/',
    ])
      expect(parseEndpointUrl(ok)).toBeInstanceOf(URL);
    expect(() => parseEndpointUrl('http://10.0.0.1/mcp')).toThrow(/plain http/);
    expect(() => parseEndpointUrl('https://user:pw@gw.example.com')).toThrow(/must not contain a user name or password/);
    expect(() => parseEndpointUrl('ftp://gw.example.com')).toThrow(/unsupported URL scheme/);
    expect(() => parseEndpointUrl('not a url')).toThrow(/not a valid URL/);
  });
});
