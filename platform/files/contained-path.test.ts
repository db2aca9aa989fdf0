import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findLinkOutside } from './contained-path';
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
