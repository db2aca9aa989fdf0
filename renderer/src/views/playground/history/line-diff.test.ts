import { describe, expect, it } from 'vitest';
import { canonicalJson, diffLines } from './line-diff';

const render = (rows: ReturnType<typeof diffLines>['rows']) =>
  rows.map((r) => `${r.kind[0]} ${r.left?.text ?? '·'} | ${r.right?.text ?? '·'}`);

describe('diffLines', () => {
  it('pairs equal lines and marks removals, additions and changes', () => {
    const { rows, changes, complete } = diffLines('a\nb\nc\nd', 'a\nB\nc\nd\ne');
    expect(complete).toBe(true);
    expect(changes).toBe(2);
    expect(render(rows)).toEqual(['s a | a', 'c b | B', 's c | c', 's d | d', 'a · | e']);
    expect(rows[4]?.right?.line).toBe(5);
  });

  it('finds the shortest script in the middle of long equal runs', () => {
    const left = Array.from({ length: 200 }, (_, i) => `line ${i}`);
    const right = [...left];
    right.splice(100, 1);
    right.splice(150, 0, 'new');
    const { rows, changes } = diffLines(left.join('\n'), right.join('\n'));
    expect(changes).toBe(2);
    expect(rows.filter((r) => r.kind === 'removed').map((r) => r.left?.text)).toEqual(['line 100']);
    expect(rows.filter((r) => r.kind === 'added').map((r) => r.right?.text)).toEqual(['new']);
    expect(rows.filter((r) => r.kind === 'same')).toHaveLength(199);
  });

  it('agrees with a brute-force edit distance on random inputs', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let trial = 0; trial < 200; trial++) {
      const a = Array.from({ length: Math.floor(rand() * 12) }, () => 'xyz'[Math.floor(rand() * 3)]!);
      const b = Array.from({ length: Math.floor(rand() * 12) }, () => 'xyz'[Math.floor(rand() * 3)]!);
      const { rows } = diffLines(a.join('\n'), b.join('\n'));
      // Both sides are reproduced in order.
      expect(rows.filter((r) => r.left).map((r) => r.left!.text)).toEqual(a.join('\n').split('\n'));
      expect(rows.filter((r) => r.right).map((r) => r.right!.text)).toEqual(b.join('\n').split('\n'));
      // And the number of kept lines is the longest common subsequence.
      const lcs = (() => {
        const A = a.join('\n').split('\n');
        const B = b.join('\n').split('\n');
        const t = Array.from({ length: A.length + 1 }, () => new Array<number>(B.length + 1).fill(0));
        for (let i = 1; i <= A.length; i++)
          for (let j = 1; j <= B.length; j++)
            t[i]![j] = A[i - 1] === B[j - 1] ? t[i - 1]![j - 1]! + 1 : Math.max(t[i - 1]![j]!, t[i]![j - 1]!);
        return t[A.length]![B.length]!;
      })();
      expect(rows.filter((r) => r.kind === 'same')).toHaveLength(lcs);
    }
  });

  it('gives up gracefully on inputs too different to align', () => {
    const left = Array.from({ length: 300 }, (_, i) => `a${i}`).join('\n');
    const right = Array.from({ length: 300 }, (_, i) => `b${i}`).join('\n');
    const { rows, complete } = diffLines(left, right, 50);
    expect(complete).toBe(false);
    expect(rows).toHaveLength(300);
    expect(rows.every((r) => r.kind === 'changed')).toBe(true);
  });

  it('compares JSON by content, not key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: 3 } })).toBe(canonicalJson({ a: { c: 3, d: [2, { y: 2, z: 1 }] }, b: 1 }));
  });
});
