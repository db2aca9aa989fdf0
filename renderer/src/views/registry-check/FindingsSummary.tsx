/** What the scan covered, how long it took, and its findings by severity. */
import type { RegistryReport } from '../../../../domain/ipc/registry-channels';
import { plural } from '../validators/parts/common';

export function FindingsSummary({ report }: { report: Pick<RegistryReport, 'summary' | 'totalMs'> }) {
  const { summary } = report;
  return (
    <>
      <div className="results-head">
        <h2 id="results-title">Findings</h2>
        <p className="muted small">
          {plural(summary.chains, 'chain')} · {plural(summary.entries, 'entry', 'entries')} · {plural(summary.logos, 'logo')} checked in{' '}
          {(report.totalMs / 1000).toFixed(1)} s
        </p>
      </div>
      <div className="summary-badges">
        <span className="badge bad">{plural(summary.errors, 'error')}</span>
        <span className="badge warn">{plural(summary.warnings, 'warning')}</span>
        <span className="badge accent">{plural(summary.infos, 'note')}</span>
      </div>
    </>
  );
}
