import type { ChecklistRow } from '../logo-checklist';
import { CheckIcon } from './common';

const STATUS_TEXT = { pass: 'Passes', fail: 'Fails', unknown: 'Not known yet' } as const;

/** One row per registry rule, pass or fail, with the reason. */
export function LogoChecklist({ rows, label }: { rows: readonly ChecklistRow[]; label: string }) {
  return (
    <ul className="checklist" aria-label={label}>
      {rows.map((r) => (
        <li key={r.rule} className={`check-row-${r.status}`} data-rule={r.rule} data-status={r.status}>
          <CheckIcon status={r.status} />
          <div>
            <p className="check-label">
              {r.label}
              <span className="visually-hidden">: {STATUS_TEXT[r.status]}</span>
            </p>
            <p className="check-detail">{r.detail}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
