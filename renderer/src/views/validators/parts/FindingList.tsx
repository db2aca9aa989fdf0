/** Findings with what to do (the message) and what the rule means in general. */
import type { RegistryFinding } from '../../../../../domain/ipc/registry-channels';
import { SeverityBadge } from './common';

/** `existing`: these findings do not block the write, so an error among them was already there before. */
export function FindingList({
  findings,
  action,
  existing,
}: {
  findings: readonly RegistryFinding[];
  action?: (f: RegistryFinding) => { label: string; run: () => void } | undefined;
  existing?: boolean;
}) {
  return (
    <ul className="finding-list list-rows">
      {findings.map((f, i) => {
        const act = action?.(f);
        return (
          <li key={`${f.code}-${f.field ?? ''}-${i}`} className={`finding finding-${f.severity}`}>
            {existing && f.severity === 'error' ? (
              <span className="badge warn">Already there</span>
            ) : (
              <SeverityBadge severity={f.severity} />
            )}
            <div>
              <p className="finding-message">{f.message}</p>
              {f.meaning && (
                <p className="finding-meaning">
                  <span className="muted">What this means:</span> {f.meaning} <code className="finding-code">{f.code}</code>
                </p>
              )}
            </div>
            {act && (
              <button type="button" className="button small" onClick={act.run}>
                {act.label}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
