/** Small pieces shared by the wizard's steps. */
import { useEffect, useRef, type ReactNode } from 'react';
import type { RegistryFinding } from '../../../../../domain/ipc/registry-channels';

/** The step's title. It takes focus when the step opens, so keyboard and screen-reader users start at the top. */
export function StepHeading({ number, title, children }: { number: number; title: string; children?: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Only move focus when it is not already inside the step (a restored draft keeps the page's focus).
    if (document.activeElement === document.body || document.activeElement?.closest('.wizard-nav, .stepper'))
      ref.current?.focus({ preventScroll: false });
  }, []);
  return (
    <header className="step-heading">
      <p className="step-kicker">Step {number} of 7</p>
      <h2 id="step-title" ref={ref} tabIndex={-1}>
        {title}
      </h2>
      {children && <p className="step-intro">{children}</p>}
    </header>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <span className="spinner-line" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </span>
  );
}

const SEVERITY_CLASS = { error: 'bad', warning: 'warn', info: 'accent' } as const;
const SEVERITY_LABEL = { error: 'Must fix', warning: 'Warning', info: 'Note' } as const;

export function SeverityBadge({ severity }: { severity: RegistryFinding['severity'] }) {
  return <span className={`badge ${SEVERITY_CLASS[severity]}`}>{SEVERITY_LABEL[severity]}</span>;
}

/** The message under a field: the most serious finding about it. */
export function FieldMessage({
  id,
  findings,
  local,
}: {
  id: string;
  findings: readonly RegistryFinding[] | null;
  local?: string | undefined;
}) {
  if (local)
    return (
      <p id={id} className="field-message error">
        {local}
      </p>
    );
  const worst = findings && (['error', 'warning', 'info'] as const).map((sev) => findings.find((f) => f.severity === sev)).find(Boolean);
  if (!worst) return <p id={id} className="field-message" />;
  return (
    <p id={id} className={`field-message ${worst.severity}`}>
      {worst.message}
    </p>
  );
}

const CHECK_MARKS = { pass: 'M6 10.5l2.6 2.5L14 7.5', fail: 'M7 7l6 6M13 7l-6 6', unknown: 'M6.5 10h7' } as const;

export function CheckIcon({ status }: { status: keyof typeof CHECK_MARKS }) {
  return (
    <svg className={`check-icon ${status}`} viewBox="0 0 20 20" aria-hidden="true">
      <circle cx="10" cy="10" r="9" />
      <path d={CHECK_MARKS[status]} />
    </svg>
  );
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
