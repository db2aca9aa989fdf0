/** Filtering and counting for the registry check's findings table. */
import type { RegistryFinding } from '../../../../domain/ipc/registry-channels';

export type SeverityFilter = 'all' | RegistryFinding['severity'];

export interface FindingFilters {
  chain: string;
  severity: SeverityFilter;
  /** Free text matched against the message, id, path and code. */
  text: string;
}

export const NO_FILTERS: FindingFilters = { chain: '', severity: 'all', text: '' };

export function filterFindings(findings: readonly RegistryFinding[], filters: FindingFilters): RegistryFinding[] {
  const text = filters.text.trim().toLowerCase();
  return findings.filter(
    (f) =>
      (filters.chain === '' || f.chain === filters.chain) &&
      (filters.severity === 'all' || f.severity === filters.severity) &&
      (text === '' || [f.message, f.id ?? '', f.path, f.code].some((s) => s.toLowerCase().includes(text))),
  );
}

/** Chains that have findings, with how many, most first (the chain filter's options). */
export function chainCounts(findings: readonly RegistryFinding[]): { chain: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const f of findings) if (f.chain) counts.set(f.chain, (counts.get(f.chain) ?? 0) + 1);
  return [...counts].map(([chain, count]) => ({ chain, count })).sort((a, b) => b.count - a.count || a.chain.localeCompare(b.chain));
}

export function severityCounts(findings: readonly RegistryFinding[]): Record<RegistryFinding['severity'], number> {
  const out = { error: 0, warning: 0, info: 0 };
  for (const f of findings) out[f.severity]++;
  return out;
}

/** Most serious first, then by chain and position, so the table starts with what blocks submissions. */
const RANK = { error: 0, warning: 1, info: 2 } as const;
export function orderFindings(findings: readonly RegistryFinding[]): RegistryFinding[] {
  return [...findings].sort(
    (a, b) =>
      RANK[a.severity] - RANK[b.severity] ||
      (a.chain ?? '').localeCompare(b.chain ?? '') ||
      a.path.localeCompare(b.path) ||
      (a.line ?? 0) - (b.line ?? 0),
  );
}
