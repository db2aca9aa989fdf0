import { describe, expect, it } from 'vitest';
import type { CallOutcome } from '../../../../../domain/ipc/playground-channels';
import { listingCategories, quoteStepIds } from './tool-results';

const outcome = (tool: string, structuredContent: unknown, status: CallOutcome['status'] = 'ok'): CallOutcome => ({
  callId: 'c',
  tool,
  status,
  startedAt: 0,
  durationMs: 1,
  bytes: 1,
  result: { content: [], structuredContent },
});

const side = { asset: 'c60', address: '0xabc', amount: '1' };
const step = (id: string) => ({
  id,
  type: 'STEP_TYPE_SWAP',
  from: side,
  to: { ...side, minAmountOut: '1' },
  priceImpact: 0,
  provider: { id: '1inch', name: '1inch' },
  networkFee: { amount: '1', asset: 'c60' },
});
const route = (...steps: string[]) => ({ id: 'r', expirationDate: '2030-01-01T00:00:00Z', steps: steps.map(step), warnings: [] });

describe('reading reference tool results through their output schemas', () => {
  it('offers the step ids of a quote, best route first', () => {
    expect(quoteStepIds(outcome('get_swap_quote', { routes: [route('s1', 's2'), route('s3')] }))).toEqual(['s1', 's2', 's3']);
    expect(quoteStepIds(outcome('get_swap_quote', { routes: [] }))).toEqual([]);
  });

  it('offers no step ids for another tool, a failed call or a quote of another shape', () => {
    expect(quoteStepIds(outcome('search_assets', { routes: [route('s1')] }))).toBeUndefined();
    expect(quoteStepIds(outcome('get_swap_quote', { routes: [route('s1')] }, 'tool-error'))).toBeUndefined();
    expect(quoteStepIds(outcome('get_swap_quote', { routes: [{ steps: [{ id: 's1' }] }] }))).toBeUndefined();
  });

  it('lists the listing categories, or says why there are none', () => {
    const docs = [
      { id: 'memes', name: 'Memes' },
      { id: 'ai', name: 'AI' },
    ];
    expect(listingCategories(outcome('get_listing_categories', { docs }))).toEqual(docs);
    expect(() => listingCategories(outcome('get_listing_categories', { categories: docs }))).toThrow('returned no list');
    const failed = { ...outcome('get_listing_categories', undefined, 'error'), error: { code: 'x', message: 'gateway down' } };
    expect(() => listingCategories(failed)).toThrow('gateway down');
  });
});
