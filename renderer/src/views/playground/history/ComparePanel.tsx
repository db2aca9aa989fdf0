import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { HistoryEntry } from '../../../../../domain/ipc/playground-channels';
import { useApi } from '../../../app/api-context';
import { resultData } from '../result/ResultPanel';
import { VirtualList } from '../result/VirtualList';
import { formatTime } from '../result/format';
import { useCompare } from '../state/activity-store';
import { historyEntryQuery } from '../state/playground-queries';
import { canonicalJson, diffLines, type DiffRow } from './line-diff';

const ROW = 20;

/** What is compared for a call: its arguments and its result (or error), keys sorted. */
function comparable(entry: HistoryEntry): string {
  return canonicalJson({
    tool: entry.tool,
    arguments: entry.arguments,
    ...(entry.result ? { result: resultData(entry.result) } : {}),
    ...(entry.error ? { error: entry.error } : {}),
  });
}

function Cell({ side, kind }: { side: DiffRow['left']; kind: DiffRow['kind'] }) {
  if (!side) return <div className="pg-diff-cell empty" />;
  return (
    <div className={`pg-diff-cell ${kind}`}>
      <span className="pg-diff-ln">{side.line}</span>
      <span className="pg-diff-text">{side.text}</span>
    </div>
  );
}

/** Two history entries side by side, as a line diff of their canonical JSON (A is the older call). */
export function CompareView({
  a,
  b,
  onlyChanges,
  onOnlyChanges,
}: {
  a: HistoryEntry;
  b: HistoryEntry;
  onlyChanges: boolean;
  onOnlyChanges: (only: boolean) => void;
}) {
  const entries = useMemo((): [HistoryEntry, HistoryEntry] => (a.startedAt <= b.startedAt ? [a, b] : [b, a]), [a, b]);
  const diff = useMemo(() => diffLines(comparable(entries[0]), comparable(entries[1])), [entries]);
  const rows = useMemo(() => (onlyChanges ? diff.rows.filter((r) => r.kind !== 'same') : diff.rows), [diff, onlyChanges]);
  return (
    <div className="pg-compare" aria-label="Comparison">
      <div className="row pg-spread">
        <div className="pg-diff-titles">
          <span>
            <span className="badge">A</span> <code>{entries[0].tool}</code>{' '}
            <span className="muted pg-small">{formatTime(entries[0].startedAt)}</span>
          </span>
          <span>
            <span className="badge">B</span> <code>{entries[1].tool}</code>{' '}
            <span className="muted pg-small">{formatTime(entries[1].startedAt)}</span>
          </span>
        </div>
        <div className="row">
          <span className={diff.changes === 0 ? 'badge ok' : 'badge accent'} role="status">
            {diff.changes === 0 ? 'Identical' : `${diff.changes} change${diff.changes === 1 ? '' : 's'}`}
            {!diff.complete && ' (too different to align)'}
          </span>
          <label className="pg-small">
            <input type="checkbox" checked={onlyChanges} onChange={(e) => onOnlyChanges(e.target.checked)} /> Only changed lines
          </label>
        </div>
      </div>
      {(entries[0].resultDropped !== undefined || entries[1].resultDropped !== undefined) && (
        <p className="callout warn pg-small">A result too large to keep across restarts is left out of the comparison.</p>
      )}
      <VirtualList
        count={rows.length}
        rowHeight={ROW}
        label="Side-by-side diff"
        className="pg-diff"
        renderRow={(i) => {
          const row = rows[i]!;
          return (
            <div className="pg-diff-row">
              <Cell side={row.left} kind={row.kind === 'added' ? 'same' : row.kind} />
              <Cell side={row.right} kind={row.kind === 'removed' ? 'same' : row.kind} />
            </div>
          );
        }}
      />
    </div>
  );
}

/** The two calls ticked in History, loaded from main (each once: an entry never changes) and compared. */
export function ComparePanel() {
  const api = useApi();
  const compare = useCompare();
  const ids = compare.length === 2 ? compare : [];
  const [first, second] = useQueries({ queries: ids.map((id) => historyEntryQuery(api, id)) });
  // Kept here, not in the view: the choice outlasts loading a new pair.
  const [onlyChanges, setOnlyChanges] = useState(false);

  if (compare.length !== 2)
    return <p className="muted pg-empty">Tick two calls in History to compare their arguments and results side by side.</p>;
  const error = first?.error ?? second?.error;
  if (error) return <p className="callout error">{error.message}</p>;
  // A new pick shows nothing stale while it loads: each query is keyed by its entry's id.
  if (!first?.data || !second?.data) return <p className="muted">Loading the two calls…</p>;
  return <CompareView a={first.data} b={second.data} onlyChanges={onlyChanges} onOnlyChanges={setOnlyChanges} />;
}
