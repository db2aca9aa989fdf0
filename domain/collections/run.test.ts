import { describe, expect, it } from 'vitest';
import type { CallResponse } from './assertions';
import type { Collection } from './format';
import { compareEras, runCollection, type RunOptions, type ToolGateway } from './run';

/** A gateway of two tools: a quote whose step id feeds a route step. */
function fakeGateway(calls: Array<{ tool: string; args: unknown }>, onCall?: () => void): ToolGateway {
  return {
    tools: ['get_swap_quote', 'get_swap_route_step'],
    checkArguments: (tool, args) => (tool === 'get_swap_route_step' && typeof args.stepId !== 'string' ? ['stepId: must be a string'] : []),
    outputProblems: () => [],
    async call(tool, args) {
      calls.push({ tool, args });
      onCall?.();
      const response: CallResponse =
        tool === 'get_swap_quote'
          ? { result: { content: [], structuredContent: { routes: [{ id: 'r1', steps: [{ id: 'step-1' }] }] } } }
          : { result: { content: [], structuredContent: { stepId: args.stepId } } };
      return { response, durationMs: 5 };
    },
  };
}

const chain: Collection = {
  name: 'chain',
  variables: { amount: '1000' },
  items: [
    {
      name: 'quote',
      tool: 'get_swap_quote',
      arguments: { amount: '{{amount}}' },
      extract: { stepId: '/structuredContent/routes/0/steps/0/id' },
      assertions: [{ assert: 'success' }],
    },
    {
      name: 'step',
      tool: 'get_swap_route_step',
      arguments: { stepId: '{{stepId}}' },
      assertions: [{ assert: 'equals', pointer: '/structuredContent/stepId', value: 'step-1' }],
    },
  ],
};

const options = (gateway: ToolGateway, more: Partial<RunOptions> = {}): RunOptions => ({
  file: 'c.json',
  era: '2025-11-25',
  gatewayFor: async () => gateway,
  now: () => 0,
  ...more,
});

describe('runCollection', () => {
  it('feeds an extracted value into a later item and passes', async () => {
    const calls: Array<{ tool: string; args: unknown }> = [];
    const { report } = await runCollection(chain, options(fakeGateway(calls), { environment: { amount: '5' } }));
    expect(report.items.map((i) => i.status)).toEqual(['passed', 'passed']);
    expect(calls).toEqual([
      { tool: 'get_swap_quote', args: { amount: '5' } },
      { tool: 'get_swap_route_step', args: { stepId: 'step-1' } },
    ]);
  });

  it('gives each bad item one plain problem and still runs the others', async () => {
    const calls: Array<{ tool: string; args: unknown }> = [];
    const bad: Collection = {
      name: 'bad',
      items: [
        { name: 'typo', tool: 'get_swap_qoute' },
        { name: 'quote', tool: 'get_swap_quote', extract: { stepId: '/structuredContent/routes/3/steps/0/id' } },
        { name: 'step', tool: 'get_swap_route_step', arguments: { stepId: '{{stepId}}' } },
        { name: 'wrong type', tool: 'get_swap_route_step', arguments: { stepId: 7 } },
        { name: 'fine', tool: 'get_swap_quote', assertions: [{ assert: 'exists', pointer: '/structuredContent/nothing' }] },
      ],
    };
    const { report } = await runCollection(bad, options(fakeGateway(calls)));
    expect(report.items.map((i) => i.status)).toEqual(['error', 'failed', 'error', 'error', 'failed']);
    const [typo, quote, step, wrong, fine] = report.items.map((i) => [
      ...i.problems,
      ...i.assertions.filter((a) => !a.passed).map((a) => a.message),
    ]);
    expect(typo).toEqual(['unknown tool "get_swap_qoute": the gateway lists get_swap_quote, get_swap_route_step. Fix the item\'s "tool".']);
    expect(quote).toEqual([
      'extract stepId: nothing at /structuredContent/routes/3 in the response (it ends before that); check the pointer /structuredContent/routes/3/steps/0/id.',
    ]);
    expect(step?.[0]).toMatch(
      /^variable \{\{stepId\}\} \(item "quote" found nothing at \/structuredContent\/routes\/3 for it\) has no value: set it in/,
    );
    expect(wrong).toEqual([
      `arguments do not fit get_swap_route_step's input schema: stepId: must be a string. Fix the item's "arguments" ({"stepId":7}); it was not sent.`,
    ]);
    expect(fine).toEqual(['nothing at /structuredContent/nothing (the response ends before it)']);
    expect(calls.map((c) => c.tool)).toEqual(['get_swap_quote', 'get_swap_quote']);
  });

  it('stops at the first item that does not pass with bail, and on cancel', async () => {
    const twice: Collection = { name: 'c', items: [{ name: 'a', tool: 'nope' }, chain.items[0]!] };
    const bailed = await runCollection(twice, options(fakeGateway([]), { bail: true }));
    expect(bailed.report.items.map((i) => i.status)).toEqual(['error', 'skipped']);
    const controller = new AbortController();
    const cancelled = await runCollection(
      chain,
      options(
        fakeGateway([], () => controller.abort()),
        { signal: controller.signal },
      ),
    );
    expect(cancelled.report.items.map((i) => i.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('reports a connection failure as the item problem', async () => {
    const { report } = await runCollection(chain, {
      ...options(fakeGateway([])),
      gatewayFor: async () => Promise.reject(new Error('Could not connect with profile "work": refused')),
    });
    expect(report.items[0]?.problems).toEqual(['Could not connect with profile "work": refused']);
  });
});

describe('compareEras', () => {
  it('compares outcome and result shape, not live values, outside snapshot-ignored paths', () => {
    const collection: Collection = {
      name: 'c',
      items: [
        { name: 'a', tool: 't', assertions: [{ assert: 'snapshot', pointer: '/structuredContent', value: {}, ignore: ['/extra'] }] },
        { name: 'b', tool: 't' },
        { name: 'c', tool: 't' },
      ],
    };
    const first: CallResponse[] = [
      { result: { structuredContent: { price: 1.5, id: 'x' }, content: [{ type: 'text', text: '1.5' }], _meta: { a: 1 } } },
      { result: { structuredContent: { list: [1], ok: true } } },
      { error: { code: -32602, message: 'bad' } },
    ];
    const second: CallResponse[] = [
      { result: { structuredContent: { price: 1.6, id: 'y', extra: 1 }, content: [{ type: 'text', text: '1.6' }], _meta: { a: 2 } } },
      { result: { structuredContent: { list: ['1', 2], ok: false } } },
      { result: { isError: true, content: [] } },
    ];
    expect(compareEras('c.json', collection, first, second)).toEqual([
      {
        file: 'c.json',
        index: 2,
        name: 'b',
        differences: [
          { pointer: '/structuredContent/list/0', expected: '<number>', actual: '<string>' },
          { pointer: '/structuredContent/list/1', expected: undefined, actual: '<number>' },
          { pointer: '/structuredContent/ok', expected: true, actual: false },
        ],
      },
      {
        file: 'c.json',
        index: 3,
        name: 'c',
        differences: [{ pointer: '/outcome', expected: 'JSON-RPC error -32602', actual: 'tool error' }],
      },
    ]);
  });
});
