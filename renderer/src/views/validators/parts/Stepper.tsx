/** The seven steps: done ones can be revisited, later ones open once everything before them is complete. */
import { STEPS, type StepId } from '../draft';
import { stepTitle } from '../remote/source';
import type { StepCheck } from '../wizard-progress';
import { useWizardStore } from '../wizard-store';

export function Stepper({
  current,
  checks,
  reachable,
  onGo,
  locked,
}: {
  current: StepId;
  checks: Record<StepId, StepCheck>;
  reachable: Set<StepId>;
  onGo: (step: StepId) => void;
  locked: boolean;
}) {
  const source = useWizardStore((s) => s.draft.source);
  return (
    <nav className="stepper" aria-label="Submission steps">
      <ol>
        {STEPS.map((step, i) => {
          const isCurrent = step.id === current;
          const done = (checks[step.id].ok && step.id !== 'write') || (locked && !isCurrent);
          const open = !locked && reachable.has(step.id);
          return (
            <li key={step.id} className={`${isCurrent ? 'current' : ''} ${done ? 'done' : ''}`}>
              <button
                type="button"
                disabled={!open && !isCurrent}
                aria-current={isCurrent ? 'step' : undefined}
                onClick={() => onGo(step.id)}
              >
                <span className="step-number" aria-hidden="true">
                  {done && !isCurrent ? '✓' : i + 1}
                </span>
                <span className="step-title">{stepTitle(step, source)}</span>
                {done && !isCurrent && <span className="visually-hidden"> (complete)</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
