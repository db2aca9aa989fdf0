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
    render(<CollectionItems items={items} results={[]} />);
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
    render(<CollectionItems items={items} results={results} />);
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

  it('sums a run up by status', () => {
    const r = (status: ItemResult['status']): ItemResult => ({ index: 1, name: 'x', tool: 't', status, problems: [], assertions: [] });
    expect(runSummary([r('passed'), r('passed'), r('failed'), r('error')])).toBe('2 passed, 1 failed, 1 could not run');
  });
});
