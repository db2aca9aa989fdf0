import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SettingsError } from '../../platform/credentials/app-settings';
import type { PathContext } from '../../platform/credentials/config-paths';
import { useTempDir } from '../../platform/files/test-support';
import { collectionsFolderSetting, saveCollectionsFolderSetting } from './folder-setting';

const temp = useTempDir('collections-folder-setting-');
const context = (): { paths: PathContext; file: string } => {
  const home = temp();
  const env = { HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') };
  return { paths: { env, platform: 'linux', homedir: home }, file: path.join(home, '.config', 'gateway-companion', 'settings.json') };
};

describe('the collections folder setting', () => {
  it('is unset (the default folder) before anything is chosen, then saved as collectionsFolder and cleared again', async () => {
    const { paths, file } = context();
    expect(await collectionsFolderSetting(paths)).toBeUndefined();
    await saveCollectionsFolderSetting(paths, '/home/me/project/collections');
    expect(await collectionsFolderSetting(paths)).toBe('/home/me/project/collections');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      version: 1,
      settings: { collectionsFolder: '/home/me/project/collections' },
    });
    await saveCollectionsFolderSetting(paths, undefined);
    expect(await collectionsFolderSetting(paths)).toBeUndefined();
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 1, settings: {} });
  });

  it("keeps the file's other settings as they were", async () => {
    const { paths, file } = context();
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify({ version: 1, settings: { githubClientId: 'Ov23linvCi8kvFipqMHh', embeddedGatewayRate: 1 } }));
    await saveCollectionsFolderSetting(paths, '/srv/repo/collections');
    expect((JSON.parse(await readFile(file, 'utf8')) as { settings: unknown }).settings).toEqual({
      githubClientId: 'Ov23linvCi8kvFipqMHh',
      embeddedGatewayRate: 1,
      collectionsFolder: '/srv/repo/collections',
    });
  });

  it('gives a value of another kind back as text, for the folder check to refuse in plain words', async () => {
    const { paths, file } = context();
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify({ version: 1, settings: { collectionsFolder: 42 } }));
    expect(await collectionsFolderSetting(paths)).toBe('42');
  });

  it('refuses a settings file it cannot parse, and never overwrites it', async () => {
    const { paths, file } = context();
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, '{ "version": 1, ');
    await expect(collectionsFolderSetting(paths)).rejects.toThrow(SettingsError);
    await expect(saveCollectionsFolderSetting(paths, '/srv/repo/collections')).rejects.toThrow('Fix it or delete it to start over');
    expect(await readFile(file, 'utf8')).toBe('{ "version": 1, ');
  });
});
