import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTempDir } from '../files/test-support';
import { AppSettingsFile, SettingsError } from './app-settings';

const temp = useTempDir('app-settings-');
let dir: string;
let file: string;

beforeEach(() => {
  dir = temp();
  file = path.join(dir, 'config', 'settings.json');
});

describe('the app settings file', () => {
  it('reads as empty before it exists, and creates it private on the first change', async () => {
    const settings = new AppSettingsFile(file);
    expect(await settings.read()).toEqual({});
    expect(await settings.get('githubClientId')).toBeUndefined();
    await settings.update({ githubClientId: 'Ov23linvCi8kvFipqMHh' });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 1, settings: { githubClientId: 'Ov23linvCi8kvFipqMHh' } });
    expect(await settings.get('githubClientId')).toBe('Ov23linvCi8kvFipqMHh');
    if (process.platform !== 'win32') {
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    }
  });

  it('changes one setting and keeps the others; undefined removes it; no temp or lock file is left', async () => {
    const settings = new AppSettingsFile(file);
    await settings.update({ a: 'one', b: 2, c: true });
    await settings.update({ a: undefined, b: 3 });
    expect(await settings.read()).toEqual({ b: 3, c: true });
    expect(await readdir(path.dirname(file))).toEqual(['settings.json']);
  });

  it('keeps changes made at the same time by two writers', async () => {
    const settings = new AppSettingsFile(file);
    await Promise.all(Array.from({ length: 8 }, (_, i) => new AppSettingsFile(file).update({ [`k${i}`]: i })));
    expect(Object.keys(await settings.read()).sort()).toEqual(['k0', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7']);
  });

  it.each([
    ['not JSON', '{ "version": 1, ', 'is not valid JSON'],
    ['another version', '{ "version": 2, "settings": {} }', 'is not a version 1 settings document'],
    ['no settings object', '{ "version": 1, "settings": [] }', 'has no "settings" object'],
    ['a value of another kind', '{ "version": 1, "settings": { "githubClientId": { "x": 1 } } }', 'a value for "githubClientId"'],
  ])('refuses a file with %s, says what to do, and never overwrites it', async (_what, text, message) => {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
    const settings = new AppSettingsFile(file);
    await expect(settings.read()).rejects.toThrow(SettingsError);
    await expect(settings.read()).rejects.toThrow(message);
    await expect(settings.update({ githubClientId: 'Ov23linvCi8kvFipqMHh' })).rejects.toThrow('Fix it or delete it to start over');
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('refuses a folder or an oversized file where the settings file should be', async () => {
    await mkdir(file, { recursive: true });
    await expect(new AppSettingsFile(file).read()).rejects.toThrow(/Cannot read the settings file: .*settings\.json/);
    const big = path.join(dir, 'big.json');
    await writeFile(big, `{"version":1,"settings":{"x":"${'a'.repeat(70_000)}"}}`);
    await expect(new AppSettingsFile(big).read()).rejects.toThrow(SettingsError);
  });
});
