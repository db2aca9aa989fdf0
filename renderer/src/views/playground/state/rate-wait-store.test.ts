import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanionApi } from '../../../../../domain/ipc/facade';
import type { RateWaitEvent } from '../../../../../domain/ipc/playground-channels';
import { followRateWaits, useRateWaitStore } from './rate-wait-store';

/** An api whose only use here is `on('playground:rateWait')`; `push` plays main's event. */
function fakeApi() {
  let listener: ((event: RateWaitEvent) => void) | undefined;
  const api = {
    on: vi.fn((event: string, l: (event: RateWaitEvent) => void) => {
      expect(event).toBe('playground:rateWait');
      listener = l;
      return () => (listener = undefined);
    }),
  } as unknown as CompanionApi;
  return { api, push: (event: RateWaitEvent) => listener?.(event), subscribed: () => listener !== undefined };
}

const waitOf = (callId: string) => {
  const wait = useRateWaitStore.getState().wait;
  return wait?.callIds.includes(callId) ? wait.waitMs : undefined;
};

beforeEach(() => {
  vi.useFakeTimers();
  useRateWaitStore.getState().reset();
});
afterEach(() => vi.useRealTimers());

describe('the playground’s rate-limit waits', () => {
  it('an event shows its wait for the calls it names, until the wait has passed', () => {
    const { api, push } = fakeApi();
    const off = followRateWaits(api);
    push({ waitMs: 1500, queued: 1, callIds: ['call-1'] });
    expect(waitOf('call-1')).toBe(1500);
    expect(waitOf('call-2')).toBeUndefined();
    vi.advanceTimersByTime(1499);
    expect(waitOf('call-1')).toBe(1500);
    vi.advanceTimersByTime(1);
    expect(waitOf('call-1')).toBeUndefined();
    off();
  });

  it('keeps why the call waits: the profile’s pacing unless main says it is a 429 being waited out', () => {
    const { api, push } = fakeApi();
    const off = followRateWaits(api);
    push({ waitMs: 1000, queued: 1, callIds: ['call-1'] });
    expect(useRateWaitStore.getState().wait?.reason).toBe('pace');
    push({ waitMs: 1000, queued: 0, callIds: ['call-1'], reason: 'retry-after' });
    expect(useRateWaitStore.getState().wait?.reason).toBe('retry-after');
    off();
  });

  it('a newer wait is not cleared when an older one ends', () => {
    const { api, push } = fakeApi();
    const off = followRateWaits(api);
    push({ waitMs: 100, queued: 1, callIds: ['call-1'] });
    push({ waitMs: 900, queued: 2, callIds: ['call-1'] });
    vi.advanceTimersByTime(100);
    expect(waitOf('call-1')).toBe(900);
    vi.advanceTimersByTime(800);
    expect(waitOf('call-1')).toBeUndefined();
    off();
  });

  it('a wait with no tool call running (a ping, the tool list) shows beside none', () => {
    const { api, push } = fakeApi();
    const off = followRateWaits(api);
    push({ waitMs: 500, queued: 1, callIds: [] });
    expect(waitOf('call-1')).toBeUndefined();
    off();
  });

  it('leaving the playground unsubscribes and forgets the wait', () => {
    const { api, push, subscribed } = fakeApi();
    const off = followRateWaits(api);
    push({ waitMs: 5000, queued: 1, callIds: ['call-1'] });
    off();
    expect(subscribed()).toBe(false);
    expect(useRateWaitStore.getState().wait).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });
});
