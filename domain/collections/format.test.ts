import { describe, expect, it } from 'vitest';
import { parseCollection, serializeCollection, type Collection } from './format';
import { itemFromCall } from './from-call';

const minimal = {
  name: 'c',
  items: [{ name: 'prices', tool: 'get_token_prices', arguments: { assets: ['c60'] }, assertions: [{ assert: 'success' }] }],
};

describe('collection format', () => {
  it('parses a collection and writes it back with a fixed key order, two spaces and a final newline', () => {
    const scrambled = {
      items: [{ assertions: [{ value: 'x', pointer: '/a', assert: 'equals' }], arguments: { b: 1, a: 2 }, tool: 't', name: 'n' }],
      variables: { v: 1 },
      name: 'c',
    };
    const parsed = parseCollection(JSON.stringify(scrambled), 'c.json');
    if (!parsed.ok) throw new Error(parsed.message);
    const text = serializeCollection(parsed.collection);
    expect(text).toBe(
      `{
  "name": "c",
  "variables": {
    "v": 1
  },
  "items": [
    {
      "name": "n",
      "tool": "t",
      "arguments": {
        "b": 1,
        "a": 2
      },
      "assertions": [
        {
          "assert": "equals",
          "pointer": "/a",
          "value": "x"
        }
      ]
    }
  ]
}
`,
    );
    const again = parseCollection(text, 'c.json');
    expect(again.ok && serializeCollection(again.collection)).toBe(text);
  });

  it('never writes a secret-looking value: the collection names a profile, not a credential', () => {
    const collection: Collection = {
      name: 'c',
      variables: { apiSecret: 'hunter2-hunter2', wallet: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' },
      items: [{ name: 'n', tool: 't', profile: 'work', arguments: { privateKey: 'a'.repeat(64) } }],
    };
    const text = serializeCollection(collection);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('a'.repeat(64));
    expect(text).toContain('"profile": "work"');
    expect(text).toContain('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045');
  });

  it('names file, line and column for a syntax error', () => {
    const parsed = parseCollection('{\n  "name": "c",\n  "items": [\n    { "name": "a", }\n  ]\n}', 'broken.collection.json');
    expect(parsed).toEqual({
      ok: false,
      message: expect.stringMatching(/^broken\.collection\.json: not valid JSON at line 4, column 20: expected a property name/),
    });
  });

  it('names the item and assertion of a shape error in words', () => {
    const bad = {
      name: 'c',
      items: [minimal.items[0], { name: 'quote', tool: 't', assertions: [{ assert: 'equals', pointer: 'routes/0', value: 1 }] }],
    };
    const parsed = parseCollection(JSON.stringify(bad), 'x.json');
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toMatch(
      /^x\.json: not a collection: item 2 "quote", assertion 1, pointer: must be a JSON Pointer/,
    );
    const unknownKind = parseCollection(
      JSON.stringify({ name: 'c', items: [{ name: 'a', tool: 't', assertions: [{ assert: 'nope' }] }] }),
      'y.json',
    );
    expect(!unknownKind.ok && unknownKind.message).toMatch(/item 1 "a", assertion 1, assert/);
    const badRegex = parseCollection(
      JSON.stringify({ name: 'c', items: [{ name: 'a', tool: 't', assertions: [{ assert: 'matches', pointer: '', pattern: '(' }] }] }),
      'z.json',
    );
    expect(!badRegex.ok && badRegex.message).toMatch(/pattern: is not a valid regular expression/);
  });
});

describe('itemFromCall', () => {
  it('makes a success and snapshot item from a recorded call, without _meta or secrets', () => {
    const item = itemFromCall({
      tool: 'get_swap_quote',
      arguments: { amount: '1', apiToken: 'abc' },
      result: { content: [{ type: 'text', text: 'x' }], structuredContent: { routes: [{ id: 'r' }] }, _meta: { t: 1 } },
      ignorePaths: ['/structuredContent/routes/0/id'],
    });
    expect(item).toEqual({
      name: 'get_swap_quote',
      tool: 'get_swap_quote',
      arguments: { amount: '1', apiToken: '[redacted]' },
      assertions: [
        { assert: 'success' },
        {
          assert: 'snapshot',
          value: { content: [{ type: 'text', text: 'x' }], structuredContent: { routes: [{ id: 'r' }] } },
          ignore: ['/structuredContent/routes/0/id', '/_meta'],
        },
      ],
    });
    const collection = parseCollection(serializeCollection({ name: 'rec', items: [item] }), 'rec.json');
    expect(collection.ok).toBe(true);
  });

  it('expects the same JSON-RPC error code or tool error again', () => {
    expect(itemFromCall({ tool: 't', result: { error: { code: -32602, message: 'bad' } } }).assertions?.[0]).toEqual({
      assert: 'failure',
      code: -32602,
    });
    expect(itemFromCall({ tool: 't', result: { isError: true, content: [] } }).assertions?.[0]).toEqual({ assert: 'failure' });
  });
});
