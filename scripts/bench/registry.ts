/**
 * npm run bench:registry — times the registry engine on the real corpus (52 lists, 600 entries, 330 logos)
 * and the logo fixer on a 4000×4000 JPEG, and shows where the time goes.
 *  - cold: the first full check in a fresh process (the engine's modules already imported; libvips loads
 *    on first use, the JIT is cold; the OS file cache is whatever it is, it is not dropped);
 *  - warm: the median of further full checks in the same process.
 * Options: --corpus <dir> (default ../shared/registry-corpus), --rounds N (default 5).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism, cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: fileURLToPath(new URL('../../../shared/registry-corpus/', import.meta.url)) },
    rounds: { type: 'string', default: '5' },
    'cold-child': { type: 'boolean' },
  },
  strict: true,
});
const corpus = values.corpus;
const rounds = Math.max(1, Number(values.rounds));

const ms = (n: number) => (n < 1 ? `${(n * 1000).toFixed(0)} µs` : `${n.toFixed(n < 10 ? 1 : 0)} ms`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await fn();
  return [result, performance.now() - start];
}

/** Child mode: import the engine, run one full check, print the timings as JSON. */
async function coldChild(): Promise<void> {
  const [engine, importMs] = await timed(() => import('../../registry/index'));
  const [report, totalMs] = await timed(() => engine.checkRegistry(corpus));
  process.stdout.write(JSON.stringify({ importMs, totalMs, timings: report.timings, summary: report.summary }));
}

if (values['cold-child']) {
  await coldChild();
  process.exit(0);
}

const { checkRegistry, checkEntries, checkLogo, circlePreviews, parseList, registryPaths, fixLogo } = await import('../../registry/index');
const { listAssets, logoFiles } = await import('../../registry/logo-folder-rules');
const { scanPng } = await import('../../registry/png-chunks');
const { mapLimit } = await import('../../registry/concurrency');
const { loadSharp } = await import('../../registry/sharp-loader');
const { noisyJpeg } = await import('../../registry/image-fixtures');

console.log(`Registry engine benchmark — ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, Node ${process.version}`);
console.log(`Corpus: ${corpus}\n`);

// ---- full check: cold in a fresh process, then warm ----
const child = JSON.parse(
  execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--cold-child', '--corpus', corpus], {
    encoding: 'utf8',
  }),
) as {
  importMs: number;
  totalMs: number;
  timings: Record<string, number>;
  summary: { chains: number; entries: number; logos: number; errors: number; warnings: number; infos: number };
};
const s = child.summary;
console.log(
  `Full check of ${s.chains} lists, ${s.entries} entries, ${s.logos} logos (${s.errors} errors, ${s.warnings} warnings, ${s.infos} notes):`,
);
console.log(
  `  cold: ${ms(child.totalMs)}  (discover ${ms(child.timings.discoverMs!)}, lists ${ms(child.timings.listsMs!)}, logos ${ms(child.timings.logosMs!)}; importing the engine took ${ms(child.importMs)} before that)`,
);

const warm: { totalMs: number; discoverMs: number; listsMs: number; logosMs: number }[] = [];
await checkRegistry(corpus); // this process's own first run, not counted
for (let r = 0; r < rounds; r++) warm.push((await checkRegistry(corpus)).timings);
const pick = (k: keyof (typeof warm)[number]) => median(warm.map((w) => w[k]));
console.log(
  `  warm: ${ms(pick('totalMs'))} median of ${rounds}  (discover ${ms(pick('discoverMs'))}, lists ${ms(pick('listsMs'))}, logos ${ms(pick('logosMs'))}; min ${ms(Math.min(...warm.map((w) => w.totalMs)))})`,
);

