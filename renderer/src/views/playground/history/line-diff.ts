import { canonicalize, diffArrays } from 'diff';

/** One row of a side-by-side diff: a line on both sides, or on one side only. */
export interface DiffRow {
  readonly kind: 'same' | 'removed' | 'added' | 'changed';
  readonly left?: { readonly line: number; readonly text: string };
  readonly right?: { readonly line: number; readonly text: string };
}

/** JSON with sorted object keys, so two results compare by content, not by key order. */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(
      canonicalize(value, null, null, (_key, v: unknown) => v),
      null,
      2,
    ) ?? 'undefined'
  );
}

/** Past this long the alignment is given up whatever `maxEdits` says, so the page keeps drawing. */
const ALIGN_TIMEOUT_MS = 200;

/**
 * Side-by-side rows: unchanged lines pair up; a run of removals next to a run of additions pairs as
 * "changed". The alignment (jsdiff, Myers' shortest edit script) gives up above `maxEdits` differences;
 * both sides are then shown as replaced, so two unrelated large results cannot stall the interface.
 */
export function diffLines(leftText: string, rightText: string, maxEdits = 1500): { rows: DiffRow[]; changes: number; complete: boolean } {
  const a = leftText.split('\n');
  const b = rightText.split('\n');
  const script = diffArrays(a, b, { maxEditLength: maxEdits, timeout: ALIGN_TIMEOUT_MS });
  const rows: DiffRow[] = [];
  const side = (lines: readonly string[], i: number | undefined) => (i === undefined ? undefined : { line: i + 1, text: lines[i]! });
  const pair = (l: number | undefined, r: number | undefined): DiffRow => {
    const left = side(a, l);
    const right = side(b, r);
    return { kind: left && right ? 'changed' : left ? 'removed' : 'added', ...(left ? { left } : {}), ...(right ? { right } : {}) };
  };
  if (!script) {
    // Too different to align: show both sides in full, every line changed.
    for (let i = 0; i < Math.max(a.length, b.length); i++) rows.push(pair(i < a.length ? i : undefined, i < b.length ? i : undefined));
    return { rows, changes: rows.length, complete: false };
  }
  let ai = 0;
  let bi = 0;
  let changes = 0;
  let removed: number[] = [];
  let added: number[] = [];
  const flush = () => {
    const pairs = Math.max(removed.length, added.length);
    if (pairs > 0) changes++;
    for (let i = 0; i < pairs; i++) rows.push(pair(removed[i], added[i]));
    removed = [];
    added = [];
  };
  for (const part of script) {
    for (let n = 0; n < part.count; n++) {
      if (part.removed) removed.push(ai++);
      else if (part.added) added.push(bi++);
      else {
        flush();
        rows.push({ kind: 'same', left: side(a, ai++)!, right: side(b, bi++)! });
      }
    }
  }
  flush();
  return { rows, changes, complete: true };
}
