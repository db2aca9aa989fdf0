import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILE_CAPS, FileReadError, readBoundedFile, readBoundedFileIfExists, type BoundedReadOptions } from './bounded-read';

import { useTempDir } from './test-support';

const posix = process.platform !== 'win32';
const tempDir = useTempDir('bounded-read-', 'file');
let dir: string;
beforeAll(() => {
  dir = tempDir();
});

/** The FileReadError a read ends in (fails the test when the read succeeds or throws something else). */
async function refusal(file: string, options: BoundedReadOptions): Promise<FileReadError> {
  const error: unknown = await readBoundedFile(file, options).then(
    () => new Error(`${file} was read`),
    (e: unknown) => e,
  );
  if (!(error instanceof FileReadError)) throw error;
  expect(error.message).toContain(file);
  return error;
}

describe('readBoundedFile', () => {
  it('reads a regular file whole, up to and including its cap', async () => {
    const file = join(dir, 'list.json');
    writeFileSync(file, '[1,2,3]');
    expect((await readBoundedFile(file, { limit: 'list' })).toString()).toBe('[1,2,3]');
    expect((await readBoundedFile(file, { limit: 7 })).toString()).toBe('[1,2,3]');
    const big = join(dir, 'big.bin');
    writeFileSync(big, Buffer.alloc(100_000, 7));
    expect((await readBoundedFile(big, { limit: 100_000 })).equals(Buffer.alloc(100_000, 7))).toBe(true);
  });

  it('refuses a file over the cap without reading it, and names the size and the limit', async () => {
    const file = join(dir, 'huge.json');
    writeFileSync(file, Buffer.alloc(2048, 32));
    const error = await refusal(file, { limit: 1024 });
    expect(error.reason).toBe('too-large');
    expect(error.size).toBe(2048);
    expect(error.message).toBe(`${file} is 2 KiB, over the 1 KiB limit for this file; use a smaller file.`);
    expect(error.detail).toBe('is 2 KiB, over the 1 KiB limit for this file; use a smaller file');
    expect((await readBoundedFile(file, { limit: 'list' })).length).toBe(2048);
  });

  it.runIf(process.platform === 'linux')('stops at cap + 1 bytes when the file under-reports its size (/proc)', async () => {
    const error = await refusal('/proc/self/status', { limit: 16 });
    expect(error.reason).toBe('too-large');
    expect(error.message).toMatch(/is larger than the 16 bytes limit/);
  });

  it('says a missing file is missing, and readBoundedFileIfExists gives null for it', async () => {
    const file = join(dir, 'nothing-here.json');
    expect((await refusal(file, { limit: 'list' })).reason).toBe('missing');
    expect((await refusal(join(dir, 'list.json', 'below'), { limit: 'list' })).reason).toBe('missing');
    expect(await readBoundedFileIfExists(file, { limit: 'list' })).toBeNull();
    expect((await readBoundedFileIfExists(join(dir, 'list.json'), { limit: 'list' }))?.toString()).toBe('[1,2,3]');
  });

  it('refuses a folder', async () => {
    const folder = join(dir, 'a-folder');
    mkdirSync(folder);
    const error = await refusal(folder, { limit: 'list' });
    expect(error.reason).toBe('not-regular');
    expect(error.message).toMatch(/is a folder, not a regular file/);
  });

  it.runIf(posix)('refuses a FIFO at once, without waiting for a writer', async () => {
    const fifo = join(dir, 'pipe.json');
    execFileSync('mkfifo', [fifo]);
    // Opening a FIFO for reading blocks until a writer comes, which never happens here: a wait would hang the test.
    const error = await refusal(fifo, { limit: 'list' });
    expect(error.reason).toBe('not-regular');
    expect(error.message).toMatch(/named pipe \(FIFO\)/);
    // The file operations behind it still run: the thread pool was not left blocked on the FIFO.
    expect((await readBoundedFile(join(dir, 'list.json'), { limit: 'list' })).length).toBe(7);
  });

  it.runIf(posix)('refuses a symlink to /dev/zero without reading it, with memory staying small', async () => {
    const link = join(dir, 'zero.json');
    symlinkSync('/dev/zero', link);
    const before = process.memoryUsage().rss;
    const error = await refusal(link, { limit: 'list' });
    expect(process.memoryUsage().rss - before).toBeLessThan(32 * 1024 * 1024);
    expect(error.reason).toBe('not-regular');
    expect(error.message).toMatch(/is a device, not a regular file/);
  });

  it.runIf(posix)('refuses a symlink when asked not to follow one, and follows it otherwise', async () => {
    const link = join(dir, 'link.json');
    symlinkSync(join(dir, 'list.json'), link);
    expect((await readBoundedFile(link, { limit: 'list' })).toString()).toBe('[1,2,3]');
    const error = await refusal(link, { limit: 'list', noFollow: true });
    expect(error.reason).toBe('symlink');
    expect(error.message).toMatch(/is a symbolic link/);
  });

  it.runIf(posix)('keeps reads inside the chosen root: a symlink out of it is refused, one within it is read', async () => {
    const root = join(dir, 'root');
    mkdirSync(join(root, 'sub'), { recursive: true });
    writeFileSync(join(root, 'sub', 'inside.json'), '"in"');
    writeFileSync(join(dir, 'secret.txt'), 'outside');
    symlinkSync(join(dir, 'secret.txt'), join(root, 'escape.json'));
    symlinkSync(dir, join(root, 'up'));
    symlinkSync(join(root, 'sub', 'inside.json'), join(root, 'within.json'));

    const escape = await refusal(join(root, 'escape.json'), { limit: 'list', root });
    expect(escape.reason).toBe('outside-root');
    expect(escape.message).toMatch(/leads outside .*root/);
    expect((await refusal(join(root, 'up', 'secret.txt'), { limit: 'list', root })).reason).toBe('outside-root');
    expect((await readBoundedFile(join(root, 'within.json'), { limit: 'list', root })).toString()).toBe('"in"');
    expect((await readBoundedFile(join(root, 'sub', 'inside.json'), { limit: 'list', root })).toString()).toBe('"in"');
  });

  it('exports the named caps', () => {
    expect(FILE_CAPS).toMatchObject({
      list: 16 * 1024 * 1024,
      image: 30 * 1024 * 1024,
      caFile: 1024 * 1024,
      clientConfig: 4 * 1024 * 1024,
      draft: 4 * 1024 * 1024,
    });
  });
});