// ---- where the time goes: each stage alone, sequentially, warm ----
const chains = readdirSync(`${corpus}/blockchains`).sort();
const stage = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  await fn();
  const times: number[] = [];
  let result!: T;
  for (let r = 0; r < rounds; r++) {
    const [value, t] = await timed(fn);
    result = value;
    times.push(t);
  }
  return [result, median(times)];
};
const [listBytes, readListsMs] = await stage(() => Promise.all(chains.map((c) => readFile(`${corpus}/${registryPaths.list(c)}`))));
const [docs, parseMs] = await stage(async () =>
  listBytes.map((b, i) => parseList(b, { path: registryPaths.list(chains[i]!), chain: chains[i]! })),
);
const [, rulesMs] = await stage(async () => docs.map((d, i) => checkEntries(chains[i]!, d.entries, d.spans)));
const [listings, assetsMs] = await stage(() => Promise.all(chains.map((c) => listAssets(corpus, c))));
const logos = listings.flatMap(logoFiles);
const [logoBytes, readLogosMs] = await stage(() => Promise.all(logos.map((l) => readFile(`${corpus}/${l.path}`))));
const [, scanMs] = await stage(async () => logoBytes.map((b) => scanPng(b)));
const sharp = await loadSharp();
const concurrency = 4;
const [, decodeMs] = await stage(() =>
  mapLimit(logoBytes, concurrency, (b) =>
    sharp(b, { limitInputPixels: 4096 * 4096 })
      .raw()
      .toBuffer(),
  ),
);
const [, decodeSerialMs] = await stage(() =>
  mapLimit(logoBytes, 1, (b) =>
    sharp(b, { limitInputPixels: 4096 * 4096 })
      .raw()
      .toBuffer(),
  ),
);
const mb = (n: number) => (n < 1e6 ? `${(n / 1e3).toFixed(0)} kB` : `${(n / 1e6).toFixed(1)} MB`);
const row = (label: string, value: string) => console.log(`  ${label.padEnd(74)} ${value}`);
console.log('\nWhere the time goes (each stage alone, warm, median):');
row(`read 52 list.json (${mb(listBytes.reduce((n, b) => n + b.length, 0))})`, ms(readListsMs));
row('parse them (positions, duplicate keys, style)', ms(parseMs));
row('entry rules for 600 entries (ids with real checksums)', ms(rulesMs));
row('list 52 assets folders', ms(assetsMs));
row(`read 330 logos (${mb(logoBytes.reduce((n, b) => n + b.length, 0))})`, ms(readLogosMs));
row('PNG chunk scan of 330 logos (header, APNG, metadata)', ms(scanMs));
row(`sharp full decode of 330 logos, ${concurrency} at a time`, `${ms(decodeMs)}  (one at a time: ${ms(decodeSerialMs)})`);

// ---- refusing a 20000×20000 PNG ----
const { pngBomb } = await import('../../registry/image-fixtures');
const bomb = pngBomb();
const [, bombCheckMs] = await stage(() => checkLogo(bomb));
const [, bombFixMs] = await stage(() => fixLogo(bomb).catch((e: Error) => e));
console.log(
  `\n20000×20000 PNG (${mb(bomb.length)} on disk, 400 megapixels): check refuses it in ${ms(bombCheckMs)}, fix in ${ms(bombFixMs)}`,
);

// ---- fixing a 4000×4000 JPEG ----
const jpeg = await noisyJpeg(4000, 4000);
const [first, firstMs] = await timed(() => fixLogo(jpeg));
const fixTimes: number[] = [];
for (let r = 0; r < rounds; r++) fixTimes.push((await timed(() => fixLogo(jpeg)))[1]);
const [raw, resizeMs] = await stage(() =>
  sharp(jpeg, { autoOrient: true }).resize(256, 256, { fit: 'cover' }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true }),
);
const fromRaw = () => sharp(raw.data, { raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels } });
const [, losslessMs] = await stage(() => fromRaw().png({ compressionLevel: 9, adaptiveFiltering: true, palette: false }).toBuffer());
const [, paletteMs] = await stage(() => fromRaw().png({ compressionLevel: 9, palette: true, quality: 90, effort: 3 }).toBuffer());
const [, afterCheckMs] = await stage(() => checkLogo(first.png));
const [, previewsMs] = await stage(() => circlePreviews(first.png));
const [, attentionMs] = await stage(() => fixLogo(jpeg, { position: 'attention', previewSize: 0 }));
console.log(
  `\nFix a 4000×4000 JPEG (${mb(jpeg.length)}, noisy photo-like) into a 256×256 PNG of ${first.png.length.toLocaleString('en-US')} bytes (${first.encoding.method}${first.encoding.quality ? `, quality ${first.encoding.quality}` : ''}, ${first.encoding.attempts} encodings):`,
);
console.log(`  first: ${ms(firstMs)}, then median ${ms(median(fixTimes))} of ${rounds}`);
console.log('  where the time goes (each stage alone, median):');
row('  decode + EXIF orientation + centre crop + resize (JPEG shrink-on-load)', ms(resizeMs));
row('  lossless PNG, compression 9 (too big for this photo: 100 kB+)', ms(losslessMs));
row('  palette PNG, quality 90 (fits)', ms(paletteMs));
row('  compliance check of the result (decode included)', ms(afterCheckMs));
row('  circle previews, light and dark', ms(previewsMs));
console.log(`  with the attention (smart) crop instead of centre, no previews: ${ms(attentionMs)}`);
