// The collections folder the user chooses: what the check refuses (a relative path, nothing there, a
// file, a link, a folder this process may not read or write in), that a refusal keeps the setting, and
// that a chosen folder gone later is reported without anything being made in its place.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { PathContext } from '../../platform/credentials/config-paths';
import { useTempDir } from '../../platform/files/test-support';
import { CollectionFileError, defaultCollectionsDir } from './folder';
import { chooseCollectionsFolder, collectionsLocation, folderProblem, openCollectionsFolder, type FolderProblem } from './folder-choice';
import { collectionsFolderSetting } from './folder-setting';

const temp = useTempDir('collections-folder-choice-');
const homeContext = (): { home: string; paths: PathContext } => {
  const home = temp();
  const env = { HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') };
  return { home, paths: { env, platform: 'linux', homedir: home } };
};
const item = { name: 'one', tool: 'get_swap_domains', arguments: {}, assertions: [{ assert: 'success' as const }] };

/**
 * folderProblem for each folder, as a user without special rights sees it. Root passes every permission
 * check, so when the tests run as root the checks run in one child process as the unprivileged "nobody".
 */
async function problemsAsUser(dirs: readonly string[]): Promise<Array<FolderProblem | undefined>> {
  if (process.getuid?.() !== 0) return Promise.all(dirs.map((dir) => folderProblem(dir)));
  const probe = path.join(temp(), 'probe.mts');
  const module = fileURLToPath(new URL('./folder-choice.ts', import.meta.url));
  writeFileSync(
    probe,
    [
      `import { folderProblem } from ${JSON.stringify(module)};`,
      `const problems = await Promise.all(${JSON.stringify(dirs)}.map(async (dir) => (await folderProblem(dir)) ?? null));`,
      'process.stdout.write(JSON.stringify(problems));',
    ].join('\n'),
  );
  chmodSync(temp(), 0o755);
  const child = spawnSync(process.execPath, ['--import', 'tsx', probe], {
    uid: 65534,
    gid: 65534,
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { PATH: process.env.PATH, HOME: temp() },
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`the check as another user failed: ${child.stderr}`);
  return (JSON.parse(child.stdout) as Array<FolderProblem | null>).map((p) => p ?? undefined);
}

describe('the check of a folder for collections', () => {
  it('accepts an existing folder that may be read and written in', async () => {
    expect(await folderProblem(temp())).toBeUndefined();
  });

  it.each([
    ['a relative path', () => 'project/collections', 'not_absolute', /is not a full path/],
    ['nothing there', () => path.join(temp(), 'nothing-here'), 'missing', /^There is no folder at .*nothing-here\.$/],
    ['a path through a file', () => (writeFileSync(path.join(temp(), 'f'), ''), path.join(temp(), 'f', 'sub')), 'missing', /no folder/],
    [
      'a file',
      () => (writeFileSync(path.join(temp(), 'notes.txt'), ''), path.join(temp(), 'notes.txt')),
      'not_a_folder',
      /is a file, not a folder/,
    ],
  ])('refuses %s', async (_what, make, reason, message) => {
    const problem = await folderProblem(make());
    expect(problem?.reason).toBe(reason);
    expect(problem?.what).toMatch(message);
  });

  it('refuses a symbolic link to a folder, and one that points nowhere, naming where it leads', async () => {
    const real = path.join(temp(), 'real');
    mkdirSync(real);
    symlinkSync(real, path.join(temp(), 'linked'));
    symlinkSync(path.join(temp(), 'gone'), path.join(temp(), 'dangling'));
    expect(await folderProblem(path.join(temp(), 'linked'))).toEqual({
      reason: 'link',
      what: `${path.join(temp(), 'linked')} is a symbolic link (to ${real}); collections are never read or written through a link.`,
    });
    expect((await folderProblem(path.join(temp(), 'dangling')))?.reason).toBe('link');
  });

  it.skipIf(process.platform === 'win32')('refuses a folder it may not write in, or not read', async () => {
    const readOnly = path.join(temp(), 'read-only');
    const writeOnly = path.join(temp(), 'write-only');
    const open = path.join(temp(), 'open');
    for (const [dir, mode] of [
      [readOnly, 0o555],
      [writeOnly, 0o333],
      [open, 0o777],
    ] as const) {
      mkdirSync(dir);
      chmodSync(dir, mode);
    }
    expect(await problemsAsUser([readOnly, writeOnly, open])).toEqual([
      { reason: 'unwritable', what: `Gateway Companion may not write in ${readOnly} (its permissions, or a disk mounted read-only).` },
      { reason: 'unreadable', what: `Gateway Companion may not read ${writeOnly} (its permissions).` },
      undefined,
    ]);
  });
});

describe('choosing the collections folder', () => {
  it('uses the default folder until another is chosen, and goes back to it', async () => {
    const { home, paths } = homeContext();
    const defaultDir = defaultCollectionsDir(paths);
    expect(await collectionsLocation(paths)).toEqual({ dir: defaultDir, defaultDir, isDefault: true });
    const repo = path.join(home, 'repo', 'collections');
    mkdirSync(repo, { recursive: true });
    // As given by a picker or typed: a trailing separator and a ".." part are normalised away.
    expect(await chooseCollectionsFolder(paths, `${path.join(home, 'repo', 'x', '..', 'collections')}${path.sep}`)).toEqual({
      dir: repo,
      defaultDir,
      isDefault: false,
    });
    expect(await collectionsFolderSetting(paths)).toBe(repo);
    expect(await chooseCollectionsFolder(paths, null)).toEqual({ dir: defaultDir, defaultDir, isDefault: true });
    expect(await collectionsFolderSetting(paths)).toBeUndefined();
  });

  it("takes the default folder's own path as the default", async () => {
    const { paths } = homeContext();
    mkdirSync(defaultCollectionsDir(paths), { recursive: true });
    expect((await chooseCollectionsFolder(paths, defaultCollectionsDir(paths))).isDefault).toBe(true);
    expect(await collectionsFolderSetting(paths)).toBeUndefined();
  });

  it('refuses a folder that cannot hold collections, says what to do, and keeps the folder chosen before', async () => {
    const { home, paths } = homeContext();
    const repo = path.join(home, 'repo');
    mkdirSync(repo);
    await chooseCollectionsFolder(paths, repo);
    writeFileSync(path.join(home, 'file.txt'), '');
    symlinkSync(repo, path.join(home, 'linked'));
    const refused = async (input: string) => {
      const error = await chooseCollectionsFolder(paths, input).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(CollectionFileError);
      expect((error as CollectionFileError).code).toBe('invalid_folder');
      return (error as Error).message;
    };
    expect(await refused(path.join(home, 'not-made'))).toBe(
      `There is no folder at ${path.join(home, 'not-made')}. Choose an existing folder (make it first in your file manager or with mkdir), then choose it here.`,
    );
    expect(await refused('relative/folder')).toMatch(/not a full path.*Choose another folder\.$/);
    expect(await refused(path.join(home, 'file.txt'))).toMatch(/is a file, not a folder\. Choose another folder\.$/);
    expect(await refused(path.join(home, 'linked'))).toMatch(/is a symbolic link \(to .*repo\).* Choose the folder it leads to instead\.$/);
    expect(existsSync(path.join(home, 'not-made'))).toBe(false);
    expect(await collectionsFolderSetting(paths)).toBe(repo);
  });

  it('reports a chosen folder that vanished (an unplugged disk) and makes nothing in its place; the choice is kept', async () => {
    const { home, paths } = homeContext();
    const disk = path.join(home, 'disk', 'collections');
    mkdirSync(disk, { recursive: true });
    await chooseCollectionsFolder(paths, disk);
    await (await openCollectionsFolder(paths)).append({ newName: 'Kept' }, item);
    renameSync(path.join(home, 'disk'), path.join(home, 'unplugged'));

    const where = await collectionsLocation(paths);
    expect(where).toMatchObject({ dir: disk, isDefault: false });
    expect(where.problem).toBe(
      `The collections folder ${disk} is not there now: is it on a disk or network share that is not connected, or was it moved? Nothing was read or written, and the collections in it are untouched. Connect it again, or use the default folder.`,
    );
    await expect(openCollectionsFolder(paths)).rejects.toMatchObject({ code: 'folder_unavailable', message: where.problem });
    expect(existsSync(disk)).toBe(false);
    expect(existsSync(defaultCollectionsDir(paths))).toBe(false);
    expect(await collectionsFolderSetting(paths)).toBe(disk);

    // Plugged in again: everything is where it was.
    renameSync(path.join(home, 'unplugged'), path.join(home, 'disk'));
    expect(await (await openCollectionsFolder(paths)).list()).toEqual([{ file: 'kept.collection.json', name: 'Kept', items: 1 }]);
  });

  it('says so when the chosen folder was replaced by a file or a link since it was chosen', async () => {
    const { home, paths } = homeContext();
    const chosen = path.join(home, 'chosen');
    mkdirSync(chosen);
    await chooseCollectionsFolder(paths, chosen);
    renameSync(chosen, path.join(home, 'elsewhere'));
    symlinkSync(path.join(home, 'elsewhere'), chosen);
    expect((await collectionsLocation(paths)).problem).toMatch(
      /^The collections folder cannot be used now: .*chosen is a symbolic link .* Fix it, or choose another folder or the default one\.$/,
    );
    await expect(openCollectionsFolder(paths)).rejects.toMatchObject({ code: 'folder_unavailable' });
  });

  it('writes a new collection into the chosen folder, never into the default one', async () => {
    const { home, paths } = homeContext();
    const repo = path.join(home, 'repo');
    mkdirSync(repo);
    await chooseCollectionsFolder(paths, repo);
    const saved = await (await openCollectionsFolder(paths)).append({ newName: 'In the repo' }, item);
    expect(saved).toEqual({ file: 'in-the-repo.collection.json', created: true, items: 1 });
    expect(JSON.parse(readFileSync(path.join(repo, 'in-the-repo.collection.json'), 'utf8'))).toMatchObject({ name: 'In the repo' });
    expect(existsSync(defaultCollectionsDir(paths))).toBe(false);
  });

  it('refuses a value edited by hand into settings.json that is not a full path', async () => {
    const { home, paths } = homeContext();
    mkdirSync(path.join(home, '.config', 'gateway-companion'), { recursive: true });
    writeFileSync(
      path.join(home, '.config', 'gateway-companion', 'settings.json'),
      JSON.stringify({ version: 1, settings: { collectionsFolder: 42 } }),
    );
    expect((await collectionsLocation(paths)).problem).toMatch(/^The collections folder cannot be used now: "42" is not a full path/);
  });
});
