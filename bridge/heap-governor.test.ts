import { getHeapStatistics } from 'node:v8';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { governHeap } from './heap-governor';

describe('governHeap', () => {
  it('collects garbage once the heap has grown past the slack, long before V8 would on its own', async () => {
    governHeap(1024 * 1024, 5);
    const start = getHeapStatistics().used_heap_size;
    let peak = start;
    // 1 MB arrays are large objects: only a full collection frees them, and V8 alone lets ~8 MB pile up first.
    for (let i = 0; i < 40; i++) {
      const garbage = new Array<number>(128 * 1024).fill(i);
      expect(garbage.length).toBe(128 * 1024);
      await sleep(10);
      peak = Math.max(peak, getHeapStatistics().used_heap_size);
    }
    expect(peak - start).toBeLessThan(4 * 1024 * 1024);
  });
});
