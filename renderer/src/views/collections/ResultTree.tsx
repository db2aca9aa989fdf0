/**
 * The call's answer as a tree for "Save to collection": each node has a menu that adds an assertion for
 * its JSON Pointer ("equals this", "exists", "is a number", "ignore in snapshot"). Bounded: large lists
 * show their first elements, and the tree stops after a few hundred nodes.
 */
import { useMemo, type CSSProperties } from 'react';
import { pointerOf, pointerTokens } from '../../../../domain/collections/json-pointer';
import { kindsFor, type Pick, type PickKind } from './pick-assertions';

const MAX_CHILDREN = 25;
const MAX_NODES = 300;
/** Deeper nodes are indented as this level, so a deep answer still fits a narrow window. */
const MAX_INDENT = 8;

/** The row's indent level for the stylesheet, which owns the step (`.col-tree > li`). */
const indent = (depth: number) => ({ '--depth': Math.min(depth, MAX_INDENT) }) as CSSProperties;

const isContainer = (v: unknown): v is Record<string, unknown> | unknown[] => v !== null && typeof v === 'object';

export type TreeRow =
  | { readonly kind: 'node'; readonly name: string; readonly pointer: string; readonly depth: number; readonly value: unknown }
  | { readonly kind: 'more'; readonly depth: number; readonly pointer: string };

/** The nodes in document order, depth first; "more" where a list or the whole tree was cut. */
export function treeRows(value: unknown, root: string): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (name: string, v: unknown, pointer: string, depth: number) => {
    rows.push({ kind: 'node', name, pointer, depth, value: v });
    if (!isContainer(v)) return;
    const entries = Object.entries(v);
    for (const [key, child] of entries.slice(0, MAX_CHILDREN)) {
      if (rows.length >= MAX_NODES) break;
      walk(Array.isArray(v) ? `[${key}]` : key, child, pointerOf([...pointerTokens(pointer), key]), depth + 1);
    }
    if (entries.length > MAX_CHILDREN || rows.length >= MAX_NODES) rows.push({ kind: 'more', depth: depth + 1, pointer });
  };
  walk(root || '/', value, root, 0);
  return rows;
}

function preview(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length}]`;
  if (isContainer(value)) return `{${Object.keys(value).length}}`;
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

export function ResultTree({ value, root, onPick }: { value: unknown; root: string; onPick: (pick: Pick) => void }) {
  const rows = useMemo(() => treeRows(value, root), [value, root]);
  return (
    <ul className="col-tree" aria-label="Result tree">
      {rows.map((row) =>
        row.kind === 'more' ? (
          <li key={`more ${row.pointer}`} className="muted small" style={indent(row.depth)}>
            … more not shown
          </li>
        ) : (
          <li key={row.pointer} className="col-tree-node" style={indent(row.depth)}>
            <span className="col-tree-key">{row.name}</span> <code className="small">{preview(row.value)}</code>{' '}
            <select
              className="col-tree-menu"
              aria-label={`Add an assertion for ${row.pointer || '/'}`}
              value=""
              onChange={(e) => e.target.value && onPick({ kind: e.target.value as PickKind, pointer: row.pointer })}
            >
              <option value="">Add…</option>
              {kindsFor(row.value).map((k) => (
                <option key={k.id} value={k.id}>
                  {k.label}
                </option>
              ))}
            </select>
          </li>
        ),
      )}
    </ul>
  );
}
