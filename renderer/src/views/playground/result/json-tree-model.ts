import { formatCount } from './format';

/** One visible line of the JSON tree. `id` is the node's JSON pointer ("" is the root). */
export interface TreeRow {
  readonly id: string;
  readonly path: readonly (string | number)[];
  readonly depth: number;
  readonly key: string | number | undefined;
  readonly value: unknown;
  readonly container: 'object' | 'array' | undefined;
  readonly size: number;
  readonly expanded: boolean;
}

const escape = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

function containerOf(value: unknown): 'object' | 'array' | undefined {
  if (Array.isArray(value)) return 'array';
  return value !== null && typeof value === 'object' ? 'object' : undefined;
}

function sizeOf(value: unknown, container: TreeRow['container']): number {
  if (container === 'array') return (value as unknown[]).length;
  if (container === 'object') return Object.keys(value as object).length;
  return 0;
}

/**
 * The rows currently visible: the root and, depth first, the children of every expanded node. Only
 * expanded nodes are walked, so the cost follows what is on screen, not the size of the document: a
 * multi-megabyte result with its root open is a few dozen rows.
 */
export function visibleRows(root: unknown, expanded: ReadonlySet<string>, limit = Number.POSITIVE_INFINITY): TreeRow[] {
  const rows: TreeRow[] = [];
  const stack: Array<{ value: unknown; id: string; path: (string | number)[]; depth: number; key: string | number | undefined }> = [
    { value: root, id: '', path: [], depth: 0, key: undefined },
  ];
  while (stack.length > 0 && rows.length < limit) {
    const node = stack.pop()!;
    const container = containerOf(node.value);
    const open = container !== undefined && expanded.has(node.id);
    rows.push({
      id: node.id,
      path: node.path,
      depth: node.depth,
      key: node.key,
      value: node.value,
      container,
      size: sizeOf(node.value, container),
      expanded: open,
    });
    if (!open) continue;
    const entries: Array<[string | number, unknown]> =
      container === 'array' ? (node.value as unknown[]).map((v, i) => [i, v]) : Object.entries(node.value as object);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, value] = entries[i]!;
      stack.push({ value, id: `${node.id}/${escape(key)}`, path: [...node.path, key], depth: node.depth + 1, key });
    }
  }
  return rows;
}

/**
 * What opens by default: the root, then each level while it stays small, so a typical result shows its
 * shape at a glance and a huge one opens only as far as is cheap.
 */
export function defaultExpanded(root: unknown, budget = 60): Set<string> {
  const open = new Set<string>();
  let level: Array<{ value: unknown; id: string }> = [{ value: root, id: '' }];
  let shown = 1;
  for (let depth = 0; depth < 4 && level.length > 0; depth++) {
    const next: Array<{ value: unknown; id: string }> = [];
    for (const node of level) {
      const container = containerOf(node.value);
      if (!container) continue;
      const size = sizeOf(node.value, container);
      if (depth > 0 && shown + size > budget) continue;
      open.add(node.id);
      shown += size;
      const entries: Array<[string | number, unknown]> =
        container === 'array'
          ? (node.value as unknown[]).slice(0, budget).map((v, i) => [i, v])
          : Object.entries(node.value as object).slice(0, budget);
      // Inside arrays only the first item opens: the rest have the same shape.
      for (const [key, value] of container === 'array' ? entries.slice(0, 1) : entries)
        next.push({ value, id: `${node.id}/${escape(key)}` });
    }
    level = next;
  }
  return open;
}

/** Opens every container up to `maxDepth` levels deep, stopping at `maxRows` visible rows. */
export function expandAll(root: unknown, maxDepth = 6, maxRows = 50_000): Set<string> {
  const open = new Set<string>();
  let rows = 1;
  const walk = (value: unknown, id: string, depth: number) => {
    const container = containerOf(value);
    if (!container || depth >= maxDepth || rows >= maxRows) return;
    open.add(id);
    const entries: Array<[string | number, unknown]> =
      container === 'array' ? (value as unknown[]).map((v, i) => [i, v]) : Object.entries(value as object);
    for (const [key, child] of entries) {
      if (rows >= maxRows) return;
      rows++;
      walk(child, `${id}/${escape(key)}`, depth + 1);
    }
  };
  walk(root, '', 0);
  return open;
}

/** A JavaScript accessor for a node, as developers paste it: `docs[0].asset["icon-url"]`. */
export function accessPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out || '(root)';
}

const MAX_PREVIEW = 160;

/** The one-line text of a value: strings quoted and cut, containers summarised. */
export function previewOf(row: Pick<TreeRow, 'value' | 'container' | 'size'>): string {
  if (row.container === 'array') return `[ ${row.size} item${row.size === 1 ? '' : 's'} ]`;
  if (row.container === 'object') return `{ ${row.size} key${row.size === 1 ? '' : 's'} }`;
  if (typeof row.value === 'string') {
    const quoted = JSON.stringify(row.value.length > MAX_PREVIEW ? row.value.slice(0, MAX_PREVIEW) : row.value);
    return row.value.length > MAX_PREVIEW ? `${quoted.slice(0, -1)}…" (${formatCount(row.value.length)} chars)` : quoted;
  }
  return row.value === undefined ? 'undefined' : JSON.stringify(row.value);
}
