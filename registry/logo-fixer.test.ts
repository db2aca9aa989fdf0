import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apng, noisyJpeg, pngBomb, pngWithHugeText, scriptedSvg, sidewaysJpeg, solidPng } from './image-fixtures';
import { fixLogo } from './logo-fixer';
import { scanPng } from './png-chunks';
import { toDataUrl } from './logo-preview';
import { refusal, removeDir, tempDir } from './test-support';

async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 4;
  return [...data.subarray(i, i + 4)];
}

/** Every fix must produce a logo with no errors, ≤ 100,000 bytes, 8-bit, no metadata. */
async function expectCompliant(result: Awaited<ReturnType<typeof fixLogo>>, side = 256): Promise<void> {
  expect(result.after.findings.filter((f) => f.severity !== 'info')).toEqual([]);
  expect(result.after.facts).toMatchObject({
    format: 'png',
    width: side,
    height: side,
    bitDepth: expect.any(Number),
    animated: false,
    interlaced: false,
    decoded: true,
  });
  expect(result.png.length).toBeLessThanOrEqual(100_000);
  const layout = scanPng(result.png);
  expect(layout.ok && layout.layout.metadataBytes).toBe(0);
  const meta = await sharp(result.png).metadata();
  expect([meta.depth, meta.exif, meta.icc]).toEqual(['uchar', undefined, undefined]);
}

