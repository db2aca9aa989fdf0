/**
 * A long comparison shows its changes with a few lines around each, the unchanged stretches between
 * folded into one "n unchanged lines" row, so a one-value difference in a large answer is on screen.
 */
import type { DiffRow } from '../playground/history/line-diff';

export type ShownRow = { readonly kind: 'row'; readonly row: DiffRow } | { readonly kind: 'fold'; readonly lines: number };

export function withContext(rows: readonly DiffRow[], context = 3): ShownRow[] {
  const changed = rows.map((r) => r.kind !== 'same');
  const keep = rows.map((_, i) => changed.slice(Math.max(0, i - context), i + context + 1).some(Boolean));
  const out: ShownRow[] = [];
  let folded = 0;
  rows.forEach((row, i) => {
    if (keep[i]) {
      if (folded > 0) out.push({ kind: 'fold', lines: folded });
      folded = 0;
      out.push({ kind: 'row', row });
    } else folded++;
  });
  if (folded > 0) out.push({ kind: 'fold', lines: folded });
  // A fold of one line hides nothing worth hiding.
  return out.flatMap((s, i) => (s.kind === 'fold' && s.lines === 1 ? [{ kind: 'row' as const, row: rowAt(rows, out, i) }] : [s]));
}

/** The one row a single-line fold at `index` of `shown` stands for. */
function rowAt(rows: readonly DiffRow[], shown: readonly ShownRow[], index: number): DiffRow {
  let position = 0;
  for (let i = 0; i < index; i++) {
    const s = shown[i]!;
    position += s.kind === 'fold' ? s.lines : 1;
  }
  return rows[position]!;
}
