/** What the last Install, Remove or Test on a client produced, with a button to dismiss it. */
import type { ReactNode } from 'react';
import { formatDuration } from './activity-format';
import type { Outcome, OutcomeSlot } from './assistants-mutations';

export interface OutcomeMessageProps {
  clientName: string;
  outcome: Outcome;
  slot: OutcomeSlot;
  onDismiss: () => void;
}

function Tested({ clientName, result: r }: { clientName: string; result: Extract<Outcome, { kind: 'tested' }>['result'] }) {
  if (r.ok)
    return (
      <div>
        <strong>Connected.</strong> {r.toolCount} tools in {formatDuration(r.latencyMs ?? Number.NaN)}
        {r.server ? ` from ${r.server.name} ${r.server.version}` : ''}, started exactly as {clientName} starts it.
        {r.tools && r.tools.length > 0 && (
          <details className="tool-list">
            <summary>Show the tools</summary>
            <ul>
              {r.tools.map((t) => (
                <li key={t}>
                  <code>{t}</code>
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    );
  return (
    <div>
      <strong>Test failed.</strong> {r.error}
      {r.fix && <p className="fix">How to fix it: {r.fix}</p>}
      {r.stderr && (
        <details>
          <summary>Bridge output</summary>
          <pre className="code-block">{r.stderr}</pre>
        </details>
      )}
    </div>
  );
}

const RECORDING = {
  'recording-on': (file: string) => `Recording on: each session is saved in the app's recordings folder (${file} updated).`,
  'recording-off': (file: string) => `Recording off (${file} updated).`,
};

function Changed({
  outcome,
}: {
  outcome: Extract<Outcome, { kind: 'installed' | 'removed' | 'unchanged' | 'recording-on' | 'recording-off' }>;
}) {
  const text =
    outcome.kind === 'recording-on' || outcome.kind === 'recording-off'
      ? RECORDING[outcome.kind](outcome.file)
      : outcome.kind === 'installed'
        ? `Installed in ${outcome.file}.`
        : outcome.kind === 'removed'
          ? outcome.deleted
            ? `Removed: ${outcome.file} only held this entry, so it was deleted.`
            : `Removed from ${outcome.file}; the rest of the file is as it was.`
          : 'Already up to date; nothing changed.';
  return (
    <div>
      <strong>{text}</strong>{' '}
      {outcome.kind !== 'unchanged' && (
        <span className={outcome.needsRestart ? 'restart-hint strong' : 'restart-hint'}>{outcome.restartHint}</span>
      )}
      {outcome.backup && (
        <p className="small backup-note">
          Previous file saved as <code>{outcome.backup}</code>
        </p>
      )}
    </div>
  );
}

const FAILED: Record<Extract<Outcome, { kind: 'failed' }>['action'], string> = {
  install: 'Not installed.',
  remove: 'Not removed.',
  test: 'Could not test.',
  record: 'Recording not changed.',
};

export function OutcomeMessage({ clientName, outcome, slot, onDismiss }: OutcomeMessageProps) {
  let body: ReactNode;
  let ok = true;
  if (outcome.kind === 'failed') {
    ok = false;
    body = (
      <div>
        <strong>{FAILED[outcome.action]}</strong> {outcome.message}
      </div>
    );
  } else if (outcome.kind === 'tested') {
    ok = outcome.result.ok;
    body = <Tested clientName={clientName} result={outcome.result} />;
  } else body = <Changed outcome={outcome} />;
  return (
    <div className={ok ? 'callout ok outcome' : 'callout error outcome'} role={ok ? 'status' : 'alert'}>
      {body}
      <button
        type="button"
        className="icon-button"
        aria-label={`Dismiss the ${slot === 'test' ? 'test result' : 'message'} for ${clientName}`}
        onClick={onDismiss}
      >
        ×
      </button>
    </div>
  );
}
