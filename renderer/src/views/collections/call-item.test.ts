import { describe, expect, it } from 'vitest';
import { evaluateAssertions } from '../../../../domain/collections/assertions';
import { itemFromPlaygroundCall } from './call-item';

describe('itemFromPlaygroundCall', () => {
  it('makes an item whose snapshot holds against the answer as the gateway sent it (the repeated text included)', () => {
    const structuredContent = { price: 2 };
    const item = itemFromPlaygroundCall({
      tool: 'get_token_prices',
      arguments: { assets: ['c60'] },
      result: { content: [{ type: 'text', text: '' }], structuredContent, textSameAsStructured: [0] },
    });
    expect(item).toMatchObject({ name: 'get_token_prices', tool: 'get_token_prices', arguments: { assets: ['c60'] } });
    expect(item.assertions?.[1]).toMatchObject({ assert: 'snapshot', ignore: ['/content/0/text', '/_meta'] });
    const response = { result: { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent } };
    const outcomes = evaluateAssertions(item.assertions ?? [], { response, durationMs: 1 });
    expect(outcomes.map((o) => o.passed)).toEqual([true, true]);
    const changed = { result: { ...response.result, structuredContent: { price: 3 } } };
    expect(evaluateAssertions(item.assertions ?? [], { response: changed, durationMs: 1 })[1]?.passed).toBe(false);
  });
});
