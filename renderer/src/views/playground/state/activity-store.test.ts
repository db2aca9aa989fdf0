import { QueryObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import type { CompanionApi } from '../../../../../domain/ipc/facade';
import type { HistorySummary, TrafficEntry } from '../../../../../domain/ipc/playground-channels';
import { comparedIn, useActivityStore } from './activity-store';
import { appendTraffic, historyQuery } from './playground-queries';

beforeEach(() => {
  useActivityStore.setState(useActivityStore.getInitialState(), true);
});

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

const traffic = (seq: number): TrafficEntry => ({
  seq,
  at: 1_700_000_000_000 + seq,
  dir: 'send',
  kind: 'request',
  bytes: 10,
  text: '{}',
  truncated: false,
});

describe('activity choices', () => {
  it('compares at most two calls, the latest two ticked, and unticks', () => {
    const { toggleCompare } = useActivityStore.getState();
    toggleCompare('a');
    toggleCompare('b');
    toggleCompare('c');
    expect(useActivityStore.getState().compare).toEqual(['b', 'c']);
    toggleCompare('b');
    expect(useActivityStore.getState().compare).toEqual(['c']);
  });

  it('a pick whose call left the history is no longer compared; before the history is read, every pick stands', () => {
    expect(comparedIn(['a', 'b'], [entry('b'), entry('c')])).toEqual(['b']);
    expect(comparedIn(['a', 'b'], undefined)).toEqual(['a', 'b']);
  });
});

describe('the history query', () => {
  it('keeps the listed entries as the same objects when read again, so only new rows render, and keeps them when a read fails', async () => {
    let ids = ['a', 'b'];
    const history = vi.fn(async () => ({ entries: ids.map(entry), limit: 500 }));
    const api = { playground: { history } } as unknown as CompanionApi;
    const client = createQueryClient();
    const observer = new QueryObserver(client, historyQuery(api));
    const off = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.entries).toHaveLength(2));
    const b = observer.getCurrentResult().data!.entries[1];
    ids = ['b', 'c'];
    await observer.refetch();
    const entries = observer.getCurrentResult().data!.entries;
    expect(entries.map((e) => e.id)).toEqual(['b', 'c']);
    expect(entries[0]).toBe(b);
    history.mockRejectedValueOnce(new Error('history file unreadable'));
    await observer.refetch();
    expect(observer.getCurrentResult().error?.message).toBe('history file unreadable');
    expect(observer.getCurrentResult().data?.entries.map((e) => e.id)).toEqual(['b', 'c']);
    off();
  });
});

describe('appendTraffic', () => {
  it('appends in order, ignores repeats, and starts over when a new connection counts from 1', () => {
    const two = appendTraffic(appendTraffic([], traffic(1)), traffic(2));
    expect(appendTraffic(two, traffic(2))).toBe(two);
    expect(appendTraffic(two, traffic(1)).map((t) => t.seq)).toEqual([1]);
  });

  it('keeps the last 1000 messages', () => {
    let kept: TrafficEntry[] = [];
    for (let seq = 1; seq <= 1005; seq++) kept = appendTraffic(kept, traffic(seq));
    expect(kept).toHaveLength(1000);
    expect(kept[0]!.seq).toBe(6);
  });
});

describe('the history query with a component’s select', () => {
  it('counts the calls again after each read (the select result is shared as usual, not as a history)', async () => {
    let ids = ['a'];
    const api = { playground: { history: async () => ({ entries: ids.map(entry), limit: 500 }) } } as unknown as CompanionApi;
    const client = createQueryClient();
    const observer = new QueryObserver(client, { ...historyQuery(api), select: (h) => h.entries.length });
    const off = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(1));
    ids = ['a', 'b'];
    await observer.refetch();
    expect(observer.getCurrentResult().error).toBeNull();
    expect(observer.getCurrentResult().data).toBe(2);
    off();
  });
});
