/** The collection files in the folder: choose one to open it; a file that cannot be used says why. */
import type { CollectionSummary } from '../../../../domain/ipc/collections-channels';

export function CollectionList({
  collections,
  open,
  onOpen,
}: {
  collections: readonly CollectionSummary[];
  open: string;
  onOpen: (file: string) => void;
}) {
  if (collections.length === 0)
    return <p className="muted">No collections yet. Save a call from the Tool playground (“Save to collection”) to start one.</p>;
  return (
    <ul className="col-list" aria-label="Collections">
      {collections.map((c) => (
        <li key={c.file}>
          <button
            type="button"
            className={`col-list-item${c.file === open ? ' selected' : ''}`}
            aria-current={c.file === open ? 'true' : undefined}
            onClick={() => onOpen(c.file)}
          >
            <span className="col-list-name">{c.name ?? c.file}</span>
            <span className="muted small">
              {c.problem ? 'cannot be read' : `${c.items ?? 0} item${c.items === 1 ? '' : 's'}`} · {c.file}
            </span>
          </button>
          {c.problem && <p className="small col-problem">{c.problem}</p>}
        </li>
      ))}
    </ul>
  );
}
