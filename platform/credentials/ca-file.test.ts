import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTempDir } from '../files/test-support';
import { readCaFile } from './ca-file';

const tempDir = useTempDir('ca-file-', 'file');
let dir: string;
beforeAll(() => {
  dir = tempDir();
});

describe('readCaFile', () => {
  it('reads a PEM bundle, and says when a file holds no certificate or is missing', async () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    writeFileSync(join(dir, 'ca.pem'), pem);
    writeFileSync(join(dir, 'notes.txt'), 'hello');
    expect(await readCaFile(join(dir, 'ca.pem'))).toEqual({ ok: true, pem });
    expect(await readCaFile(join(dir, 'notes.txt'))).toEqual({
      ok: false,
      unreadable: false,
      problem: 'holds no PEM certificate ("-----BEGIN CERTIFICATE-----")',
    });
    expect(await readCaFile(join(dir, 'gone.pem'))).toEqual({ ok: false, unreadable: true, problem: 'does not exist; check the path' });
  });

  it.runIf(process.platform !== 'win32')('refuses a FIFO without waiting for a writer, and a file over 1 MiB', async () => {
    execFileSync('mkfifo', [join(dir, 'fifo.pem')]);
    expect(await readCaFile(join(dir, 'fifo.pem'))).toMatchObject({
      ok: false,
      unreadable: true,
      problem: expect.stringMatching(/^is a named pipe/),
    });
    writeFileSync(join(dir, 'big.pem'), Buffer.alloc(1024 * 1024 + 1, 65));
    expect(await readCaFile(join(dir, 'big.pem'))).toMatchObject({
      ok: false,
      problem: 'is 1,048,577 bytes, over the 1 MiB limit for a CA file; use a smaller file',
    });
  });
});
