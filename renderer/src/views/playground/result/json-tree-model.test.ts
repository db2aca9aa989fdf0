import { describe, expect, it } from 'vitest';
import { accessPath, defaultExpanded, expandAll, previewOf, visibleRows } from './json-tree-model';
import { scrollToRow, visibleRange } from './virtual-range';

const doc = {
  total: 2,
  docs: [
    { name: 'USD Coin', tags: ['stable'] },
    { name: 'Tether', tags: [] },
  ],
  'odd/key': null,
};

describe('JSON tree rows', () => {
  it('walks only expanded nodes, depth first, in document order', () => {
    const rows = visibleRows(doc, new Set(['', '/docs', '/docs/0']));
    expect(rows.map((r) => `${'  '.repeat(r.depth)}${String(r.key ?? '$')}`)).toEqual([
      '$',
      '  total',
      '  docs',
      '    0',
      '      name',
      '      tags',
      '    1',
      '  odd/key',
    ]);
    expect(rows[2]).toMatchObject({ id: '/docs', container: 'array', size: 2, expanded: true });
    expect(rows[7]).toMatchObject({ id: '/odd~1key', path: ['odd/key'] });
  });

  it('opens a small document a few levels deep and a huge one only at the root', () => {
    expect([...defaultExpanded(doc)].sort()).toEqual(['', '/docs', '/docs/0', '/docs/0/tags']);
    const huge = { items: Array.from({ length: 100_000 }, (_, i) => ({ i, name: `item ${i}` })) };
    const open = defaultExpanded(huge);
    expect([...open]).toEqual(['']);
    const rows = visibleRows(huge, open);
    expect(rows).toHaveLength(2);
    // Opening the big array would show 100,001 rows; a limit caps the walk.
    expect(visibleRows(huge, new Set(['', '/items']), 1000)).toHaveLength(1000);
  });

  it('expands everything up to a depth and a row budget', () => {
    expect(expandAll(doc).has('/docs/1/tags')).toBe(true);
    expect(expandAll(doc, 1).size).toBe(1);
    expect(expandAll({ a: Array.from({ length: 100 }, () => ({ b: 1 })) }, 6, 10).size).toBeLessThan(12);
  });

  it('writes paths developers can paste, and one-line previews', () => {
    expect(accessPath(['docs', 0, 'asset', 'icon-url'])).toBe('docs[0].asset["icon-url"]');
    expect(accessPath([])).toBe('(root)');
    expect(previewOf({ value: [1, 2], container: 'array', size: 2 })).toBe('[ 2 items ]');
    expect(previewOf({ value: { a: 1 }, container: 'object', size: 1 })).toBe('{ 1 key }');
    expect(previewOf({ value: 'x'.repeat(500), container: undefined, size: 0 })).toMatch(/^"x{160}…" \(500 chars\)$/);
    expect(previewOf({ value: null, container: undefined, size: 0 })).toBe('null');
  });
});

describe('virtual range', () => {
  it('renders the visible rows plus overscan, clamped to the list', () => {
    expect(visibleRange(0, 100, 20, 1000, 2)).toEqual({ start: 0, end: 8 });
    expect(visibleRange(2000, 100, 20, 1000, 2)).toEqual({ start: 98, end: 108 });
    expect(visibleRange(1_000_000, 100, 20, 1000, 2)).toEqual({ start: 997, end: 1000 });
    expect(visibleRange(0, 100, 20, 0)).toEqual({ start: 0, end: 0 });
  });

  it('scrolls a row into view only when needed', () => {
    expect(scrollToRow(10, 0, 100, 20)).toBe(120);
    expect(scrollToRow(2, 100, 100, 20)).toBe(40);
    expect(scrollToRow(6, 100, 100, 20)).toBeUndefined();
  });
});
