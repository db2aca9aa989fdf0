// Property tests over hostile bytes: mutated copies of real list.json files and a real logo go through the
// same parser, rules, logo checker and fixer as the CLI and the app. Nothing may throw, hang or answer
// with an unknown finding; every refusal is a finding. Seeded, so a failure reproduces with its seed.
// COMPANION_FUZZ_RUNS scales the counts (the 10,000 lists and 1,000 images are the default).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkEntries } from './entry-rules';
import { isFindingCode, type Finding } from './findings';
import { formatList } from './list-format';
import { parseList } from './list-reader';
import { checkLogo } from './logo-rules';
import { fixLogo } from './logo-fixer';

const CORPUS = join(import.meta.dirname, '../../shared/registry-corpus/blockchains');
const SEED = 20261125;
const scale = Number(process.env['COMPANION_FUZZ_RUNS'] ?? '1');
const LIST_RUNS = Math.round(10_000 * scale);
const LOGO_RUNS = Math.round(1_000 * scale);

/** Small real lists (parse cost stays low, so the count can be high), from chains the rules know and do not. */
const lists = readdirSync(CORPUS)
  .map((chain) => ({ chain, file: join(CORPUS, chain, 'validators/list.json') }))
  .flatMap(({ chain, file }) => {
    try {
      const bytes = readFileSync(file);
      return bytes.length <= 4096 ? [{ chain, bytes }] : [];
    } catch {
      return [];
    }
  });

const logo = readFileSync(join(CORPUS, 'cosmos/validators/assets', readdirSync(join(CORPUS, 'cosmos/validators/assets'))[0]!, 'logo.png'));

/** Fragments a hostile or careless writer puts in JSON: huge and odd numbers, wrong types, deep nesting. */
const JSON_SNIPPETS = [
  '1e400',
  '-0',
  '0.5',
  '18446744073709551616',
  'NaN',
  '"lots"',
  '"yes"',
  'null',
  'true',
  '{}',
  '[]',
  '"\\u0000"',
  '"\\ud800"',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
  '{"id":',
  ',',
  '"',
  '\ufeff',
  '/* */',
  '"minDelegation": 1.5,',
  '"freeSpace": "lots",',
  '"openForDelegation": "yes",',
  '"payoutDelay": 99999999999999999999,',
].map((s) => Buffer.from(s));

type Mutation =
  { kind: 'flip'; at: number; bit: number } | { kind: 'cut'; at: number; length: number } | { kind: 'insert'; at: number; bytes: Buffer };

const mutation = (snippets: readonly Buffer[]): fc.Arbitrary<Mutation> =>
  fc.oneof(
    fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }),
    fc.record({ kind: fc.constant('cut' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 64 }) }),
    fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), bytes: fc.constantFrom(...snippets) }),
    fc.record({
      kind: fc.constant('insert' as const),
      at: fc.nat(),
      bytes: fc.uint8Array({ minLength: 1, maxLength: 16 }).map((a) => Buffer.from(a)),
    }),
  );

function mutate(source: Buffer, mutations: readonly Mutation[]): Buffer {
  let out = Buffer.from(source);
  for (const m of mutations) {
    const at = out.length === 0 ? 0 : m.at % (out.length + 1);
    if (m.kind === 'flip' && at < out.length) out[at] = out[at]! ^ (1 << m.bit);
    else if (m.kind === 'cut') out = Buffer.concat([out.subarray(0, at), out.subarray(at + m.length)]);
    else if (m.kind === 'insert') out = Buffer.concat([out.subarray(0, at), m.bytes, out.subarray(at)]);
  }
  return out;
}

/** Rewrites every chunk's CRC, so a mutation reaches the decoder instead of stopping at the checksum. */
function withValidCrcs(png: Buffer): Buffer {
  const out = Buffer.from(png);
  for (let at = 8; at + 12 <= out.length;) {
    const length = out.readUInt32BE(at);
    if (at + 12 + length > out.length) break;
    out.writeUInt32BE(crc32(out.subarray(at + 4, at + 8 + length)), at + 8 + length);
    at += 12 + length;
  }
  return out;
}

function expectPlainFindings(findings: readonly Finding[]): void {
  for (const f of findings) {
    expect(isFindingCode(f.code), `unknown finding code ${f.code}`).toBe(true);
    expect(f.message.trim().length).toBeGreaterThan(0);
    expect(f.message).not.toMatch(/\bundefined\b|\[object Object\]|\bNaN\b/);
  }
}

describe('fuzz: hostile list.json and logo bytes', () => {
  it(`parses and checks ${LIST_RUNS} mutated list.json files without a throw; every problem is a finding`, () => {
    expect(lists.length).toBeGreaterThan(10);
    let refused = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...lists),
        fc.array(mutation(JSON_SNIPPETS), { minLength: 1, maxLength: 6 }),
        ({ chain, bytes }, muts) => {
          const input = mutate(bytes, muts);
          const place = { path: `blockchains/${chain}/validators/list.json`, chain };
          const doc = parseList(input, place);
          expectPlainFindings(doc.findings);
          if (!doc.ok) {
            refused++;
            // A list that cannot be read is never silently empty: it says why.
            expect(doc.findings.some((f) => f.severity === 'error')).toBe(true);
            return;
          }
          expectPlainFindings(checkEntries(chain, doc.entries, doc.spans));
          // Whatever parsed can be written back in the file's own style and reads the same.
          expect(parseList(Buffer.from(formatList(doc.entries, doc.style)), place).entries).toEqual(doc.entries);
        },
      ),
      { seed: SEED, numRuns: LIST_RUNS },
    );
    // The mutations reach both sides: some inputs stay readable lists, most do not.
    expect(refused).toBeGreaterThan(LIST_RUNS / 10);
    expect(refused).toBeLessThan(LIST_RUNS);
  }, 600_000);

  it(`checks ${LOGO_RUNS} mutated logo.png files and fixes each of them without a throw or a hang`, async () => {
    const pngSnippets = [
      Buffer.from('IHDR'),
      Buffer.from('IEND'),
      Buffer.from('acTL'),
      Buffer.from([0xff, 0xff, 0xff, 0xff]),
      Buffer.from([0, 0, 0x4e, 0x20, 0, 0, 0x4e, 0x20]), // 20000×20000 where a size may be read
    ];
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(mutation(pngSnippets), { minLength: 1, maxLength: 4 }), fc.boolean(), async (muts, fixCrcs) => {
        const mutated = mutate(logo, muts);
        const input = fixCrcs ? withValidCrcs(mutated) : mutated;
        const check = await checkLogo(input, { path: 'blockchains/cosmos/validators/assets/x/logo.png' });
        expectPlainFindings(check.findings);
        for (const f of check.findings) seen.add(f.code);
        if (!check.facts.decoded) expect(check.findings.some((f) => f.severity === 'error')).toBe(true);
        {
          // The fixer either makes a logo that passes every rule or refuses in words (RegistryError).
          const fixed = await fixLogo(input).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
          if (fixed instanceof Error) expect(fixed.message.trim().length).toBeGreaterThan(0);
          else expect(fixed.after.findings.filter((f) => f.severity === 'error')).toEqual([]);
        }
      }),
      { seed: SEED, numRuns: LOGO_RUNS },
    );
    // Every byte change breaks a CRC, so nearly all are refused; the mutations still reach several rules.
    expect(seen.size).toBeGreaterThanOrEqual(3);
  }, 600_000);
});
