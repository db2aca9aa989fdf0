/** The last scan's findings: summary, filters, the table a page at a time, and opening one in the wizard. */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { RegistryFinding, RegistryReport } from '../../../../domain/ipc/registry-channels';
import { useApi } from '../../app/api-context';
import { useNavStore } from '../../app/nav-store';
import { plural } from '../validators/parts/common';
import { stepForFinding } from '../validators/finding-steps';
import { openFromFinding } from '../validators/wizard-actions';
import { setFilters, useCheckStore } from './check-store';
import { chainCounts, filterFindings, orderFindings, severityCounts } from './findings-filter';
import { FindingsFilterBar } from './FindingsFilterBar';
import { FindingsSummary } from './FindingsSummary';
import { FindingsTable } from './FindingsTable';

const PAGE = 100;

function ConfirmReplace({ onOpen, onKeep }: { onOpen: () => void; onKeep: () => void }) {
  return (
    <div className="callout warn confirm-open" role="alertdialog" aria-labelledby="confirm-open-text">
      <p id="confirm-open-text">You have an unfinished submission in the wizard. Opening this finding replaces it.</p>
      <div className="row">
        <button type="button" className="button small primary" onClick={onOpen}>
          Open the finding
        </button>
        <button type="button" className="button small" onClick={onKeep}>
          Keep my submission
        </button>
      </div>
    </div>
  );
}

/** Opens a finding in the wizard; asks first (pending) when that would replace an unfinished submission. */
function useOpenFinding(report: RegistryReport) {
  const api = useApi();
  const client = useQueryClient();
  const go = useNavStore((s) => s.go);
  const [pending, setPending] = useState<RegistryFinding | null>(null);
  const open = async (f: RegistryFinding, replace: boolean) => {
    if (!f.chain) return;
    const opened = await openFromFinding(api, client, { root: report.root, chain: f.chain, id: f.id, step: stepForFinding(f) }, replace);
    if (!opened) {
      setPending(f);
      return;
    }
    setPending(null);
    go('validators');
  };
  return { pending, open, keep: () => setPending(null) };
}

export function FindingsPanel({ report }: { report: RegistryReport }) {
  const filters = useCheckStore((s) => s.filters);
  const [shown, setShown] = useState(PAGE);
  const { pending, open, keep } = useOpenFinding(report);
  const ordered = useMemo(() => orderFindings(report.findings), [report]);
  const visible = useMemo(() => filterFindings(ordered, filters), [ordered, filters]);
  const chains = useMemo(() => chainCounts(ordered), [ordered]);
  const counts = useMemo(
    () => severityCounts(ordered.filter((f) => filters.chain === '' || f.chain === filters.chain)),
    [ordered, filters.chain],
  );
  // New filters start again from the first page.
  const [pagedFilters, setPagedFilters] = useState(filters);
  if (pagedFilters !== filters) {
    setPagedFilters(filters);
    setShown(PAGE);
  }
  return (
    <section className="panel stack-sm" aria-labelledby="results-title">
      <FindingsSummary report={report} />
      {pending && <ConfirmReplace onOpen={() => void open(pending, true)} onKeep={keep} />}
      <FindingsFilterBar filters={filters} total={report.findings.length} chains={chains} counts={counts} onChange={setFilters} />
      <p className="muted small" aria-live="polite">
        {visible.length === ordered.length
          ? `Showing all ${plural(visible.length, 'finding')}.`
          : `${plural(visible.length, 'finding')} match the filters.`}{' '}
        Choose a finding to open it in the wizard.
      </p>
      {visible.length === 0 ? (
        <p className="callout ok">No findings match these filters.</p>
      ) : (
        <FindingsTable findings={visible.slice(0, shown)} onOpen={(f) => void open(f, false)} />
      )}
      {visible.length > shown && (
        <div className="row">
          <button type="button" className="button" onClick={() => setShown(shown + PAGE)}>
            Show {Math.min(PAGE, visible.length - shown)} more
          </button>
          <span className="muted small">
            {shown} of {visible.length} shown
          </span>
        </div>
      )}
    </section>
  );
}
