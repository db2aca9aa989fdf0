/** "Save as collection" for an assistant that records its sessions: its newest session becomes a collection. */
import { useState } from 'react';

export interface SavedCollection {
  readonly file: string;
  readonly items: number;
  readonly notes?: string | undefined;
}

export interface SaveRecordingButtonProps {
  clientName: string;
  /** Asks main to convert the newest recorded session (`assistants:saveRecordingAsCollection`). */
  onSave: () => Promise<SavedCollection>;
}

type State = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; saved: SavedCollection } | { kind: 'failed'; message: string };

export function SaveRecordingButton({ clientName, onSave }: SaveRecordingButtonProps) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const save = () => {
    setState({ kind: 'saving' });
    onSave().then(
      (saved) => setState({ kind: 'saved', saved }),
      (error: unknown) => setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  };
  return (
    <div className="save-recording">
      <button type="button" className="button" disabled={state.kind === 'saving'} onClick={save}>
        Save {clientName}&apos;s last session as collection
      </button>
      <span role="status" className="small">
        {state.kind === 'saving' && 'Saving…'}
        {state.kind === 'saved' && (
          <>
            Saved {state.saved.items} calls to <code>{state.saved.file}</code>; run them with <code>companion test</code>.
            {state.saved.notes && ` ${state.saved.notes}`}
          </>
        )}
      </span>
      {state.kind === 'failed' && (
        <span role="alert" className="callout error small">
          {state.message}
        </span>
      )}
    </div>
  );
}
