/** One row of a side-by-side diff: a line on both sides, or on one side only. */
export interface DiffRow {
  readonly kind: 'same' | 'removed' | 'added' | 'changed';
  readonly left?: { readonly line: number; readonly text: string };
  readonly right?: { readonly line: number; readonly text: string };
}

/** JSON with sorted object keys, so two results compare by content, not by key order. */
export function canonicalJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v !== null && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return JSON.stringify(sort(value), null, 2) ?? 'undefined';
}

/**
 * Myers' O((N+M)·D) shortest edit script over lines. Above `maxEdits` differences it gives up (the
 * caller then shows both sides as replaced), so two unrelated large results cannot stall the interface.
 * Only the diagonals each step can reach are kept, so memory grows with D², not with (N+M)·D.
 */
function editScript(a: readonly string[], b: readonly string[], maxEdits: number): Array<'=' | '-' | '+'> | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, maxEdits);
  // trace[d][k + d + 1] is the furthest x on diagonal k before step d (k from -d-1 to d+1).
  const trace: Int32Array[] = [];
  let v = new Int32Array(3);
  const at = (row: Int32Array, d: number, k: number) => (k < -d - 1 || k > d + 1 ? -1 : (row[k + d + 1] as number));
  for (let d = 0; d <= max; d++) {
    trace.push(v);
    const next = new Int32Array(2 * d + 5);
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && at(v, d, k - 1) < at(v, d, k + 1));
      let x = down ? at(v, d, k + 1) : at(v, d, k - 1) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[k + d + 2] = x;
      if (x >= n && y >= m) return backtrack(trace, d, n, m, at);
    }
    v = next;
  }
  return undefined;
}

function backtrack(
  trace: Int32Array[],
  last: number,
  n: number,
  m: number,
  at: (row: Int32Array, d: number, k: number) => number,
): Array<'=' | '-' | '+'> {
  const ops: Array<'=' | '-' | '+'> = [];
  let x = n;
  let y = m;
  for (let d = last; d >= 0; d--) {
    const v = trace[d] as Int32Array;
    const k = x - y;
    const down = k === -d || (k !== d && at(v, d, k - 1) < at(v, d, k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(v, d, prevK);
    const prevY = prevX - prevK;
    while (x > (d === 0 ? 0 : down ? prevX : prevX + 1) && y > (d === 0 ? 0 : down ? prevY + 1 : prevY)) {
      ops.push('=');
      x--;
      y--;
    }
    if (d > 0) {
      ops.push(down ? '+' : '-');
      x = prevX;
      y = prevY;
    }
  }
  return ops.reverse();
}

/** Side-by-side rows: unchanged lines pair up; a run of removals next to a run of additions pairs as "changed". */
export function diffLines(leftText: string, rightText: string, maxEdits = 1500): { rows: DiffRow[]; changes: number; complete: boolean } {
  const a = leftText.split('\n');
  const b = rightText.split('\n');
  // Identical head and tail lines need no search.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const middle = editScript(a.slice(head, a.length - tail), b.slice(head, b.length - tail), maxEdits);
  const script = middle && [...Array<'='>(head).fill('='), ...middle, ...Array<'='>(tail).fill('=')];
  const rows: DiffRow[] = [];
  let changes = 0;
  if (!script) {
    // Too different to align: show both sides in full, every line changed.
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      rows.push({
        kind: i < a.length && i < b.length ? 'changed' : i < a.length ? 'removed' : 'added',
        ...(i < a.length ? { left: { line: i + 1, text: a[i]! } } : {}),
        ...(i < b.length ? { right: { line: i + 1, text: b[i]! } } : {}),
      });
    }
    return { rows, changes: rows.length, complete: false };
  }
  let ai = 0;
  let bi = 0;
  let removed: number[] = [];
  let added: number[] = [];
  const flush = () => {
    const pairs = Math.max(removed.length, added.length);
    if (pairs > 0) changes++;
    for (let i = 0; i < pairs; i++) {
      const l = removed[i];
      const r = added[i];
      rows.push({
        kind: l !== undefined && r !== undefined ? 'changed' : l !== undefined ? 'removed' : 'added',
        ...(l !== undefined ? { left: { line: l + 1, text: a[l]! } } : {}),
        ...(r !== undefined ? { right: { line: r + 1, text: b[r]! } } : {}),
      });
    }
    removed = [];
    added = [];
  };
  for (const op of script) {
    if (op === '=') {
      flush();
      rows.push({ kind: 'same', left: { line: ai + 1, text: a[ai]! }, right: { line: bi + 1, text: b[bi]! } });
      ai++;
      bi++;
    } else if (op === '-') removed.push(ai++);
    else added.push(bi++);
  }
  flush();
  return { rows, changes, complete: true };
}
