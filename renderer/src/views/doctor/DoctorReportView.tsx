import type { DoctorRun } from '../../../../domain/ipc/doctor-channels';
import { CopyButton } from '../../app/parts/CopyButton';

const MARK = { ok: '✓', failed: '✗', skipped: '–', 'not-reached': '·' } as const;

function ms(value: number): string {
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}

/** The connection doctor's report: each hop with its time, the broken one with its fix, and "Copy report". Presentational. */
export function DoctorReportView({ run }: { run: DoctorRun }) {
  const { report } = run;
  const failed = report.hops.find((h) => h.status === 'failed');
  return (
    <section className="stack doctor-report" aria-label="Connection doctor report">
      <p role="status" className={failed ? 'badge bad' : 'badge ok'}>
        {failed ? `Broken at “${failed.label}”` : 'Healthy'} · {ms(report.totalMs)}
      </p>
      <ol className="doctor-hops">
        {report.hops.map((hop) => (
          <li key={hop.id} data-status={hop.status}>
            <span aria-hidden="true">{MARK[hop.status]}</span> <strong>{hop.label}</strong>
            {hop.status !== 'not-reached' && <span className="hint"> ({ms(hop.ms)})</span>}
            {hop.detail && <div className="hint">{hop.detail}</div>}
            {hop.fix && (
              <div role="note">
                <strong>Fix:</strong> {hop.fix}
              </div>
            )}
          </li>
        ))}
      </ol>
      <CopyButton text={run.text} what="the report" />
    </section>
  );
}
