import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomic-write';
import { findLinkOnPath, findLinkOutside, LinkOnPathError } from './contained-path';
import { useTempDir } from './test-support';

const tempDir = useTempDir('contained-path-');

describe.runIf(process.platform !== 'win32')('findLinkOutside', () => {
  it('names the first link on the way that leaves the root, and passes links that stay inside', async () => {
    const dir = tempDir();
    const root = join(dir, 'root');
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(join(root, 'a', 'real'), { recursive: true });
    mkdirSync(elsewhere);
    symlinkSync(join(root, 'a', 'real'), join(root, 'a', 'inside'));
    symlinkSync(elsewhere, join(root, 'a', 'out'));
    symlinkSync(join(dir, 'nowhere'), join(root, 'a', 'dangling'));

    expect(await findLinkOutside(root, 'a/real/new/logo.png')).toBeNull();
    expect(await findLinkOutside(root, 'a/inside/new/logo.png')).toBeNull();
    expect(await findLinkOutside(root, 'a/out/new/logo.png')).toEqual({ link: 'a/out', target: elsewhere });
    expect(await findLinkOutside(root, 'a/dangling/logo.png')).toEqual({ link: 'a/dangling', target: join(dir, 'nowhere') });
    expect(await findLinkOutside(root, 'missing/deeper/file')).toBeNull();
  });

  it('accepts a root that is itself reached through a link', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'real', 'x'), { recursive: true });
    symlinkSync(join(dir, 'real'), join(dir, 'linked-root'));
    expect(await findLinkOutside(join(dir, 'linked-root'), 'x/file')).toBeNull();
  });
});

describe.runIf(process.platform !== 'win32')('findLinkOnPath and writes below a root', () => {
  function layout(): { dir: string; root: string; elsewhere: string } {
    const dir = tempDir();
    const root = join(dir, 'root');
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(join(root, 'a', 'real'), { recursive: true });
    mkdirSync(elsewhere);
    writeFileSync(join(root, 'a', 'real', 'file'), 'victim');
    symlinkSync(join(root, 'a', 'real'), join(root, 'a', 'inside'));
    symlinkSync(elsewhere, join(root, 'a', 'out'));
    symlinkSync(join(root, 'a', 'real', 'file'), join(root, 'a', 'file-link'));
    return { dir, root, elsewhere };
  }

  it('names the first link on the way wherever it points, the last component included', async () => {
    const { root, elsewhere } = layout();
    expect(await findLinkOnPath(root, 'a/real/new/logo.png')).toBeNull();
    expect(await findLinkOnPath(root, 'a/inside/new/logo.png')).toEqual({
      link: 'a/inside',
      target: join(root, 'a', 'real'),
      outside: false,
    });
    expect(await findLinkOnPath(root, 'a/out/logo.png')).toEqual({ link: 'a/out', target: elsewhere, outside: true });
    expect(await findLinkOnPath(root, 'a/file-link')).toEqual({
      link: 'a/file-link',
      target: join(root, 'a', 'real', 'file'),
      outside: false,
    });
  });

  it('writeFileAtomic with a root refuses a link inside or out, and writes nothing through it', async () => {
    const { root, elsewhere } = layout();
    for (const rel of ['a/inside/file', 'a/inside/new/file', 'a/out/file', 'a/file-link']) {
      const error = await writeFileAtomic(join(root, ...rel.split('/')), 'attack', { root, createDir: true }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, rel).toBeInstanceOf(LinkOnPathError);
      expect((error as LinkOnPathError).message).toMatch(
        / is a symbolic link \(to .+\); nothing is written through a link\. Replace the link/,
      );
    }
    expect(readFileSync(join(root, 'a', 'real', 'file'), 'utf8')).toBe('victim');
    expect(readdirSync(join(root, 'a', 'real'))).toEqual(['file']);
    expect(readdirSync(elsewhere)).toEqual([]);
    await writeFileAtomic(join(root, 'a', 'real', 'deeper', 'new'), 'fine', { root, createDir: true });
    expect(readFileSync(join(root, 'a', 'real', 'deeper', 'new'), 'utf8')).toBe('fine');
  });
});
