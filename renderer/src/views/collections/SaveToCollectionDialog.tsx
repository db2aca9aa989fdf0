/**
 * "Save to collection": choose an existing collection or name a new one. Presentational: the container
 * (SaveToCollectionButton) loads the list and saves.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { AppendTarget, CollectionSummary } from '../../../../domain/ipc/collections-channels';
import { addPick, PICK_KINDS, type Pick } from './pick-assertions';
import { ResultTree } from './ResultTree';

const NEW = '';

export function SaveToCollectionDialog({
  tool,
  collections,
  saving,
  error,
  saved,
  tree,
  onSave,
  onClose,
}: {
  tool: string;
  /** Null while the list loads. */
  collections: readonly CollectionSummary[] | null;
  saving: boolean;
  error: string | undefined;
  /** What was saved, once it is. */
  saved: string | undefined;
  /** The answer as a tree to add assertions from (root: the pointer it sits at); undefined while unknown. */
  tree?: { readonly value: unknown; readonly root: string } | undefined;
  onSave: (target: AppendTarget, picks: readonly Pick[]) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const usable = (collections ?? []).filter((c) => !c.problem);
  const [choice, setChoice] = useState<string>(NEW);
  const [newName, setNewName] = useState('');
  const [picks, setPicks] = useState<Pick[]>([]);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);
  const canSave = !saving && (choice !== NEW || newName.trim() !== '');
  return (
    <dialog ref={ref} className="col-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form
        className="stack-sm"
        onSubmit={(e) => {
          e.preventDefault();
          if (canSave) onSave(choice === NEW ? { newName: newName.trim() } : { file: choice }, picks);
        }}
      >
        <h2 id={`${id}-title`}>
          Save <code>{tool}</code> to a collection
        </h2>
        <p className="muted small">
          The call, its arguments and a snapshot of its answer become an item; running the collection checks the gateway still answers the
          same. Secret-looking values are never saved.
        </p>
        <fieldset>
          <legend className="field-label">Collection</legend>
          {usable.map((c) => (
            <label key={c.file}>
              <input type="radio" name={`${id}-target`} checked={choice === c.file} onChange={() => setChoice(c.file)} /> {c.name ?? c.file}{' '}
              <span className="muted small">({c.items ?? 0} items)</span>
            </label>
          ))}
          <label>
            <input type="radio" name={`${id}-target`} checked={choice === NEW} onChange={() => setChoice(NEW)} /> A new collection
          </label>
        </fieldset>
        {choice === NEW && (
          <label className="field">
            <span className="field-label">Name of the new collection</span>
            <input type="text" value={newName} maxLength={200} onChange={(e) => setNewName(e.target.value)} autoFocus />
          </label>
        )}
        {tree && (
          <details className="stack-sm">
            <summary>Add assertions from the answer</summary>
            <p className="muted small">Choose a value and what to check about it; the snapshot is kept too.</p>
            <ResultTree value={tree.value} root={tree.root} onPick={(pick) => setPicks((current) => addPick(current, pick))} />
          </details>
        )}
        {picks.length > 0 && (
          <ul className="col-picks" aria-label="Assertions to add">
            {picks.map((p, i) => (
              <li key={`${p.kind} ${p.pointer}`}>
                {PICK_KINDS.find((k) => k.id === p.kind)?.label} at <code>{p.pointer || '/'}</code>{' '}
                <button
                  type="button"
                  className="button small"
                  aria-label={`Remove ${PICK_KINDS.find((k) => k.id === p.kind)?.label} at ${p.pointer || '/'}`}
                  onClick={() => setPicks((current) => current.filter((_, j) => j !== i))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        {collections === null && <p className="muted small">Reading the collections…</p>}
        {error && (
          <p className="callout error" role="alert">
            {error}
          </p>
        )}
        {saved && (
          <p className="callout ok" role="status">
            {saved}
          </p>
        )}
        <div className="row">
          <button type="submit" className="button primary" disabled={!canSave}>
            {saving ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className="button" onClick={() => (ref.current?.open ? ref.current.close() : onClose())}>
            {saved ? 'Close' : 'Cancel'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