describe('fixLogo', () => {
  it('turns a large photo into a 256×256 PNG under 100,000 bytes, reporting before and after', async () => {
    const result = await fixLogo(await noisyJpeg(1200, 900));
    await expectCompliant(result);
    expect(result.before.findings.map((f) => f.code).sort()).toEqual([
      'logo-dimensions-too-large',
      'logo-file-too-large',
      'logo-not-png',
      'logo-not-square',
    ]);
    expect(result.after.findings).toEqual([]);
    expect(result.encoding.method).toBe('palette');
  });

  it('keeps a simple logo lossless', async () => {
    const result = await fixLogo(await solidPng(400, '#22aa88'));
    await expectCompliant(result);
    expect(result.encoding).toEqual({ method: 'lossless', attempts: 1 });
    expect(await pixel(result.png, 128, 128)).toEqual([0x22, 0xaa, 0x88, 255]);
  });

  it('lowers palette quality until a hard 512×512 image fits', async () => {
    const result = await fixLogo(await noisyJpeg(600, 600), { size: 512, previewSize: 0 });
    await expectCompliant(result, 512);
    expect(result.encoding.method).toBe('palette');
    expect(result.encoding.quality).toBeLessThan(90);
    expect(result.encoding.attempts).toBeGreaterThan(2);
  });

  it('applies EXIF orientation before cropping (an upright 100×200 photo: red on top, blue below)', async () => {
    const result = await fixLogo(await sidewaysJpeg(), { fit: 'contain' });
    await expectCompliant(result);
    const top = await pixel(result.png, 128, 10);
    const bottom = await pixel(result.png, 128, 245);
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(50);
    expect(bottom[2]).toBeGreaterThan(200);
    expect(bottom[0]).toBeLessThan(50);
    // contain: transparent padding left and right of the 128-wide upright image.
    expect((await pixel(result.png, 5, 128))[3]).toBe(0);
    expect((await pixel(result.png, 128, 128))[3]).toBe(255);
  });

  it('uses an explicit crop box in upright pixels, and the attention strategy', async () => {
    const box = await fixLogo(await sidewaysJpeg(), { crop: { left: 0, top: 110, width: 90, height: 90 } });
    await expectCompliant(box);
    const centre = await pixel(box.png, 128, 128);
    expect(centre[2]).toBeGreaterThan(200);
    expect(centre[0]).toBeLessThan(50);
    await expectCompliant(await fixLogo(await noisyJpeg(800, 400), { position: 'attention' }));
    const outside = await refusal(fixLogo(await sidewaysJpeg(), { crop: { left: 50, top: 0, width: 100, height: 100 } }));
    expect(outside.message).toMatch(/inside the 100×200 image/);
  });

  it('accepts WebP, GIF (first frame), AVIF, APNG, CMYK JPEG, 16-bit, interlaced, 1×1 and huge-text inputs', async () => {
    const base = sharp({ create: { width: 300, height: 300, channels: 3, background: '#cc3333' } });
    const inputs: [string, Buffer][] = [
      ['webp', await base.clone().webp().toBuffer()],
      // Two frames, red then blue: only the first may be used.
      [
        'gif',
        await sharp([await base.clone().png().toBuffer(), await solidPng(300, '#3333cc')], { join: { animated: true } })
          .gif()
          .toBuffer(),
      ],
      ['avif', await base.clone().avif().toBuffer()],
      ['apng', await apng(300)],
      ['cmyk', await base.clone().toColourspace('cmyk').jpeg().toBuffer()],
      ['16-bit', await base.clone().toColourspace('rgb16').png().toBuffer()],
      ['interlaced', await base.clone().png({ progressive: true }).toBuffer()],
      ['1x1', await solidPng(1, '#cc3333')],
      ['huge text', await pngWithHugeText(3_000_000, '#cc3333')],
    ];
    for (const [name, input] of inputs) {
      const result = await fixLogo(input, { previewSize: 0 });
      await expectCompliant(result);
      const [r, g, b] = await pixel(result.png, 128, 128);
      expect([r! > 150, g! < 110, b! < 110], name).toEqual([true, true, true]);
    }
    const tiny = await fixLogo(await solidPng(1, '#cc3333'), { previewSize: 0 });
    expect(tiny.notes[0]).toMatch(/enlarged from 1 px to 256 px/);
  });

  it('rasterises an SVG at full resolution, never runs its script and never loads external files', async () => {
    const dir = await tempDir('svg-');
    const blue = join(dir, 'blue.png');
    await writeFile(blue, await solidPng(64, '#0000ff'));
    const result = await fixLogo(scriptedSvg(`file://${blue}`));
    await removeDir(dir);
    await expectCompliant(result);
    expect(result.before.findings[0]!.code).toBe('logo-not-png');
    expect(await pixel(result.png, 128, 128)).toEqual([0, 0xaa, 0, 255]);
    expect(await pixel(result.png, 1, 1)).toEqual([0, 0xaa, 0, 255]);
  });

  it('refuses cleanly: a 20000×20000 PNG from its header, a truncated file, an empty file, text, bad options', async () => {
    const bomb = await refusal(fixLogo(pngBomb()));
    expect([bomb.code, bomb.message]).toEqual(['logo-unfixable', expect.stringMatching(/20000×20000 px \(400 megapixels\)/)]);
    const jpeg = await noisyJpeg(400, 400);
    const cut = await refusal(fixLogo(jpeg.subarray(0, jpeg.length >> 1)));
    expect(cut.message).toMatch(/damaged|cut off/);
    expect((await refusal(fixLogo(Buffer.alloc(0)))).message).toMatch(/empty/);
    expect((await refusal(fixLogo(Buffer.from('not an image')))).message).toMatch(/not an image the companion can open/);
    expect((await refusal(fixLogo('/nonexistent.png'))).message).toMatch(/could not be opened/);
    expect((await refusal(fixLogo(Buffer.alloc(65 * 1024 * 1024)))).message).toMatch(/images over 64 MB are not opened/);
    const size = await refusal(fixLogo(await solidPng(256), { size: 100 }));
    expect([size.code, size.message]).toEqual(['invalid-option', expect.stringMatching(/from 128 to 512/)]);
  });

  it('gives circle previews on light and dark rgb(32,32,32) backgrounds', async () => {
    const result = await fixLogo(await solidPng(256, '#ff8800'), { previewSize: 64 });
    const { light, dark } = result.previews!;
    expect(await sharp(light).metadata()).toMatchObject({ format: 'png', width: 64, height: 64 });
    expect((await pixel(light, 0, 0)).slice(0, 3)).toEqual([255, 255, 255]);
    expect((await pixel(dark, 0, 0)).slice(0, 3)).toEqual([32, 32, 32]);
    expect((await pixel(dark, 32, 32)).slice(0, 3)).toEqual([255, 0x88, 0]);
    expect(toDataUrl(light)).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  });
});
