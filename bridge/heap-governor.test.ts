import { afterEach, describe, expect, it, vi } from 'vitest';
import { governHeap, heapCheck, v8Probes, type HeapGovernor, type HeapProbes } from './heap-governor';

const MB = 1024 * 1024;

/** A heap whose size the test sets; `gc()` drops it to `liveAfterGc`. */
function fakeHeap(used: number, liveAfterGc: number) {
  const heap = { used, liveAfterGc, collections: 0 };
  const probes: HeapProbes = {
    usedHeap: () => heap.used,
    gc: () => {
      heap.collections++;
      heap.used = heap.liveAfterGc;
    },
  };
  return { heap, probes };
}

/** Allocates `count` 1 MB arrays that are garbage once this returns. */
function allocateGarbage(count: number): number {
  const arrays = Array.from({ length: count }, (_, i) => new Array<number>(128 * 1024).fill(i));
  return arrays.length;
}

describe('heapCheck', () => {
  it('collects exactly when used heap passes live + slack, then measures live again', () => {
    const { heap, probes } = fakeHeap(10 * MB, 10 * MB);
    const check = heapCheck(MB, probes);
    heap.used = 11 * MB; // exactly live + slack: not past it
    expect(check()).toBe(false);
    heap.used = 11 * MB + 1;
    expect(check()).toBe(true);
    expect(heap.collections).toBe(1);
    expect(heap.used).toBe(10 * MB);
    // The baseline is what survived the collection: 12 MB live now makes 13 MB the threshold.
    heap.liveAfterGc = 12 * MB;
    heap.used = 12 * MB;
    expect(check()).toBe(true);
    heap.used = 13 * MB;
    expect(check()).toBe(false);
    expect(heap.collections).toBe(2);
  });

  it('lowers its baseline when V8 collected on its own', () => {
    const { heap, probes } = fakeHeap(10 * MB, 4 * MB);
    const check = heapCheck(MB, probes);
    heap.used = 5 * MB; // V8 collected by itself
    expect(check()).toBe(false);
    heap.used = 6 * MB + 1; // past the new baseline (5 MB) + slack, though below the old one
    expect(check()).toBe(true);
    expect(heap.collections).toBe(1);
  });
});

describe('governHeap', () => {
  let governor: HeapGovernor | undefined;
  afterEach(() => {
    governor?.stop();
    governor = undefined;
    vi.useRealTimers();
  });

  it('checks every interval until stopped', () => {
    vi.useFakeTimers();
    const { heap, probes } = fakeHeap(10 * MB, 10 * MB);
    governor = governHeap(MB, 100, probes);
    heap.used = 12 * MB;
    vi.advanceTimersByTime(99);
    expect(heap.collections).toBe(0);
    vi.advanceTimersByTime(1);
    expect(heap.collections).toBe(1);
    governor.stop();
    heap.used = 12 * MB;
    vi.advanceTimersByTime(1000);
    expect(heap.collections).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("uses V8's real gc: a governed check frees large garbage V8 alone leaves in place", () => {
    const probes = v8Probes();
    const check = heapCheck(MB, probes);
    // 1 MB arrays are large objects: only a full collection frees them, and V8 alone lets ~8 MB pile up.
    expect(allocateGarbage(4)).toBe(4);
    const before = probes.usedHeap();
    expect(check()).toBe(true);
    expect(probes.usedHeap()).toBeLessThan(before - 3 * MB);
  });
});
