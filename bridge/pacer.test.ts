import { describe, expect, it } from 'vitest';
import { nextSendAt, Pacer, pacingInterval, type PacerClock } from './pacer';

/** A clock that moves only when told; sleepers wake in time order. */
class FakeClock implements PacerClock {
  time = 0;
  private timers: { at: number; wake: () => void; fail: (e: Error) => void }[] = [];

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = { at: this.time + ms, wake: resolve, fail: reject };
      this.timers.push(timer);
      signal?.addEventListener('abort', () => {
        this.timers = this.timers.filter((t) => t !== timer);
        reject(new Error('aborted'));
      });
    });
  }

  /** Runs every sleeper due within `ms`, letting each one's continuation run before the next. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    await flush();
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers[0];
      if (!next || next.at > end) break;
      this.timers.shift();
      this.time = next.at;
      next.wake();
      await flush();
    }
    this.time = end;
    await flush();
  }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

describe('nextSendAt', () => {
  it('sends at once the first time and when a full interval has passed, else one interval after the last send', () => {
    expect(nextSendAt(undefined, 1050, 7)).toBe(7);
    expect(nextSendAt(0, 1050, 2000)).toBe(2000);
    expect(nextSendAt(1000, 1050, 1500)).toBe(2050);
  });

  it('keeps a 5 % margin over the tier', () => {
    expect(pacingInterval(1)).toBe(1050);
    expect(pacingInterval(4)).toBeCloseTo(262.5);
  });
});

describe('Pacer', () => {
  it('lets 10 concurrent requests out one interval apart, in the order they asked, dropping none', async () => {
    const clock = new FakeClock();
    const pacer = new Pacer(1, clock);
    const sent: { i: number; at: number }[] = [];
    const all = Array.from({ length: 10 }, (_, i) => pacer.acquire().then(() => sent.push({ i, at: clock.now() })));
    await clock.advance(0);
    expect(sent).toEqual([{ i: 0, at: 0 }]);
    expect(pacer.waiting).toBe(9);
    await clock.advance(20_000);
    await Promise.all(all);
    expect(sent.map((s) => s.i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sent.map((s) => s.at)).toEqual([0, 1050, 2100, 3150, 4200, 5250, 6300, 7350, 8400, 9450]);
    expect(pacer.waiting).toBe(0);
  });

  it('spaces from when the previous request left, so a late wake-up never shortens the next gap', async () => {
    const clock = new FakeClock();
    const pacer = new Pacer(2, clock);
    await pacer.acquire();
    clock.time = 10_000; // a long quiet spell: the next one goes at once
    let at = -1;
    void pacer.acquire().then(() => (at = clock.now()));
    await clock.advance(0);
    expect(at).toBe(10_000);
    void pacer.acquire().then(() => (at = clock.now()));
    await clock.advance(524);
    expect(at).toBe(10_000);
    await clock.advance(1);
    expect(at).toBe(10_525);
  });

  it('an aborted waiter stops waiting at once and gives its turn to the next', async () => {
    const clock = new FakeClock();
    const waits: number[] = [];
    const pacer = new Pacer(1, clock, (ms) => waits.push(ms));
    await pacer.acquire();
    const controller = new AbortController();
    const cancelled = pacer.acquire(controller.signal);
    const later = pacer.acquire();
    let laterAt = -1;
    void later.then(() => (laterAt = clock.now()));
    await clock.advance(100);
    controller.abort();
    await expect(cancelled).rejects.toThrow();
    await clock.advance(949);
    expect(laterAt).toBe(-1);
    await clock.advance(1);
    expect(laterAt).toBe(1050);
    expect(waits[0]).toBe(1050);
  });

  it('refuses a rate that is not above 0', () => {
    expect(() => new Pacer(0)).toThrow(/above 0/);
    expect(() => new Pacer(Number.NaN)).toThrow(/above 0/);
  });
});
