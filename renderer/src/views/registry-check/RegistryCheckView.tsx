/**
 * "Check registry": scans every chain of the registry folder with a progress bar, then lists the
 * findings, filterable by chain and severity. Choosing a finding opens the wizard on that entry.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { getRegistryChain } from '../../../../domain/index';
import type { RegistryFinding } from '../../../../domain/ipc/registry-channels';
import { useApi } from '../../app/api-context';
import { useNavStore } from '../../app/nav-store';
import { FolderField } from '../validators/parts/FolderField';
import { plural, SeverityBadge, Spinner } from '../validators/parts/common';
import { stepForFinding } from '../validators/finding-steps';
import { hydrate, openFromFinding } from '../validators/wizard-actions';
import { useFolder } from '../validators/wizard-queries';
import { useWizardStore } from '../validators/wizard-store';
import { followProgress, runCheck, setFilters, useCheckStore } from './check-store';
import { chainCounts, filterFindings, orderFindings, severityCounts } from './findings-filter';
import '../validators/wizard.css';
import './registry-check.css';

const PAGE = 100;

/** Inside a chain's folder the chain column already says where: show the part below validators/. */
const shortPath = (path: string) => path.replace(/^blockchains\/[^/]+\/validators\//, '');

export function RegistryCheckView() {
  const api = useApi();
  const client = useQueryClient();
  const folder = useFolder();
  const hydrated = useWizardStore((s) => s.hydrated);
  const check = useCheckStore();
  const go = useNavStore((s) => s.go);
  const [shown, setShown] = useState(PAGE);
  const [pending, setPending] = useState<RegistryFinding | null>(null);
  useEffect(() => {
    void hydrate(api);
    return followProgress(api);
  }, [api]);

  const root = folder.status === 'done' && folder.data.isRegistry ? folder.data.root : null;
  const report = check.report;
  const ordered = useMemo(() => (report ? orderFindings(report.findings) : []), [report]);
  const visible = useMemo(() => filterFindings(ordered, check.filters), [ordered, check.filters]);
  const chains = useMemo(() => chainCounts(ordered), [ordered]);
  const counts = useMemo(
    () => severityCounts(ordered.filter((f) => check.filters.chain === '' || f.chain === check.filters.chain)),
    [ordered, check.filters.chain],
  );
  // New filters start again from the first page.
  const [pagedFilters, setPagedFilters] = useState(check.filters);
  if (pagedFilters !== check.filters) {
    setPagedFilters(check.filters);
    setShown(PAGE);
  }

  const open = async (f: RegistryFinding, replace: boolean) => {
    if (!report || !f.chain) return;
    const opened = await openFromFinding(api, client, { root: report.root, chain: f.chain, id: f.id, step: stepForFinding(f) }, replace);
    if (!opened) {
      setPending(f);
      return;
    }
    setPending(null);
    go('validators');
  };
  const percent = check.progress.total > 0 ? Math.round((check.progress.done / check.progress.total) * 100) : 0;

  return (
    <div className="stack check-view">
      <section className="panel stack-sm" aria-labelledby="check-title">
        <div>
          <h2 id="check-title">Check the whole registry</h2>
          <p className="muted">
            Every chain’s list.json, every entry and every logo, against the rules the registry’s CI, its bot and its reviewers apply, and
            more (id checksums, duplicate ids, websites, empty descriptions).
          </p>
        </div>
        {hydrated ? <FolderField /> : <Spinner label="Loading…" />}
        <div className="row">
          <button
            type="button"
            className="button primary"
            disabled={!root || check.status === 'running'}
            onClick={() => root && void runCheck(api, root)}
          >
            {check.status === 'done' ? 'Check again' : 'Start check'}
          </button>
          {!root && <span className="muted small">Enter a registry folder first.</span>}
        </div>
        {check.status === 'running' && (
          <div className="scan-progress">
            <label htmlFor="scan-progress">Checking registry</label>
            <progress id="scan-progress" max={check.progress.total || 1} value={check.progress.done} aria-valuetext={`${percent}%`} />
            <span className="muted small" aria-live="polite">
              {check.progress.total === 0
                ? 'Finding lists and logos…'
                : `${check.progress.done.toLocaleString('en-US')} of ${check.progress.total.toLocaleString('en-US')} files (${percent}%)${check.progress.chain ? ` · ${getRegistryChain(check.progress.chain)?.name ?? check.progress.chain}` : ''}`}
            </span>
          </div>
        )}
        {check.status === 'error' && (
          <p className="callout error" role="alert">
            {check.error}
          </p>
        )}
      </section>

      {report && check.status !== 'running' && (
        <section className="panel stack-sm" aria-labelledby="results-title">
          <div className="results-head">
            <h2 id="results-title">Findings</h2>
            <p className="muted small">
              {plural(report.summary.chains, 'chain')} · {plural(report.summary.entries, 'entry', 'entries')} ·{' '}
              {plural(report.summary.logos, 'logo')} checked in {(report.totalMs / 1000).toFixed(1)} s
            </p>
          </div>
          <div className="summary-badges">
            <span className="badge bad">{plural(report.summary.errors, 'error')}</span>
            <span className="badge warn">{plural(report.summary.warnings, 'warning')}</span>
            <span className="badge accent">{plural(report.summary.infos, 'note')}</span>
          </div>
          {pending && (
            <div className="callout warn confirm-open" role="alertdialog" aria-labelledby="confirm-open-text">
              <p id="confirm-open-text">You have an unfinished submission in the wizard. Opening this finding replaces it.</p>
              <div className="row">
                <button type="button" className="button small primary" onClick={() => void open(pending, true)}>
                  Open the finding
                </button>
                <button type="button" className="button small" onClick={() => setPending(null)}>
                  Keep my submission
                </button>
              </div>
            </div>
          )}
          <div className="filters">
            <div className="field">
              <label htmlFor="filter-chain">Chain</label>
              <select id="filter-chain" value={check.filters.chain} onChange={(e) => setFilters({ chain: e.target.value })}>
                <option value="">All chains ({report.findings.length.toLocaleString('en-US')})</option>
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
                value={check.filters.severity}
                onChange={(e) => setFilters({ severity: e.target.value as typeof check.filters.severity })}
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
                value={check.filters.text}
                onChange={(e) => setFilters({ text: e.target.value })}
              />
            </div>
          </div>
          <p className="muted small" aria-live="polite">
            {visible.length === ordered.length
              ? `Showing all ${plural(visible.length, 'finding')}.`
              : `${plural(visible.length, 'finding')} match the filters.`}{' '}
            Choose a finding to open it in the wizard.
          </p>
          {visible.length === 0 ? (
            <p className="callout ok">No findings match these filters.</p>
          ) : (
            <table className="data findings-table">
              <colgroup>
                <col className="col-severity" />
                <col className="col-chain" />
                <col />
                <col className="col-where" />
              </colgroup>
              <thead>
                <tr>
                  <th>Severity</th>
                  <th>Chain</th>
                  <th>Finding</th>
                  <th>Where</th>
                </tr>
              </thead>
              <tbody>
                {visible.slice(0, shown).map((f, i) => (
                  <tr
                    key={`${f.path}-${f.code}-${f.line ?? 0}-${f.field ?? ''}-${i}`}
                    className="finding-row"
                    onClick={() => void open(f, false)}
                  >
                    <td>
                      <SeverityBadge severity={f.severity} />
                    </td>
                    <td>{f.chain ? (getRegistryChain(f.chain)?.name ?? f.chain) : '—'}</td>
                    <td>
                      <button
                        type="button"
                        className="link-button finding-open"
                        disabled={!f.chain}
                        onClick={(e) => {
                          e.stopPropagation();
                          void open(f, false);
                        }}
                      >
                        {f.message}
                      </button>
                      <div className="muted small">
                        {f.id && <code className="finding-id">{f.id}</code>} <code className="finding-code">{f.code}</code>
                      </div>
                    </td>
                    <td className="mono where" title={f.path}>
                      {shortPath(f.path)}
                      {f.line ? `:${f.line}` : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
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
      )}
    </div>
  );
}
