// A collection as the mock's source: which items answer, with what, and which have no answer.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readMockSource, MockInputError } from './mock-source';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'collection-source-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(content: unknown): Promise<string> {
  const target = path.join(dir, 'c.collection.json');
  await writeFile(target, JSON.stringify(content, null, 2));
  return target;
}

describe('companion mock of a collection', () => {
  it('answers from whole-response and structuredContent snapshots, fills variables, and counts items with no answer', async () => {
    const loaded = await readMockSource(
      await file({
        name: 'c',
        variables: { asset: 'c60' },
        items: [
          {
            name: 'prices',
            tool: 'get_token_prices',
            arguments: { assets: ['{{asset}}'] },
            assertions: [{ assert: 'success' }, { assert: 'snapshot', pointer: '/structuredContent', value: { tickers: [] } }],
          },
          {
            name: 'tool error',
            tool: 'get_asset_details',
            arguments: {},
            assertions: [{ assert: 'failure' }, { assert: 'snapshot', pointer: '/structuredContent', value: { error: 'x' } }],
          },
          { name: 'rpc error', tool: 'nope', assertions: [{ assert: 'snapshot', value: { error: { code: -32602, message: 'bad' } } }] },
          { name: 'whole', tool: 'validate_address', arguments: { a: 1 }, assertions: [{ assert: 'snapshot', value: { content: [] } }] },
          { name: 'no snapshot', tool: 'search_assets', assertions: [{ assert: 'success' }] },
          {
            name: 'extracted',
            tool: 'get_swap_route_step',
            arguments: { stepId: '{{stepId}}' },
            assertions: [{ assert: 'snapshot', value: {} }],
          },
        ],
      }),
    );
    expect(loaded.source.calls()).toEqual([
      {
        tool: 'get_token_prices',
        arguments: { assets: ['c60'] },
        result: { content: [{ type: 'text', text: '{"tickers":[]}' }], structuredContent: { tickers: [] } },
        era: 'unknown',
        at: 0,
      },
      {
        tool: 'get_asset_details',
        arguments: {},
        result: { content: [{ type: 'text', text: '{"error":"x"}' }], structuredContent: { error: 'x' }, isError: true },
        era: 'unknown',
        at: 0,
      },
      { tool: 'nope', arguments: {}, error: { code: -32602, message: 'bad' }, era: 'unknown', at: 0 },
      { tool: 'validate_address', arguments: { a: 1 }, result: { content: [] }, era: 'unknown', at: 0 },
    ]);
    expect(loaded.notes).toMatch(/^2 of the collection's 6 items have no answer to serve/);
  });

  it('a file that is neither a recording nor a collection is one plain message', async () => {
    await expect(readMockSource(await file({ name: 'c' }))).rejects.toThrow(MockInputError);
    await expect(readMockSource(await file({ name: 'c' }))).rejects.toThrow(/not a collection: items/);
  });
});
