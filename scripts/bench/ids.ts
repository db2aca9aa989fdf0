/**
 * npm run bench:ids — validates the 600 real registry ids and 10,000 generated ids, prints microseconds per
 * id for each format, then the mutation-detection rate of each checksummed format.
 * Options: --corpus <dir> (default ../shared/registry-corpus), --generated N (default 10000), --rounds N (default 5).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { REGISTRY_CHAINS, checkValidatorId, type Check } from '../../domain/index';
import { SAMPLE_FORMATS, createRng, measureMutationDetection } from '../../domain/id-samples';

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: fileURLToPath(new URL('../../../shared/registry-corpus/', import.meta.url)) },
    generated: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '5' },
  },
  strict: true,
});
const generatedTotal = Number(values.generated);
const rounds = Number(values.rounds);

interface Group {
  name: string;
  items: { id: string; check: (id: string) => Check<string> }[];
}

/** Each timed round makes at least this many checks, so that small groups (one Aptos id) give stable figures. */
const MIN_CHECKS_PER_ROUND = 5_000;

/** Median over rounds of the mean time per id, in microseconds; one untimed round warms the JIT. */
function microsecondsPerId(group: Group): { us: number; invalid: number } {
  let invalid = 0;
  for (const item of group.items) if (!item.check(item.id).ok) invalid += 1;
  const repeat = Math.ceil(MIN_CHECKS_PER_ROUND / group.items.length);
  for (let k = 0; k < repeat; k++) for (const item of group.items) item.check(item.id);
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    for (let k = 0; k < repeat; k++) for (const item of group.items) item.check(item.id);
    samples.push(((performance.now() - start) * 1000) / (group.items.length * repeat));
  }
  samples.sort((a, b) => a - b);
  return { us: samples[Math.floor(samples.length / 2)] ?? Number.NaN, invalid };
}

function printTable(title: string, groups: Group[]): void {
  const total = groups.reduce((n, g) => n + g.items.length, 0);
  console.log(`\n${title}: ${total} ids; µs per id is the median of ${rounds} rounds of at least ${MIN_CHECKS_PER_ROUND} checks`);
  console.log(`  ${'format'.padEnd(44)} ${'ids'.padStart(6)} ${'invalid'.padStart(8)} ${'µs/id'.padStart(8)}`);
  for (const g of groups) {
    const { us, invalid } = microsecondsPerId(g);
    console.log(`  ${g.name.padEnd(44)} ${String(g.items.length).padStart(6)} ${String(invalid).padStart(8)} ${us.toFixed(2).padStart(8)}`);
  }
}

// ---- The real corpus, grouped by id format ----
const root = `${values.corpus.replace(/\/$/, '')}/blockchains`;
const corpusGroups = new Map<string, Group>();
for (const slug of readdirSync(root).sort()) {
  const chain = REGISTRY_CHAINS.find((c) => c.slug === slug);
  if (!chain) throw new Error(`corpus folder "${slug}" is not a registry chain`);
  const list = JSON.parse(readFileSync(`${root}/${slug}/validators/list.json`, 'utf8')) as { id: string }[];
  const format = chain.checksum === 'none' ? `${chain.name} (no checksum)` : chain.checksum;
  const group = corpusGroups.get(format) ?? { name: format, items: [] };
  for (const entry of list) group.items.push({ id: entry.id, check: (id) => checkValidatorId(slug, id) });
  if (group.items.length > 0) corpusGroups.set(format, group);
}
printTable(
  'Registry corpus',
  [...corpusGroups.values()].sort((a, b) => b.items.length - a.items.length),
);

// ---- Generated ids, spread evenly over the sample formats ----
const rng = createRng(0xbe9c);
const share = (i: number) => Math.floor(generatedTotal / SAMPLE_FORMATS.length) + (i < generatedTotal % SAMPLE_FORMATS.length ? 1 : 0);
printTable(
  'Generated ids',
  SAMPLE_FORMATS.map((f, i) => ({
    name: f.name,
    items: Array.from({ length: share(i) }, () => ({ id: f.generate(rng), check: f.check })),
  })),
);

// ---- Mutation detection ----
console.log('\nMutation detection: 10,000 random single-character substitutions per checksummed format');
console.log(`  ${'format'.padEnd(44)} ${'rejected'.padStart(9)} ${'rate'.padStart(9)}`);
for (const format of SAMPLE_FORMATS.filter((f) => f.checksummed)) {
  const r = measureMutationDetection(format, 10_000);
  console.log(`  ${format.name.padEnd(44)} ${String(r.rejected).padStart(9)} ${`${(r.rate * 100).toFixed(2)}%`.padStart(9)}`);
}
