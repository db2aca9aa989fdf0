/** A client's "Record sessions" switch: on, its bridge records every session in the app's recordings folder. */
import { useId } from 'react';
import type { AssistantClient } from '../../../../domain/ipc/assistants-channels';
import type { Action } from './assistants-mutations';

export interface RecordSwitchProps {
  client: AssistantClient;
  busy: Action | undefined;
  /** The state asked for while main writes it; the switch shows it until the entry is read back. */
  pending?: boolean | undefined;
  onChange: (record: boolean) => void;
}

export function RecordSwitch({ client, busy, pending, onChange }: RecordSwitchProps) {
  const id = useId();
  const entry = client.entry;
  // Only an entry this app wrote can be switched; the state is the entry's own (its --record), never a copy.
  if (!entry) return null;
  const on = pending ?? entry.recording;
  return (
    <div className="record-switch">
      <label className="check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={on}
          disabled={Boolean(busy)}
          {...(on ? { 'aria-describedby': `${id}-hint` } : {})}
          onChange={(e) => onChange(e.target.checked)}
        />
        Record sessions
      </label>
      {busy === 'record' && <span className="small">Saving…</span>}
      {on && (
        <span id={`${id}-hint`} className="small muted">
          Each session is saved, secrets redacted, in the app&apos;s <code>recordings</code> folder (from the next start of {client.name}
          &apos;s bridge).
        </span>
      )}
    </div>
  );
}
