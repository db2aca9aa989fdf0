import { useMemo, useState, type KeyboardEvent } from 'react';
import { accessPath, defaultExpanded, expandAll, previewOf, visibleRows, type TreeRow } from './json-tree-model';
import { formatCount } from './format';
import { VirtualList } from './VirtualList';
import { copyText } from '../../../app/parts/CopyButton';

const ROW_HEIGHT = 24;

function valueClass(row: TreeRow): string {
  if (row.container) return 'pg-j-container';
  if (row.value === null) return 'pg-j-null';
  return `pg-j-${typeof row.value}`;
}

/**
 * A collapsible JSON tree that stays fast on multi-megabyte results: only expanded nodes are walked and
 * only the rows in view are rendered. Each row copies its path (as a JavaScript accessor) or its value.
 * Keyboard: ↑/↓ move, → opens, ← closes, Enter toggles.
 */
export function JsonTree({ data, label }: { data: unknown; label: string }) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => defaultExpanded(data));
  const [active, setActive] = useState(0);
  const [notice, setNotice] = useState<string>();
  // New data starts from its own default view.
  const [shown, setShown] = useState(data);
  if (shown !== data) {
    setShown(data);
    setExpanded(defaultExpanded(data));
    setActive(0);
  }
  const rows = useMemo(() => visibleRows(data, expanded), [data, expanded]);

  const toggle = (row: TreeRow, open = !row.expanded) => {
    if (!row.container) return;
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(row.id);
      else next.delete(row.id);
      return next;
    });
  };

  const copy = async (what: 'path' | 'value', row: TreeRow) => {
    const text = what === 'path' ? accessPath(row.path) : typeof row.value === 'string' ? row.value : JSON.stringify(row.value, null, 2);
    const done = await copyText(text);
    setNotice(
      done
        ? `Copied the ${what} of ${accessPath(row.path)}${what === 'value' ? ` (${formatCount(text.length)} characters)` : ''}.`
        : 'The clipboard refused; select the text and copy it instead.',
    );
  };

  const onKey = (e: KeyboardEvent) => {
    const row = rows[active];
    if (!row) return;
    if (e.key === 'ArrowDown') setActive(Math.min(rows.length - 1, active + 1));
    else if (e.key === 'ArrowUp') setActive(Math.max(0, active - 1));
    else if (e.key === 'ArrowRight') {
      if (row.container && !row.expanded) toggle(row, true);
      else setActive(Math.min(rows.length - 1, active + 1));
    } else if (e.key === 'ArrowLeft') {
      if (row.expanded) toggle(row, false);
      else {
        const parent = rows.findLastIndex((r, i) => i < active && r.depth === row.depth - 1);
        if (parent >= 0) setActive(parent);
      }
    } else if (e.key === 'Enter' || e.key === ' ') toggle(row);
    else return;
    e.preventDefault();
  };

  return (
    <div className="pg-tree">
      <div className="pg-tree-bar">
        <button type="button" className="button small" onClick={() => setExpanded(expandAll(data))}>
          Expand all
        </button>
        <button type="button" className="button small" onClick={() => setExpanded(new Set(['']))}>
          Collapse all
        </button>
        <span className="muted pg-small">{formatCount(rows.length)} rows shown</span>
        <span className="pg-small pg-tree-notice" role="status">
          {notice}
        </span>
      </div>
      <div onKeyDown={onKey}>
        <VirtualList
          count={rows.length}
          rowHeight={ROW_HEIGHT}
          label={label}
          role="tree"
          className="pg-tree-list"
          maxHeight={480}
          scrollToIndex={active}
          renderRow={(i) => {
            const row = rows[i]!;
            return (
              <div
                className={i === active ? 'pg-trow active' : 'pg-trow'}
                role="treeitem"
                aria-level={row.depth + 1}
                aria-expanded={row.container ? row.expanded : undefined}
                aria-selected={i === active}
                onClick={() => setActive(i)}
                onDoubleClick={() => toggle(row)}
              >
                <span className="pg-tindent" style={{ width: row.depth * 16 }} />
                {row.container && row.size > 0 ? (
                  <button
                    type="button"
                    tabIndex={-1}
                    className="pg-ttoggle"
                    aria-label={row.expanded ? `Collapse ${accessPath(row.path)}` : `Expand ${accessPath(row.path)}`}
                    onClick={() => toggle(row)}
                  >
                    {row.expanded ? '▾' : '▸'}
                  </button>
                ) : (
                  <span className="pg-ttoggle" />
                )}
                {row.key !== undefined && (
                  <span className={typeof row.key === 'number' ? 'pg-j-index' : 'pg-j-key'}>
                    {typeof row.key === 'number' ? row.key : row.key}
                  </span>
                )}
                {row.key !== undefined && <span className="pg-j-colon">:</span>}
                <span className={valueClass(row)}>
                  {row.key === undefined && row.container ? `${label} ${previewOf(row)}` : previewOf(row)}
                </span>
                <span className="pg-tactions">
                  <button type="button" tabIndex={-1} onClick={(e) => (e.stopPropagation(), void copy('path', row))}>
                    Copy path
                  </button>
                  <button type="button" tabIndex={-1} onClick={(e) => (e.stopPropagation(), void copy('value', row))}>
                    Copy value
                  </button>
                </span>
              </div>
            );
          }}
        />
      </div>
    </div>
  );
}
