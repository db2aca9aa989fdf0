import { describe, expect, it } from 'vitest';
import { eraDifferenceView } from './app-run';

describe("the app's view of a difference between the eras", () => {
  it("gives each era's side at the pointer, leaving out a side where nothing is", () => {
    const view = eraDifferenceView({
      file: 'a.collection.json',
      index: 2,
      name: 'quote',
      differences: [
        { pointer: '/outcome', expected: 'success', actual: 'JSON-RPC error -32602' },
        { pointer: '/structuredContent/fee', expected: '<number>', actual: undefined },
      ],
    });
    expect(view).toEqual({
      index: 2,
      name: 'quote',
      differences: [
        { pointer: '/outcome', first: 'success', second: 'JSON-RPC error -32602' },
        { pointer: '/structuredContent/fee', first: '<number>' },
      ],
    });
  });

  it('does not send a side too large for the view, and says so', () => {
    const huge = Array.from({ length: 40_000 }, (_, i) => `<string ${i}>`);
    const view = eraDifferenceView({
      file: 'a',
      index: 1,
      name: 'x',
      differences: [{ pointer: '/structuredContent', expected: huge, actual: {} }],
    });
    expect(view.differences).toEqual([{ pointer: '/structuredContent', first: '(too large to show)', second: {} }]);
  });
});
