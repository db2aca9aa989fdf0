/**
 * Browser mode's folder picker: a dialog that starts at home and walks folders with the keyboard
 * (↑/↓ move, Enter or → opens, ← or Backspace goes up, Esc closes). Main lists folder names only
 * (`registry:listFolders`); nothing else on disk is read.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useApi } from '../../../app/api-context';
import { LongText } from '../../../app/parts/CopyButton';

export function FolderBrowser({
  start,
  onChoose,
  onClose,
}: {
  start: string | null;
  onChoose: (path: string) => void;
  onClose: () => void;
}) {
  const api = useApi();
  const dialog = useRef<HTMLDialogElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [path, setPath] = useState<string | null>(start);
  const listing = useQuery({
    queryKey: ['registry', 'listFolders', path],
    queryFn: () => api.registry.listFolders(path),
    staleTime: 5_000,
  });
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  // A new folder's list takes focus at its first entry, so the keyboard keeps walking.
  const shown = listing.data?.path;
  useEffect(() => {
    if (shown) list.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [shown]);

  const open = (next: string | null) => setPath(next);
  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      e.preventDefault();
      items[Math.max(0, Math.min(items.length - 1, to))]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(items.length - 1);
    else if (e.key === 'ArrowRight' && at >= 0) {
      e.preventDefault();
      items[at]!.click();
    } else if ((e.key === 'ArrowLeft' || e.key === 'Backspace') && listing.data?.parent) {
      e.preventDefault();
      open(listing.data.parent);
    }
  };

  const data = listing.data;
  return (
    <dialog ref={dialog} className="folder-browser modal" aria-labelledby="folder-browser-title" onClose={onClose}>
      <h2 id="folder-browser-title">Choose your registry folder</h2>
      <p className="muted small">
        Open folders until you reach your copy of the registry (the folder that contains <code>blockchains</code>), then press “Use this
        folder”. Keys: ↑ ↓ to move, Enter to open, ← to go up.
      </p>
      <div className="folder-browser-bar">
        <button type="button" className="button small" disabled={!data?.parent} onClick={() => open(data?.parent ?? null)}>
          Up one folder
        </button>
        <button type="button" className="button small" onClick={() => open(null)}>
          Home
        </button>
        {data && <LongText text={data.path} what="this folder's path" className="folder-browser-path" />}
      </div>
      {listing.isError && (
        <p className="callout error" role="alert">
          {listing.error.message}
        </p>
      )}
      {data && data.isRegistry && <p className="callout ok">This folder is a validator registry.</p>}
      {data && (
        <ul ref={list} className="folder-browser-list" aria-label={`Folders in ${data.path}`} onKeyDown={onListKey}>
          {data.folders.length === 0 && <li className="muted small">No folders here.</li>}
          {data.folders.map((f) => (
            <li key={f.path}>
              <button type="button" className="folder-browser-item" title={f.path} onClick={() => open(f.path)}>
                <span aria-hidden="true">📁</span> {f.name}
              </button>
            </li>
          ))}
          {data.truncated && (
            <li className="muted small">Only the first {data.folders.length} folders are listed: type the path instead.</li>
          )}
        </ul>
      )}
      <div className="folder-browser-actions">
        <button type="button" className="button" onClick={() => dialog.current?.close()}>
          Cancel
        </button>
        <button
          type="button"
          className="button primary"
          disabled={!data}
          onClick={() => {
            if (data) onChoose(data.path);
            dialog.current?.close();
          }}
        >
          Use this folder
        </button>
      </div>
    </dialog>
  );
}
