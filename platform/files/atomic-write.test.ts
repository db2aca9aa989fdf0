import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic, writeNewFile } from './atomic-write';
import { deadPid, useTempDir } from './test-support';

const posix = process.platform !== 'win32';
const tempDir = useTempDir('atomic-write-');

describe('writeFileAtomic', () => {
  it('replaces a file with new bytes or text and leaves no temp file behind', async () => {
    const file = join(tempDir(), 'a.json');
    await writeFileAtomic(file, Buffer.from('one'));
    await writeFileAtomic(file, 'two');
    expect(readFileSync(file, 'utf8')).toBe('two');
    expect(readdirSync(tempDir())).toEqual(['a.json']);
  });

  it.runIf(posix)('keeps the mode of the file it replaces, or sets the one asked for', async () => {
    const file = join(tempDir(), 'secret.json');
    writeFileSync(file, 'old', { mode: 0o600 });
    await writeFileAtomic(file, 'new');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await writeFileAtomic(file, 'newer', { mode: 0o640 });
    expect(statSync(file).mode & 0o777).toBe(0o640);
  });

  it('creates the folder only when asked, with the mode asked for', async () => {
    const file = join(tempDir(), 'deep', 'er', 'x.txt');
    await expect(writeFileAtomic(file, 'x')).rejects.toMatchObject({ code: 'ENOENT' });
    await writeFileAtomic(file, 'x', { createDir: { mode: 0o700 } });
    expect(readFileSync(file, 'utf8')).toBe('x');
    if (posix) expect(statSync(join(tempDir(), 'deep', 'er')).mode & 0o777).toBe(0o700);
  });

  it('removes temp files left by a writer that died, but not those of a live one', async () => {
    const dead = join(tempDir(), `.a.json.${deadPid()}.0123456789ab.tmp`);
    const live = join(tempDir(), `.a.json.${process.pid}.0123456789ab.tmp`);
    writeFileSync(dead, 'half');
    writeFileSync(live, 'in progress');
    await writeFileAtomic(join(tempDir(), 'a.json'), 'whole');
    expect(readdirSync(tempDir()).sort()).toEqual([`.a.json.${process.pid}.0123456789ab.tmp`, 'a.json']);
  });

  it.runIf(process.platform === 'linux')(
    'removes a temp file whose writer pid now belongs to another process (its start time differs)',
    async () => {
      const reused = join(tempDir(), `.a.json.${process.pid}-1.0123456789ab.tmp`);
      writeFileSync(reused, 'half');
      await writeFileAtomic(join(tempDir(), 'a.json'), 'whole');
      expect(readdirSync(tempDir())).toEqual(['a.json']);
    },
  );

  it('removes its temp file and keeps the old target when the rename fails', async () => {
    const target = join(tempDir(), 'taken');
    mkdirSync(join(target, 'inside'), { recursive: true });
    await expect(writeFileAtomic(target, 'x')).rejects.toThrow();
    expect(readdirSync(tempDir())).toEqual(['taken']);
  });
});

describe('writeNewFile', () => {
  it('creates a file with its content, durable, and refuses to replace one', async () => {
    const file = join(tempDir(), 'backup.json');
    expect(await writeNewFile(file, 'first', { mode: 0o600 })).toBe(true);
    expect(await writeNewFile(file, 'second')).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('first');
    if (posix) expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(tempDir())).toEqual(['backup.json']);
  });

  it('lets exactly one of many concurrent creators win', async () => {
    const file = join(tempDir(), 'once');
    const won = await Promise.all(Array.from({ length: 20 }, (_, i) => writeNewFile(file, `writer ${i}`, { durable: false })));
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(readFileSync(file, 'utf8')).toBe(`writer ${won.indexOf(true)}`);
    expect(readdirSync(tempDir())).toEqual(['once']);
  });
});
