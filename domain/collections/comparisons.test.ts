import { describe, expect, it } from 'vitest';
import { evaluateAssertions } from './assertions';
import { comparisonFor } from './comparisons';
import type { CollectionItem } from './format';

const response = { result: { structuredContent: { price: 2, id: 'q-9', list: [1, 2] }, content: [] } };

function outcomes(item: CollectionItem) {
  return evaluateAssertions(item.assertions ?? [], { response, durationMs: 1 });
}

describe('comparisonFor', () => {
  it('gives a failed equals its expected value and what was at the pointer', () => {
    const item: CollectionItem = {
      name: 'q',
      tool: 't',
      assertions: [{ assert: 'equals', pointer: '/structuredContent/price', value: 3 }],
    };
    const [outcome] = outcomes(item);
    expect(comparisonFor(item, outcome!, response)).toEqual({ expected: 3, actual: 2 });
  });

  it('leaves the ignored places out of both sides of a failed snapshot', () => {
    const item: CollectionItem = {
      name: 'q',
      tool: 't',
      assertions: [
        { assert: 'snapshot', pointer: '/structuredContent', value: { price: 1, id: 'q-1', list: [1, 0] }, ignore: ['/id', '/list/1'] },
      ],
    };
    const [outcome] = outcomes(item);
    expect(outcome!.passed).toBe(false);
    expect(comparisonFor(item, outcome!, response)).toEqual({
      expected: { price: 1, list: [1, '<ignored>'] },
      actual: { price: 2, list: [1, '<ignored>'] },
    });
  });

  it('has nothing for a passed assertion, another kind, or an item that made no call', () => {
    const item: CollectionItem = {
      name: 'q',
      tool: 't',
      assertions: [
        { assert: 'equals', pointer: '/structuredContent/price', value: 2 },
        { assert: 'type', pointer: '/structuredContent/id', type: 'number' },
      ],
    };
    const [passed, typed] = outcomes(item);
    expect(comparisonFor(item, passed!, response)).toBeUndefined();
    expect(typed!.passed).toBe(false);
    expect(comparisonFor(item, typed!, response)).toBeUndefined();
    expect(comparisonFor(item, { ...typed!, index: 1, passed: false }, undefined)).toBeUndefined();
  });
});
