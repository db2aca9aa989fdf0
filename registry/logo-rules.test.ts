import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apng, pngBomb, pngWithHugeText, SCRIPTED_SVG, solidPng } from './image-fixtures';
import { checkLogoFolders, listAssets, logoFiles } from './logo-folder-rules';
import { checkLogo } from './logo-rules';
import { removeDir, tempDir } from './test-support';

const codes = async (input: Buffer | string) => (await checkLogo(input)).findings.map((f) => f.code).sort();
/** 256×256 grey, stored uncompressed (66 kB): cutting or overwriting its middle hits pixel data. */
const uncompressedGrey = () =>
  sharp({ create: { width: 256, height: 256, channels: 3, background: '#777777' } })
    .toColourspace('b-w')
    .png({ compressionLevel: 0 })
    .toBuffer();

describe('checkLogo', () => {
  it('accepts a compliant 256×256 PNG without findings', async () => {
    const result = await checkLogo(await solidPng(256));
    expect(result.findings).toEqual([]);
    expect(result.facts).toMatchObject({ format: 'png', width: 256, height: 256, bitDepth: 8, decoded: true, animated: false });
  });

  it('reports size and shape: not square, too small, too large, not the recommended size', async () => {
    expect(
      await codes(
        await sharp({ create: { width: 256, height: 259, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
      ),
    ).toEqual(['logo-not-square']);
    expect(await codes(await solidPng(1))).toEqual(['logo-dimensions-too-small']);
    expect(await codes(await solidPng(600))).toEqual(['logo-dimensions-too-large']);
    expect(await codes(await solidPng(512))).toEqual(['logo-size-not-recommended']);
    const [f] = (await checkLogo(await solidPng(1))).findings;
    expect(f!.message).toMatch(/1×1 px; the smallest allowed is 128×128/);
  });

  it('finds a truncated PNG and a zero-byte file', async () => {
    const png = await uncompressedGrey();
    const truncated = await checkLogo(png.subarray(0, Math.floor(png.length / 2)));
    expect(truncated.findings.map((f) => f.code)).toEqual(['logo-corrupt']);
    expect(truncated.findings[0]!.message).toMatch(/truncated/);
    expect(truncated.facts.decoded).toBe(false);
    expect(await codes(Buffer.alloc(0))).toEqual(['logo-empty']);
  });

  it('catches damaged image data that the chunk layout does not show', async () => {
    const png = await uncompressedGrey();
    const idat = png.indexOf('IDAT');
    const damaged = Buffer.from(png);
    for (let i = idat + 10; i < idat + 200; i++) damaged[i] = 0xff;
    expect(await codes(damaged)).toEqual(['logo-corrupt']);
  });

  it('names the real format of a JPEG renamed to logo.png, and of an SVG', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#f00' } })
      .jpeg()
      .toBuffer();
    const result = await checkLogo(jpeg);
    expect(result.findings.map((f) => f.code)).toEqual(['logo-not-png', 'logo-not-square']);
    expect(result.findings[0]!.message).toMatch(/a JPEG photo, not a PNG \(renaming a file does not convert it\)/);
    expect((await checkLogo(SCRIPTED_SVG)).findings[0]!.message).toMatch(/an SVG drawing/);
    expect(await codes(Buffer.from('hello, not an image'))).toEqual(['logo-not-png']);
  });

  it('refuses a 20000×20000 PNG from its header without decoding it', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const result = await checkLogo(bomb);
    expect(result.facts).toMatchObject({ width: 20000, height: 20000, decoded: false });
    expect(result.findings.map((f) => f.code).sort()).toEqual(['logo-dimensions-too-large', 'logo-too-many-pixels']);
    expect(result.findings.find((f) => f.code === 'logo-too-many-pixels')!.message).toMatch(/20000×20000 px \(400 megapixels\)/);
  });

  it('detects an APNG, a 16-bit PNG, an interlaced PNG and a huge text chunk', async () => {
    const animated = await apng();
    expect((await sharp(animated).metadata()).format).toBe('png'); // sharp alone does not say it is animated
    expect(await codes(animated)).toEqual(['logo-animated']);
    const sixteen = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#808080' } })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    expect(await codes(sixteen)).toEqual(['logo-16-bit']);
    expect(await codes(await solidPng(256, '#abcdef', { progressive: true }))).toEqual(['logo-interlaced']);
    const text = await checkLogo(await pngWithHugeText(5_000_000));
    expect(text.findings.map((f) => f.code).sort()).toEqual(['logo-file-too-large', 'logo-metadata']);
    expect(text.facts.metadataBytes).toBeGreaterThan(5_000_000);
  });

  it('reports an unreadable path instead of throwing', async () => {
    const result = await checkLogo('/nonexistent/logo.png');
    expect(result.findings.map((f) => [f.code, f.message])).toEqual([
      ['logo-unreadable', 'The logo could not be read: the file does not exist.'],
    ]);
  });
});

describe('logo folders', () => {
  let root: string;
  const assets = () => join(root, 'blockchains/x/validators/assets');
  beforeAll(async () => {
    root = await tempDir();
    const logo = await solidPng(256);
    const put = async (rel: string, data: Buffer) => {
      await mkdir(join(assets(), rel, '..'), { recursive: true });
      await writeFile(join(assets(), rel), data);
    };
    await put('good/logo.png', logo);
    await put('upper/Logo.PNG', logo);
    await put('jpeg/logo.jpg', logo);
    await put('extra/logo.png', logo);
    await put('extra/notes.txt', Buffer.from('x'));
    await put('orphan/logo.png', logo);
    await put('CaseId/logo.png', logo);
    await put('stray.png', logo);
    await mkdir(join(assets(), 'empty'), { recursive: true });
  });
  afterAll(() => removeDir(root));

  it('reports missing logos, orphan folders, wrong names, extra and stray files', async () => {
    const listing = await listAssets(root, 'x');
    const ids = ['good', 'upper', 'jpeg', 'extra', 'empty', 'absent', 'caseid'];
    const findings = checkLogoFolders(listing, ids);
    const got = findings.map((f) => `${f.code} ${f.path.replace('blockchains/x/validators/assets/', '')}`).sort();
    expect(got).toEqual(
      [
        'assets-stray-file stray.png',
        'logo-bad-name jpeg/logo.jpg',
        'logo-bad-name upper/Logo.PNG',
        'logo-extra-file extra/notes.txt',
        'logo-missing absent/logo.png',
        'logo-missing caseid/logo.png',
        'logo-missing empty/logo.png',
        'logo-orphan-folder CaseId',
        'logo-orphan-folder orphan',
      ].sort(),
    );
    expect(findings.find((f) => f.path.endsWith('CaseId'))!.message).toMatch(/differs only in upper\/lower case from the id caseid/);
    expect(logoFiles(listing).map((l) => l.id)).toEqual(['CaseId', 'extra', 'good', 'orphan']);
  });
});
