import { beforeEach, describe, expect, it } from 'vitest';
import type { CompanionApi } from '../../../../../domain/ipc/facade';
import type { HistorySummary, TrafficEntry } from '../../../../../domain/ipc/playground-channels';
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

const traffic = (seq: number): TrafficEntry => ({
  seq,
  at: 1_700_000_000_000 + seq,
  dir: 'send',
  kind: 'request',
  bytes: 10,
  text: '{}',
  truncated: false,
});

beforeEach(() => {
  useActivityStore.setState(useActivityStore.getInitialState(), true);
});

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

  it('reports a history that cannot be read, keeping what is listed', async () => {
    await useActivityStore.getState().loadHistory(apiListing(['a']));
    const failing = { playground: { history: async () => Promise.reject(new Error('history file unreadable')) } };
    await useActivityStore.getState().loadHistory(failing as unknown as CompanionApi);
    expect(useActivityStore.getState().historyError).toBe('history file unreadable');
    expect(useActivityStore.getState().history.map((e) => e.id)).toEqual(['a']);
  });

  it('compares at most two calls, the latest two ticked, and unticks', () => {
    const { toggleCompare } = useActivityStore.getState();
    toggleCompare('a');
    toggleCompare('b');
    toggleCompare('c');
    expect(useActivityStore.getState().compare).toEqual(['b', 'c']);
    toggleCompare('b');
    expect(useActivityStore.getState().compare).toEqual(['c']);
  });

  it('appends traffic in order, ignores repeats, and starts over when a new connection counts from 1', () => {
    const { addTraffic } = useActivityStore.getState();
    addTraffic(traffic(1));
    addTraffic(traffic(2));
    const before = useActivityStore.getState().traffic;
    addTraffic(traffic(2));
    expect(useActivityStore.getState().traffic).toBe(before);
    addTraffic(traffic(1));
    expect(useActivityStore.getState().traffic.map((t) => t.seq)).toEqual([1]);
  });

  it('keeps the last 1000 traffic entries', () => {
    const { addTraffic } = useActivityStore.getState();
    for (let seq = 1; seq <= 1005; seq++) addTraffic(traffic(seq));
    const kept = useActivityStore.getState().traffic;
    expect(kept).toHaveLength(1000);
    expect(kept[0]!.seq).toBe(6);
  });

  it('clearing traffic also drops the selected entry', () => {
    useActivityStore.getState().addTraffic(traffic(1));
    useActivityStore.getState().selectTraffic(1);
    useActivityStore.getState().clearTraffic();
    expect(useActivityStore.getState()).toMatchObject({ traffic: [], selectedTraffic: undefined });
  });
});
