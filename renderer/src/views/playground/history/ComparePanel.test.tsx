// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../../../../../domain/ipc/playground-channels';
import { CompareView } from './ComparePanel';

afterEach(cleanup);

const entry = (id: string, startedAt: number, tool: string, assetIds: string[], extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id,
  tool,
  arguments: { assetIds },
  profile: 'default',
  startedAt,
  durationMs: 10,
  status: 'ok',
  bytes: 100,
  ...extra,
});

describe('CompareView', () => {
  it('counts the changed lines and puts the older call on the left', () => {
    const older = entry('a', 1_700_000_000_000, 'get_token_prices', ['c60']);
    const newer = entry('b', 1_700_000_100_000, 'get_token_info', ['c60']);
    render(<CompareView a={newer} b={older} onlyChanges={false} onOnlyChanges={() => undefined} />);
    const titles = screen.getAllByRole('code').map((c) => c.textContent);
    expect(titles).toEqual(['get_token_prices', 'get_token_info']);
    expect(screen.getByRole('status').textContent).toBe('1 change');
  });

  it('says two identical calls are identical', () => {
    render(
      <CompareView a={entry('a', 1, 't', ['c60'])} b={entry('b', 2, 't', ['c60'])} onlyChanges={false} onOnlyChanges={() => undefined} />,
    );
    expect(screen.getByRole('status').textContent).toBe('Identical');
    expect(screen.queryByText(/left out of the comparison/)).toBeNull();
  });

  it('warns when a result was too large to keep, and offers only the changed lines', async () => {
    const user = userEvent.setup();
    const onOnlyChanges = vi.fn();
    render(
      <CompareView
        a={entry('a', 1, 't', ['c60'], { resultDropped: 20_000_000 })}
        b={entry('b', 2, 't', ['c714'])}
        onlyChanges={false}
        onOnlyChanges={onOnlyChanges}
      />,
    );
    expect(screen.getByText(/left out of the comparison/)).toBeDefined();
    await user.click(screen.getByRole('checkbox', { name: 'Only changed lines' }));
    expect(onOnlyChanges).toHaveBeenCalledWith(true);
  });
});
