/** A client's "Record sessions" switch: on, its bridge records every session in the app's recordings folder. */
import { useId } from 'react';
import type { AssistantClient } from '../../../../domain/ipc/assistants-channels';
import type { Action } from './assistants-mutations';

export interface RecordSwitchProps {
  client: AssistantClient;
  busy: Action | undefined;
  onChange: (record: boolean) => void;
}

export function RecordSwitch({ client, busy, onChange }: RecordSwitchProps) {
  const id = useId();
  const entry = client.entry;
  // Only an entry this app wrote can be switched; the state is the entry's own (its --record), never a copy.
  if (!entry) return null;
  return (
    <div className="record-switch">
      <label className="check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={entry.recording}
          disabled={Boolean(busy)}
          aria-describedby={`${id}-hint`}
          onChange={(e) => onChange(e.target.checked)}
        />
        {busy === 'record' ? 'Saving…' : 'Record sessions'}
      </label>
      <span id={`${id}-hint`} className="small muted">
        Each session of {client.name} is saved, secrets redacted, in the app&apos;s <code>recordings</code> folder, one file per session
        (docs/recordings.md). Takes effect when {client.name} starts the bridge again.
      </span>
    </div>
  );
}
