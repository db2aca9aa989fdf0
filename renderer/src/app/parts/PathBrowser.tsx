/**
 * Browser mode's picker for a folder or a file on this computer (a browser page has no system dialog
 * that gives a path): a dialog that starts at home and walks folders with the keyboard (↑/↓ move, Enter
 * or → opens, ← or Backspace goes up, Esc closes). Main lists names only; nothing else on disk is read.
 * The wizard picks its registry folder with it, the Collections view an environment file.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { LongText } from './CopyButton';
import './path-browser.css';

interface Entry {
  readonly name: string;
  readonly path: string;
}

export interface PathListing {
  readonly path: string;
  /** null at the top of the file system. */
  readonly parent: string | null;
  readonly folders: readonly Entry[];
  /** The files that may be chosen here (a file picker only). */
  readonly files?: readonly Entry[];
  readonly truncated: boolean;
}

export function PathBrowser<L extends PathListing>({
  title,
  hint,
  queryKey,
  list,
  start,
  pick,
  note,
  onChoose,
  onClose,
}: {
  title: string;
  hint: ReactNode;
  /** The listing's query key, without the path (the browser appends it). */
  queryKey: readonly unknown[];
  /** Main's listing of a folder (null: home). */
  list: (path: string | null) => Promise<L>;
  start: string | null;
  /** What is chosen: the folder shown ("Use this folder"), or one of its files. */
  pick: 'folder' | 'file';
  /** Said above the list about the folder shown (the wizard: "This folder is a validator registry"). */
  note?: (listing: L) => ReactNode;
  onChoose: (path: string) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [path, setPath] = useState<string | null>(start);
  const listing = useQuery({ queryKey: [...queryKey, path], queryFn: () => list(path), staleTime: 5_000 });
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  // A new folder's list takes focus at its first entry, so the keyboard keeps walking.
  const shown = listing.data?.path;
  useEffect(() => {
    if (shown) listRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [shown]);

  const open = (next: string | null) => setPath(next);
  const choose = (chosen: string) => {
    onChoose(chosen);
    dialog.current?.close();
  };
  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
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
  const files = pick === 'file' ? (data?.files ?? []) : [];
  const what = pick === 'file' ? 'Folders and files' : 'Folders';
  return (
    <dialog ref={dialog} className="path-browser modal" aria-labelledby="path-browser-title" onClose={onClose}>
      <h2 id="path-browser-title">{title}</h2>
      <p className="muted small">{hint}</p>
      <div className="path-browser-bar">
        <button type="button" className="button small" disabled={!data?.parent} onClick={() => open(data?.parent ?? null)}>
          Up one folder
        </button>
        <button type="button" className="button small" onClick={() => open(null)}>
          Home
        </button>
        {data && <LongText text={data.path} what="this folder's path" className="path-browser-path" />}
      </div>
      {listing.isError && (
        <p className="callout error" role="alert">
          {listing.error.message}
        </p>
      )}
      {data && note?.(data)}
      {data && (
        <ul ref={listRef} className="path-browser-list" aria-label={`${what} in ${data.path}`} onKeyDown={onListKey}>
          {data.folders.length === 0 && files.length === 0 && (
            <li className="muted small">{pick === 'file' ? 'Nothing to choose here.' : 'No folders here.'}</li>
          )}
          {data.folders.map((f) => (
            <li key={f.path}>
              <button type="button" className="path-browser-item" title={f.path} onClick={() => open(f.path)}>
                <span aria-hidden="true">📁</span> {f.name}
              </button>
            </li>
          ))}
          {files.map((f) => (
            <li key={f.path}>
              <button type="button" className="path-browser-item" title={f.path} onClick={() => choose(f.path)}>
                <span aria-hidden="true">📄</span> {f.name}
              </button>
            </li>
          ))}
          {data.truncated && (
            <li className="muted small">
              Only the first {data.folders.length} {pick === 'file' ? 'entries' : 'folders'} are listed: type the path instead.
            </li>
          )}
        </ul>
      )}
      <div className="path-browser-actions">
        <button type="button" className="button" onClick={() => dialog.current?.close()}>
          Cancel
        </button>
        {pick === 'folder' && (
          <button type="button" className="button primary" disabled={!data} onClick={() => data && choose(data.path)}>
            Use this folder
          </button>
        )}
      </div>
    </dialog>
  );
}
