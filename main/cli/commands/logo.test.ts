import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main';
import { captureIo } from '../test-io';
import { noisyJpeg, pngBomb, solidPng } from '../../../registry/image-fixtures';
import { checkLogo } from '../../../registry/logo-rules';
import { removeDir, tempDir } from '../../../registry/test-support';

async function companion(...argv: string[]) {
  const { io, out, err } = captureIo();
  const code = await main(argv, io);
  return { code, out: out(), err: err() };
}

let dir: string;
beforeAll(async () => {
  dir = await tempDir('logo-cli-');
  await writeFile(join(dir, 'photo.jpg'), await noisyJpeg(1000, 800));
  await writeFile(join(dir, 'good.png'), await solidPng(256));
  await writeFile(join(dir, 'bomb.png'), pngBomb());
});
afterAll(() => removeDir(dir));

describe('companion logo check', () => {
  it('exits 0 for a compliant logo and 1 with the reasons otherwise', async () => {
    const good = await companion('logo', 'check', join(dir, 'good.png'));
    expect(good.code).toBe(0);
    expect(good.out).toMatch(/: PNG, 256×256 px, [\d,]+ bytes, 8-bit; 0 errors, 0 warnings, 0 notes\n$/);
    const photo = await companion('logo', 'check', join(dir, 'photo.jpg'), '--json');
    expect(photo.code).toBe(1);
    const json = JSON.parse(photo.out) as { facts: { format: string }; findings: { code: string }[]; errors: number };
    expect(json.facts.format).toBe('jpeg');
    expect(json.findings.map((f) => f.code)).toEqual([
      'logo-not-png',
      'logo-file-too-large',
      'logo-not-square',
      'logo-dimensions-too-large',
    ]);
    const bomb = await companion('logo', 'check', join(dir, 'bomb.png'));
    expect([bomb.code, bomb.out]).toEqual([1, expect.stringMatching(/logo-too-many-pixels/)]);
  });
});

describe('companion logo fix', () => {
  it('writes a compliant PNG, the report and circle previews', async () => {
    const out = join(dir, 'out', 'logo.png');
    const result = await companion('logo', 'fix', join(dir, 'photo.jpg'), out, '--previews', join(dir, 'previews'));
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^Before: JPEG, 1000×800 px, [\d,]+ bytes; 4 errors, 0 warnings, 0 notes\n/);
    expect(result.out).toMatch(/\nAfter : PNG, 256×256 px, [\d,]+ bytes, 8-bit; 0 errors, 0 warnings, 0 notes\n/);
    expect((await checkLogo(await readFile(out))).findings).toEqual([]);
    expect((await readdir(join(dir, 'previews'))).sort()).toEqual(['logo-circle-dark.png', 'logo-circle-light.png']);
  });

  it('takes size, fit and crop, and explains refusals', async () => {
    const out = join(dir, 'contain.png');
    const json = await companion('logo', 'fix', join(dir, 'photo.jpg'), out, '--size', '512', '--fit', 'contain', '--json');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toMatchObject({ ok: true, after: { facts: { width: 512, height: 512 }, errors: 0 } });
    expect((await companion('logo', 'fix', join(dir, 'photo.jpg'), out, '--crop', '0,0,800,800')).code).toBe(0);

    const tooSmall = await companion('logo', 'fix', join(dir, 'photo.jpg'), out, '--size', '100');
    expect([tooSmall.code, tooSmall.err]).toEqual([
      1,
      'The logo size must be a whole number from 128 to 512 (256 is recommended); got 100.\n',
    ]);
    const bomb = await companion('logo', 'fix', join(dir, 'bomb.png'), out);
    expect([bomb.code, bomb.err]).toEqual([1, expect.stringMatching(/20000×20000 px \(400 megapixels\), more than the 64 megapixels/)]);
    const badCrop = await companion('logo', 'fix', join(dir, 'photo.jpg'), out, '--crop', '1,2,3');
    expect([badCrop.code, badCrop.err]).toEqual([2, expect.stringMatching(/--crop must be four whole numbers/)]);
    expect((await companion('logo', 'fix', join(dir, 'photo.jpg'))).code).toBe(2);
  });
});
