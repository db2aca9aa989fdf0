/**
 * Where the collections live, under the list: the folder's path (its start shortened to fit, in full on
 * hover and with Copy), "Change folder…" and, for a chosen folder, "Use the default folder". A chosen
 * folder that cannot be used now (a disk not plugged in) says so with main's plain message.
 * Presentational: the container (CollectionsFolderControl) picks the folder and asks main to use it.
 */
import type { CollectionsFolderState } from '../../../../domain/ipc/collections-channels';
import { LongText } from '../../app/parts/CopyButton';

export interface CollectionsFolderProps {
  readonly state: CollectionsFolderState;
  /** A change is being saved (or the app is still starting): the buttons wait. */
  readonly disabled: boolean;
  /** Why the last change (or the picker) failed. */
  readonly error?: string | undefined;
  readonly onChange: () => void;
  readonly onUseDefault: () => void;
}

export function CollectionsFolder({ state, disabled, error, onChange, onUseDefault }: CollectionsFolderProps) {
  return (
    <div className="col-folder" role="group" aria-labelledby="col-folder-label">
      <p className="small col-folder-label" id="col-folder-label">
        {state.isDefault ? 'Folder (the default)' : 'Folder'}
      </p>
      <LongText text={state.folder} what="the collections folder's path" className="col-folder-path" keep="end" />
      {state.problem !== undefined && (
        <p className="callout error small" role="alert">
          {state.problem}
        </p>
      )}
      {state.isDefault && state.problem === undefined && (
        <p className="muted small">Keep them in your git repository to diff and review them there: choose a folder in it.</p>
      )}
      <div className="col-folder-actions">
        <button type="button" className="button small" disabled={disabled} onClick={onChange}>
          Change folder…
        </button>
        {!state.isDefault && (
          <button type="button" className="button small" disabled={disabled} title={state.defaultFolder} onClick={onUseDefault}>
            Use the default folder
          </button>
        )}
      </div>
      {error !== undefined && (
        <p className="callout error small" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
