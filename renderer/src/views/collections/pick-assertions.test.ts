import { describe, expect, it } from 'vitest';
import { evaluateAssertions } from '../../../../domain/collections/assertions';
import { itemFromPlaygroundCall } from './call-item';
import { addPick, kindsFor, picksToAssertions } from './pick-assertions';
import { treeRows } from './ResultTree';

const result = {
  content: [{ type: 'text', text: '' }],
  structuredContent: { price: 2, id: 'q-1', list: [1, 2] },
  textSameAsStructured: [0],
};

describe('assertions picked on the result tree', () => {
  it('offers "is a number" for numbers only, and adds a pick once', () => {
    expect(kindsFor(2).map((k) => k.id)).toEqual(['equals', 'exists', 'number', 'ignore']);
    expect(kindsFor('x').map((k) => k.id)).toEqual(['equals', 'exists', 'ignore']);
    const once = addPick([], { kind: 'exists', pointer: '/a' });
    expect(addPick(once, { kind: 'exists', pointer: '/a' })).toHaveLength(1);
  });

  it('turns picks into assertions with the value now there, and ignore paths for the snapshot', () => {
    const picks = [
      { kind: 'equals', pointer: '/structuredContent/price' },
      { kind: 'number', pointer: '/structuredContent/price' },
      { kind: 'exists', pointer: '/structuredContent/list' },
      { kind: 'ignore', pointer: '/structuredContent/id' },
    ] as const;
    expect(picksToAssertions(picks, result)).toEqual({
      assertions: [
        { assert: 'equals', pointer: '/structuredContent/price', value: 2 },
        { assert: 'type', pointer: '/structuredContent/price', type: 'number' },
        { assert: 'exists', pointer: '/structuredContent/list' },
      ],
      ignore: ['/structuredContent/id'],
    });
    const item = itemFromPlaygroundCall({ tool: 't', arguments: {}, result }, picks);
    expect(item.assertions?.map((a) => a.assert)).toEqual(['success', 'snapshot', 'equals', 'type', 'exists']);
    expect(item.assertions?.[1]).toMatchObject({ ignore: ['/content/0/text', '/structuredContent/id', '/_meta'] });
    // The id changes on the next call: the snapshot ignores it, the rest holds.
    const next = { result: { content: [{ type: 'text', text: 'x' }], structuredContent: { price: 2, id: 'q-2', list: [1, 2] } } };
    expect(evaluateAssertions(item.assertions ?? [], { response: next, durationMs: 1 }).every((o) => o.passed)).toBe(true);
  });

  it('lists the tree nodes with their pointers, depth first', () => {
    expect(
      treeRows(result.structuredContent, '/structuredContent').map((r) => (r.kind === 'node' ? `${r.depth} ${r.pointer}` : 'more')),
    ).toEqual([
      '0 /structuredContent',
      '1 /structuredContent/price',
      '1 /structuredContent/id',
      '1 /structuredContent/list',
      '2 /structuredContent/list/0',
      '2 /structuredContent/list/1',
    ]);
    const long = treeRows(
      Array.from({ length: 40 }, (_, i) => i),
      '',
    );
    expect(long).toHaveLength(1 + 25 + 1);
    expect(long.at(-1)?.kind).toBe('more');
  });
});
