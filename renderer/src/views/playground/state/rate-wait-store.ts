/**
 * The playground's latest wait for the rate limit, fed by main's `playground:rateWait` events (the bridge's
 * pacer holds a request back so the gateway's tier is not exceeded, or the bridge waits out a gateway's 429
 * before its one retry). It keeps one wait, the
 * newest, with the tool calls that were running when it began; the wait clears itself when it has passed.
 */
import { create } from 'zustand';
import type { CompanionApi } from '../../../../../domain/ipc/facade';
import type { RateWaitEvent } from '../../../../../domain/ipc/playground-channels';

export type RateWaitReason = NonNullable<RateWaitEvent['reason']>;

export interface RateWait {
  readonly callIds: readonly string[];
  readonly waitMs: number;
  /** The profile's pacing, or the gateway's 429 being waited out. */
  readonly reason: RateWaitReason;
  /** Tells one wait from the next, so an old wait's end does not clear a newer one. */
  readonly seq: number;
}

interface RateWaitState {
  wait: RateWait | undefined;
  show: (event: RateWaitEvent) => number;
  clear: (seq: number) => void;
  reset: () => void;
}

export const useRateWaitStore = create<RateWaitState>()((set, get) => ({
  wait: undefined,
  show(event) {
    const seq = (get().wait?.seq ?? 0) + 1;
    set({ wait: { callIds: event.callIds, waitMs: event.waitMs, reason: event.reason ?? 'pace', seq } });
    return seq;
  },
  clear: (seq) => set((s) => (s.wait?.seq === seq ? { wait: undefined } : s)),
  reset: () => set({ wait: undefined }),
}));

/** How long a call waits for the rate limit now, and why; undefined when it does not wait. One value per subscriber. */
export function useRateWaitOf(callId: string | undefined): RateWait | undefined {
  return useRateWaitStore((s) => (callId !== undefined && s.wait?.callIds.includes(callId) ? s.wait : undefined));
}

/** Writes main's rate-limit waits into the store while the playground is shown; returns the unsubscribe. */
export function followRateWaits(api: CompanionApi): () => void {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const off = api.on('playground:rateWait', (event) => {
    const seq = useRateWaitStore.getState().show(event);
    const timer = setTimeout(() => {
      timers.delete(timer);
      useRateWaitStore.getState().clear(seq);
    }, event.waitMs);
    timers.add(timer);
  });
  return () => {
    off();
    for (const timer of timers) clearTimeout(timer);
    useRateWaitStore.getState().reset();
  };
}
