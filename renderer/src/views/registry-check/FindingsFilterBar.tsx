/** The findings' filters: chain (with counts), severity (with counts in the chosen chain) and a search. */
import { getRegistryChain } from '../../../../domain/index';
import type { FindingFilters } from './findings-filter';

export interface FindingsFilterBarProps {
  filters: FindingFilters;
  total: number;
  chains: { chain: string; count: number }[];
  counts: Record<'error' | 'warning' | 'info', number>;
  onChange: (change: Partial<FindingFilters>) => void;
}

export function FindingsFilterBar({ filters, total, chains, counts, onChange }: FindingsFilterBarProps) {
  return (
    <div className="filters">
      <div className="field">
        <label htmlFor="filter-chain">Chain</label>
        <select id="filter-chain" value={filters.chain} onChange={(e) => onChange({ chain: e.target.value })}>
          <option value="">All chains ({total.toLocaleString('en-US')})</option>
          {chains.map((c) => (
            <option key={c.chain} value={c.chain}>
              {getRegistryChain(c.chain)?.name ?? c.chain} ({c.count})
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-severity">Severity</label>
        <select
          id="filter-severity"
          value={filters.severity}
          onChange={(e) => onChange({ severity: e.target.value as FindingFilters['severity'] })}
        >
          <option value="all">All severities</option>
          <option value="error">Errors ({counts.error})</option>
          <option value="warning">Warnings ({counts.warning})</option>
          <option value="info">Notes ({counts.info})</option>
        </select>
      </div>
      <div className="field grow">
        <label htmlFor="filter-text">Search</label>
        <input
          id="filter-text"
          type="search"
          placeholder="Id, message or file"
          value={filters.text}
          onChange={(e) => onChange({ text: e.target.value })}
        />
      </div>
    </div>
  );
}
