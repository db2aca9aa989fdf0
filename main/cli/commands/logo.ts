/** `companion logo check|fix`: logo compliance and conversion, outside a registry. */
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { defineCommand, UsageError, type CliIo, type Command } from '../command';
import type { CropBox, FixLogoOptions, LogoCheck } from '../../../registry/index';

const loadRegistry = () => import('../../../registry/index');
const loadFormat = () => import('../../../registry/report-format');

function factsLine(check: LogoCheck): string {
  const f = check.facts;
  const parts = [f.format ? f.format.toUpperCase() : 'unknown format'];
  if (f.width && f.height) parts.push(`${f.width}×${f.height} px`);
  parts.push(`${f.bytes.toLocaleString('en-US')} bytes`);
  if (f.bitDepth) parts.push(`${f.bitDepth}-bit`);
  return parts.join(', ');
}

async function checkJson(check: LogoCheck): Promise<Record<string, unknown>> {
  const { findingJson } = await loadFormat();
  const { countFindings } = await loadRegistry();
  const { byCode: _byCode, ...counts } = countFindings(check.findings);
  return { facts: check.facts, findings: check.findings.map(findingJson), ...counts };
}

async function checkText(title: string, check: LogoCheck): Promise<string> {
  const { countsLine } = await loadFormat();
  const { countFindings } = await loadRegistry();
  const lines = [`${title}: ${factsLine(check)}; ${countsLine(countFindings(check.findings))}`];
  for (const f of check.findings) lines.push(`  ${f.severity.padEnd(7)}  ${f.code}  ${f.message}`);
  return `${lines.join('\n')}\n`;
}

const checkUsage = 'companion logo check FILE [--json]';

export const logoCheckCommand = defineCommand({
  path: ['logo', 'check'],
  summary: 'Check an image against the registry logo rules (exit 1 on errors)',
  usage: checkUsage,
  about: `Reports whether FILE would be accepted as a validator logo.png: a real, undamaged, still PNG, square,
128-512 px (256 recommended), at most 100,000 bytes. Huge images are refused from their header.`,
  options: { json: { type: 'boolean', description: 'Print {"facts":{...},"findings":[...],"errors":N,"warnings":N,"infos":N}' } },
  positionals: true,
  async run({ values, positionals }, io) {
    if (positionals.length !== 1) throw new UsageError(`give one image file. Usage: ${checkUsage}`);
    const { checkLogo } = await loadRegistry();
    const file = positionals[0]!;
    const check = await checkLogo(resolve(file), { path: file });
    io.stdout.write(values.json ? `${JSON.stringify(await checkJson(check), null, 2)}\n` : await checkText(file, check));
    return check.findings.some((f) => f.severity === 'error') ? 1 : 0;
  },
});

function parseCrop(value: string): CropBox {
  const parts = value.split(',').map((p) => Number(p.trim()));
  if (parts.length !== 4 || parts.some((n) => !Number.isInteger(n) || n < 0)) {
    throw new UsageError(`--crop must be four whole numbers LEFT,TOP,WIDTH,HEIGHT in pixels, e.g. 100,0,800,800; got "${value}".`);
  }
  const [left, top, width, height] = parts as [number, number, number, number];
  return { left, top, width, height };
}

const fixUsage =
  'companion logo fix IN OUT [--size 256] [--fit cover|contain] [--position centre|attention] [--crop L,T,W,H] [--previews DIR] [--json]';

export const logoFixCommand = defineCommand({
  path: ['logo', 'fix'],
  summary: 'Convert any common image into a compliant logo.png',
  usage: fixUsage,
  about: `Reads IN (PNG, JPEG, WebP, GIF first frame, SVG or AVIF), applies its EXIF orientation, makes it square,
resizes it and writes a PNG of at most 100,000 bytes without metadata to OUT. Prints the before and
after compliance report.`,
  options: {
    size: { type: 'string', value: 'N', description: 'Side in px, 128-512', default: '256' },
    fit: { type: 'string', value: 'F', description: 'cover: crop to a square; contain: pad with transparency', default: 'cover' },
    position: {
      type: 'string',
      value: 'P',
      description: 'With cover: centre, or attention to keep the most interesting part',
      default: 'centre',
    },
    crop: {
      type: 'string',
      value: 'L,T,W,H',
      description: 'Crop this box (pixels of the upright image) instead of choosing automatically',
    },
    previews: { type: 'string', value: 'DIR', description: 'Also write circle previews on light and dark backgrounds to DIR' },
    json: { type: 'boolean', description: 'Print the report as JSON' },
  },
  positionals: true,
  async run({ values, positionals }, io) {
    if (positionals.length !== 2) throw new UsageError(`give an input and an output file. Usage: ${fixUsage}`);
    const [input, output] = positionals as [string, string];
    const size = Number(values.size);
    if (!Number.isInteger(size)) throw new UsageError(`--size must be a whole number from 128 to 512, got "${values.size}".`);
    if (values.fit !== 'cover' && values.fit !== 'contain')
      throw new UsageError(`--fit must be "cover" or "contain", got "${values.fit}".`);
    if (values.position !== 'centre' && values.position !== 'attention')
      throw new UsageError(`--position must be "centre" or "attention", got "${values.position}".`);
    const options: FixLogoOptions = { previewSize: values.previews ? 128 : 0, size, fit: values.fit, position: values.position };
    if (values.crop !== undefined) options.crop = parseCrop(values.crop);
    return fix(resolve(input), resolve(output), options, values.previews, values.json ?? false, io);
  },
});

async function fix(
  input: string,
  output: string,
  options: FixLogoOptions,
  previewDir: string | undefined,
  json: boolean,
  io: CliIo,
): Promise<number> {
  const { fixLogo, RegistryError } = await loadRegistry();
  const { writeFileAtomic } = await import('../../../platform/files/atomic-write');
  let result;
  try {
    result = await fixLogo(input, options);
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error;
    if (json) io.stdout.write(`${JSON.stringify({ ok: false, error: { code: error.code, message: error.message } }, null, 2)}\n`);
    else io.stderr.write(`${error.message}\n`);
    return 1;
  }
  await writeFileAtomic(output, result.png, { createDir: true });
  const previews: Record<string, string> = {};
  if (previewDir && result.previews) {
    await mkdir(previewDir, { recursive: true });
    const stem = basename(output, extname(output));
    for (const tone of ['light', 'dark'] as const) {
      previews[tone] = join(resolve(previewDir), `${stem}-circle-${tone}.png`);
      await writeFile(previews[tone], result.previews[tone]);
    }
  }
  const ok = !result.after.findings.some((f) => f.severity === 'error');
  if (json) {
    io.stdout.write(
      `${JSON.stringify({ ok, output, bytes: result.png.length, encoding: result.encoding, notes: result.notes, before: await checkJson(result.before), after: await checkJson(result.after), ...(previewDir ? { previews } : {}) }, null, 2)}\n`,
    );
  } else {
    const text = [
      await checkText('Before', result.before),
      await checkText('After ', { ...result.after, findings: result.after.findings.map((f) => ({ ...f, path: output })) }),
    ];
    text.push(...result.notes.map((n) => `${n}\n`), `Wrote ${output}\n`, ...Object.values(previews).map((p) => `Preview: ${p}\n`));
    io.stdout.write(text.join(''));
  }
  return ok ? 0 : 1;
}

export const logoCommands: readonly Command[] = [logoCheckCommand, logoFixCommand];
