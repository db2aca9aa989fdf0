/** The Chain picker's list: all 52 registry chains with this registry's counts, filtered by what the user types. */
import { REGISTRY_CHAINS } from '../../../../domain/index';
import type { ChainSummary } from '../../../../domain/ipc/registry-channels';

export interface ChainOption {
  slug: string;
  name: string;
  idFormat: string;
  exampleId: string;
  /** null: unknown (no registry open) or the list cannot be read. */
  validators: number | null;
  /** The registry copy has no folder for this chain. */
  absent: boolean;
  problem?: string;
}

export function chainOptions(summaries: readonly ChainSummary[] | null): ChainOption[] {
  const bySlug = new Map((summaries ?? []).map((s) => [s.slug, s]));
  return REGISTRY_CHAINS.map((c) => {
    const s = bySlug.get(c.slug);
    return {
      slug: c.slug,
      name: c.name,
      idFormat: c.idFormat,
      exampleId: c.exampleId,
      validators: s?.validators ?? null,
      absent: summaries !== null && !s,
      ...(s?.problem ? { problem: s.problem } : {}),
    };
  }).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * Matches name, folder name and id prefix ("cosmosvaloper", "tz1"). Names that start with the query
 * come first, so "terra" lists Terra before Terra Classic.
 */
export function filterChains(options: readonly ChainOption[], query: string): ChainOption[] {
  const q = fold(query.trim());
  if (q === '') return [...options];
  const rank = (o: ChainOption): number => {
    const name = fold(o.name);
    if (name === q || o.slug === q) return 0;
    if (name.startsWith(q) || o.slug.startsWith(q)) return 1;
    if (name.includes(q) || o.slug.includes(q)) return 2;
    if (fold(o.exampleId).startsWith(q) || fold(o.idFormat).includes(q)) return 3;
    return -1;
  };
  return options
    .map((o) => ({ o, r: rank(o) }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r)
    .map((x) => x.o);
}
