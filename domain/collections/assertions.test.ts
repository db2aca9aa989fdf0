import { describe, expect, it } from 'vitest';
import { evaluateAssertions, type AssertionContext } from './assertions';
import type { Assertion } from './format';

const ok: AssertionContext = {
  response: {
    result: { content: [], structuredContent: { routes: [{ id: 'r1', steps: [{ id: 's1' }] }], count: 3, text: 'Ethereum mainnet' } },
  },
  durationMs: 40,
  outputSchemaProblems: () => [],
};
const one = (assertion: Assertion, context = ok) => evaluateAssertions([assertion], context)[0];

describe('assertions', () => {
  it.each<[Assertion, boolean]>([
    [{ assert: 'success' }, true],
    [{ assert: 'failure' }, false],
    [{ assert: 'equals', pointer: '/structuredContent/routes/0/id', value: 'r1' }, true],
    [{ assert: 'equals', pointer: '/structuredContent/routes/0', value: { steps: [{ id: 's1' }], id: 'r1' } }, true],
    [{ assert: 'equals', pointer: '/structuredContent/count', value: '3' }, false],
    [{ assert: 'contains', pointer: '/structuredContent/text', value: 'mainnet' }, true],
    [{ assert: 'contains', pointer: '/structuredContent/routes', value: { id: 'r1' } }, true],
    [{ assert: 'contains', pointer: '/structuredContent/routes', value: { id: 'r2' } }, false],
    [{ assert: 'matches', pointer: '/structuredContent/text', pattern: '^ethereum', flags: 'i' }, true],
    [{ assert: 'matches', pointer: '/structuredContent/count', pattern: '3' }, false],
    [{ assert: 'exists', pointer: '/structuredContent/routes/0/steps/0/id' }, true],
    [{ assert: 'exists', pointer: '/structuredContent/nope', exists: false }, true],
    [{ assert: 'exists', pointer: '/structuredContent/count', exists: false }, false],
    [{ assert: 'type', pointer: '/structuredContent/count', type: 'integer' }, true],
    [{ assert: 'type', pointer: '/structuredContent/routes', type: 'object' }, false],
    [{ assert: 'range', pointer: '/structuredContent/count', min: 1, max: 3 }, true],
    [{ assert: 'range', pointer: '/structuredContent/count', min: 4 }, false],
    [{ assert: 'length', pointer: '/structuredContent/routes', min: 1, max: 1 }, true],
    [{ assert: 'length', pointer: '/structuredContent/routes', min: 2 }, false],
    [{ assert: 'schema' }, true],
    [{ assert: 'latency', maxMs: 40 }, true],
    [{ assert: 'latency', maxMs: 39 }, false],
    [
      {
        assert: 'snapshot',
        pointer: '/structuredContent',
        value: { routes: [{ id: 'other', steps: [{ id: 's1' }] }], count: 3, text: 'Ethereum mainnet' },
        ignore: ['/routes/0/id'],
      },
      true,
    ],
  ])('%j passes: %s', (assertion, passed) => {
    expect(one(assertion)?.passed).toBe(passed);
  });

  it('says where and shows expected against actual', () => {
    expect(one({ assert: 'equals', pointer: '/structuredContent/count', value: 4 })).toEqual({
      index: 1,
      assert: 'equals',
      pointer: '/structuredContent/count',
      passed: false,
      message: 'expected 4, got 3',
    });
    expect(one({ assert: 'equals', pointer: '/structuredContent/routes/0/steps/5/id', value: 1 })?.message).toBe(
      'nothing at /structuredContent/routes/0/steps/5 (the response ends before it)',
    );
    expect(one({ assert: 'snapshot', value: { content: [], structuredContent: { count: 2 } } })?.message).toMatch(
      /^differs from the snapshot: at \/structuredContent\/count expected 2, got 3; at \/structuredContent\/routes expected nothing, got \[/,
    );
  });

  it('tells tool errors from JSON-RPC errors and checks the code', () => {
    const rpc: AssertionContext = { response: { error: { code: -32602, message: 'Unknown tool' } }, durationMs: 1 };
    const tool: AssertionContext = {
      response: { result: { isError: true, content: [{ type: 'text', text: 'expired step' }] } },
      durationMs: 1,
    };
    expect(one({ assert: 'failure', code: -32602 }, rpc)?.passed).toBe(true);
    expect(one({ assert: 'failure', code: -32603 }, rpc)?.message).toBe(
      'expected JSON-RPC error -32603, got JSON-RPC error -32602: "Unknown tool"',
    );
    expect(one({ assert: 'failure' }, tool)?.passed).toBe(true);
    expect(one({ assert: 'failure', code: -32602 }, tool)?.passed).toBe(false);
    expect(one({ assert: 'success' }, tool)?.message).toBe('expected success, got a tool error (isError): "expired step"');
    expect(one({ assert: 'equals', pointer: '/error/code', value: -32602 }, rpc)?.passed).toBe(true);
    expect(one({ assert: 'schema' }, rpc)?.passed).toBe(false);
  });

  it('reports output schema problems and a tool without an output schema', () => {
    expect(one({ assert: 'schema' }, { ...ok, outputSchemaProblems: () => ['/routes must be array'] })?.message).toBe(
      'does not match the output schema: /routes must be array',
    );
    expect(one({ assert: 'schema' }, { ...ok, outputSchemaProblems: () => undefined })?.passed).toBe(false);
  });
});
