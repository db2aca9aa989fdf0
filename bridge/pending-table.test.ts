import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classify, type Classified } from './jsonrpc';
import { PendingTable, type Pending } from './pending-table';

function request(id: string | number, method = 'tools/call', params: object = { name: 'echo', arguments: { x: 1 } }) {
  return classify({ jsonrpc: '2.0', id, method, params }) as Extract<Classified, { kind: 'request' }>;
}

describe('PendingTable', () => {
  let timedOut: Pending[];
  let table: PendingTable;

  beforeEach(() => {
    vi.useFakeTimers();
    timedOut = [];
    table = new PendingTable((p) => timedOut.push(p));
  });
  afterEach(() => vi.useRealTimers());

  it('keeps 1 and "1" apart, and knows a request only until it leaves', () => {
    const a = table.add(request(1), 'line-1', 1_000);
    table.add(request('1'), 'line-"1"', 1_000);
    expect(table.size).toBe(2);
    expect(table.get(1)).toBe(a);
    expect(a).toMatchObject({ method: 'tools/call', tool: 'echo', args: { x: 1 }, line: 'line-1', done: false });
    table.finish(a);
    expect(table.has(1)).toBe(false);
    expect(table.get(1)).toBeUndefined();
    expect(table.has('1')).toBe(true);
  });

  it('calls the timeout once the deadline passes, not after the request left', () => {
    const slow = table.add(request('slow'), '', 1_000);
    const quick = table.add(request('quick'), '', 1_000);
    table.finish(quick);
    vi.advanceTimersByTime(1_000);
    expect(timedOut).toEqual([slow]);
  });

  it('cancels by the requestId of notifications/cancelled, once', () => {
    const p = table.add(request(7), '', 1_000);
    expect(table.cancel({ requestId: 'nope' })).toBeUndefined();
    expect(table.cancel({ requestId: 7 })).toBe(p);
    expect(p).toMatchObject({ cancelled: true, done: true });
    expect(table.cancel({ requestId: 7 })).toBeUndefined();
    vi.advanceTimersByTime(1_000);
    expect(timedOut).toEqual([]);
  });

  it('drain resolves when the last request leaves', async () => {
    const p = table.add(request(1), '', 60_000);
    let drained = false;
    const done = table.drain(10_000).then(() => (drained = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(drained).toBe(false);
    table.finish(p);
    await done;
    expect(drained).toBe(true);
  });
});
