// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CollectionItem } from '../../../../domain/collections/format';
import type { ItemResult } from '../../../../domain/ipc/collections-channels';
import { CollectionItems, runSummary } from './CollectionItems';

afterEach(cleanup);

const items: CollectionItem[] = [
  {
    name: 'prices',
    tool: 'get_token_prices',
    assertions: [{ assert: 'success' }, { assert: 'equals', pointer: '/structuredContent/n', value: 3 }],
  },
  { name: 'domains', tool: 'get_swap_domains' },
];

describe('CollectionItems', () => {
  it('lists the items and their assertions before any run', () => {
    render(<CollectionItems items={items} eras={['2025-11-25']} runs={[]} />);
    const first = screen.getByRole('listitem', { name: 'Item 1: prices' });
    expect(within(first).getByText('succeeds')).toBeDefined();
    expect(within(first).getByText('equals 3 at /structuredContent/n')).toBeDefined();
    expect(within(first).queryByText('pass')).toBeNull();
    expect(screen.getByText('No assertions: the item only has to run.')).toBeDefined();
  });

  it('shows each item status, each assertion outcome, and a diff of expected against actual for a failed comparison', () => {
    const results: ItemResult[] = [
      {
        index: 1,
        name: 'prices',
        tool: 'get_token_prices',
        status: 'failed',
        durationMs: 12.4,
        problems: [],
        assertions: [
          { index: 1, assert: 'success', passed: true, message: 'succeeded' },
          {
            index: 2,
            assert: 'equals',
            pointer: '/structuredContent/n',
            passed: false,
            message: 'expected 3, got 4',
            expected: 3,
            actual: 4,
          },
        ],
      },
      {
        index: 2,
        name: 'domains',
        tool: 'get_swap_domains',
        status: 'error',
        problems: ['unknown tool "get_swap_domains"'],
        assertions: [],
      },
    ];
    render(<CollectionItems items={items} eras={['2025-11-25']} runs={[{ era: '2025-11-25', items: results }]} />);
    const first = screen.getByRole('listitem', { name: 'Item 1: prices' });
    expect(within(first).getByText('Failed')).toBeDefined();
    expect(within(first).getByText('pass')).toBeDefined();
    expect(within(first).getByText('fail')).toBeDefined();
    expect(within(first).getByText('expected 3, got 4')).toBeDefined();
    const diff = within(first).getByRole('region', { name: 'Expected against actual, prices, assertion 2' });
    expect(diff.textContent).toContain('Expected');
    expect(diff.textContent).toContain('3');
    expect(diff.textContent).toContain('4');
    expect(diff.querySelectorAll('.col-diff-cell.changed')).toHaveLength(2);
    const second = screen.getByRole('listitem', { name: 'Item 2: domains' });
    expect(within(second).getByText('Could not run')).toBeDefined();
    expect(within(second).getByText('unknown tool "get_swap_domains"')).toBeDefined();
  });

  it("shows each era's outcome of a run in both eras, labelled, and what differed between the eras", () => {
    const passed: ItemResult = {
      index: 1,
      name: 'prices',
      tool: 'get_token_prices',
      status: 'passed',
      problems: [],
      assertions: [
        { index: 1, assert: 'success', passed: true, message: 'succeeded' },
        { index: 2, assert: 'equals', pointer: '/structuredContent/n', passed: true, message: 'equal' },
      ],
    };
    const failed: ItemResult = {
      ...passed,
      status: 'failed',
      assertions: [
        { index: 1, assert: 'success', passed: false, message: 'the call failed: JSON-RPC error -32602' },
        { index: 2, assert: 'equals', pointer: '/structuredContent/n', passed: false, message: 'expected 3, got nothing', expected: 3 },
      ],
    };
    render(
      <CollectionItems
        items={items}
        eras={['2025-11-25', '2026-07-28']}
        runs={[
          { era: '2025-11-25', items: [passed] },
          { era: '2026-07-28', items: [failed] },
        ]}
        eraDifferences={[
          {
            index: 1,
            name: 'prices',
            differences: [
              { pointer: '/outcome', first: 'success', second: 'JSON-RPC error -32602' },
              { pointer: '/structuredContent', first: { n: '<number>' } },
            ],
          },
        ]}
      />,
    );
    const first = screen.getByRole('listitem', { name: 'Item 1: prices' });
    expect(within(first).getByText('2025-11-25: Passed')).toBeDefined();
    expect(within(first).getByText('2026-07-28: Failed')).toBeDefined();
    expect(within(first).getByText('Eras differ')).toBeDefined();
    expect(within(first).getAllByText('2025-11-25: pass')).toHaveLength(2);
    expect(within(first).getAllByText('2026-07-28: fail')).toHaveLength(2);
    expect(within(first).getByText('2026-07-28: expected 3, got nothing')).toBeDefined();
    expect(within(first).getByRole('region', { name: 'Expected against actual, prices, assertion 2, 2026-07-28' })).toBeDefined();
    const differences = within(first).getByRole('group', { name: 'Differences between the eras, prices' });
    const lines = within(differences)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'at /outcome: 2025-11-25 gave "success", 2026-07-28 gave "JSON-RPC error -32602"',
      'at /structuredContent: 2025-11-25 gave {"n":"<number>"}, 2026-07-28 gave nothing',
    ]);
    // The second item did not run in either era yet: no outcome, no difference.
    const second = screen.getByRole('listitem', { name: 'Item 2: domains' });
    expect(within(second).queryByText(/Passed|Failed|Eras differ/)).toBeNull();
  });

  it('sums a run up by status', () => {
    const r = (status: ItemResult['status']): ItemResult => ({ index: 1, name: 'x', tool: 't', status, problems: [], assertions: [] });
    expect(runSummary([r('passed'), r('passed'), r('failed'), r('error')])).toBe('2 passed, 1 failed, 1 could not run');
  });
});
