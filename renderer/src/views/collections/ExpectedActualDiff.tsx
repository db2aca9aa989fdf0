/**
 * A failed comparison as a side-by-side line diff: what the collection expects on the left, what the
 * gateway answered on the right (the same alignment and canonical JSON as the playground's Compare).
 */
import { useMemo } from 'react';
import { canonicalJson, diffLines, type DiffRow } from '../playground/history/line-diff';
import { withContext } from './diff-context';

function Cell({ side, kind }: { side: DiffRow['left']; kind: DiffRow['kind'] }) {
  if (!side) return <div className="col-diff-cell empty" />;
  return (
    <div className={`col-diff-cell ${kind}`}>
      <span className="col-diff-ln">{side.line}</span>
      <span className="col-diff-text">{side.text}</span>
    </div>
  );
}

export function ExpectedActualDiff({ expected, actual, label }: { expected: unknown; actual: unknown; label: string }) {
  const shown = useMemo(
    () => withContext(diffLines(canonicalJson(expected), actual === undefined ? '(nothing there)' : canonicalJson(actual)).rows),
    [expected, actual],
  );
  return (
    <div className="col-diff" role="region" aria-label={label} tabIndex={0}>
      <div className="col-diff-row col-diff-head">
        <div>Expected</div>
        <div>Actual</div>
      </div>
      {shown.map((s, i) =>
        s.kind === 'fold' ? (
          <div className="col-diff-fold muted" key={i}>
            … {s.lines} unchanged line{s.lines === 1 ? '' : 's'}
          </div>
        ) : (
          <div className="col-diff-row" key={i}>
            <Cell side={s.row.left} kind={s.row.kind === 'added' ? 'same' : s.row.kind} />
            <Cell side={s.row.right} kind={s.row.kind === 'removed' ? 'same' : s.row.kind} />
          </div>
        ),
      )}
    </div>
  );
}
