import { beforeEach, describe, expect, it } from 'vitest';
import type { CompanionApi } from '../../../../../domain/ipc/facade';
import type { HistorySummary } from '../../../../../domain/ipc/playground-channels';
import { useActivityStore } from './activity-store';

// Each test starts from the store as the app starts it, whatever ran before in this file.
const initial = useActivityStore.getState();
beforeEach(() => useActivityStore.setState(initial, true));

const entry = (id: string): HistorySummary => ({
  id,
  tool: 'get_token_prices',
  arguments: { assetIds: [id] },
  profile: 'default',
  startedAt: 1_700_000_000_000,
  durationMs: 12,
  status: 'ok',
  bytes: 900,
});

/** An api whose history answers fresh objects each time, as the transport does. */
const apiListing = (ids: string[]) =>
  ({ playground: { history: async () => ({ entries: ids.map(entry), limit: 500 }) } }) as unknown as CompanionApi;

describe('activity store', () => {
  it('keeps the listed history entries as the same objects when the list is loaded again, so only new rows render', async () => {
    const { loadHistory } = useActivityStore.getState();
    await loadHistory(apiListing(['a', 'b']));
    const [a, b] = useActivityStore.getState().history;
    useActivityStore.setState({ compare: ['a', 'b'] });
    await loadHistory(apiListing(['b', 'c']));
    const { history, compare } = useActivityStore.getState();
    expect(history.map((e) => e.id)).toEqual(['b', 'c']);
    expect(history[0]).toBe(b);
    expect(history[1]).toEqual(entry('c'));
    expect(history).not.toContain(a);
    // A removed entry leaves the comparison too.
    expect(compare).toEqual(['b']);
  });
});
