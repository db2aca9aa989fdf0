import { describe, expect, it } from 'vitest';
import type { DiffRow } from '../playground/history/line-diff';
import { withContext } from './diff-context';

const same = (n: number): DiffRow => ({ kind: 'same', left: { line: n, text: `s${n}` }, right: { line: n, text: `s${n}` } });
const changed = (n: number): DiffRow => ({ kind: 'changed', left: { line: n, text: 'a' }, right: { line: n, text: 'b' } });

describe('withContext', () => {
  it('keeps the lines around each change and folds the rest', () => {
    const rows = [...Array.from({ length: 10 }, (_, i) => same(i + 1)), changed(11), ...Array.from({ length: 10 }, (_, i) => same(i + 12))];
    const shown = withContext(rows, 2);
    expect(shown.map((s) => (s.kind === 'fold' ? `…${s.lines}` : s.row.left!.line))).toEqual(['…8', 9, 10, 11, 12, 13, '…8']);
  });

  it('shows a single hidden line rather than a fold of one', () => {
    const rows = [same(1), changed(2), same(3), same(4), same(5), changed(6)];
    const shown = withContext(rows, 1);
    expect(shown.map((s) => (s.kind === 'fold' ? `…${s.lines}` : s.row.left!.line))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('folds everything when nothing differs', () => {
    expect(withContext([same(1), same(2)], 3)).toEqual([{ kind: 'fold', lines: 2 }]);
  });
});
