import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** What the governor reads and does; V8's by default, injectable so its rule can be tested exactly. */
export interface HeapProbes {
  /** Bytes of the heap in use now (V8's `used_heap_size`). */
  usedHeap(): number;
  /** A full collection. */
  gc(): void;
}

/** A running governor; `stop()` clears its timer (idempotent). */
export interface HeapGovernor {
  stop(): void;
}

/**
 * The governor's rule, one check at a time: collect once used heap exceeds what was live after the last
 * collection by more than `slackBytes`; if V8 collected on its own meanwhile, lower the baseline. Returns
 * whether this check collected.
 */
export function heapCheck(slackBytes: number, probes: HeapProbes): () => boolean {
  let live = probes.usedHeap();
  return () => {
    const used = probes.usedHeap();
    if (used > live + slackBytes) {
      probes.gc();
      live = probes.usedHeap();
      return true;
    }
    // V8 collected on its own meanwhile.
    if (used < live) live = used;
    return false;
  };
}

/** V8's own probes. The gc function exists only in contexts created while --expose-gc is on. */
export function v8Probes(): HeapProbes {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  return { usedHeap: () => getHeapStatistics().used_heap_size, gc };
}

/**
 * Keeps the bridge's V8 heap within `slackBytes` of what was live after the last full collection. V8
 * lets the old generation grow by at least 8 MB past its live size before it collects it (whatever
 * --heap-growing-percent says), and with many calls in flight most of that is request objects that
 * outlived two scavenges and died just after: at 64 in flight the heap reached ~14 MB with ~6 MB live.
 * A full collection of this small heap takes a few milliseconds, so collecting once the heap has grown
 * by `slackBytes` costs little CPU and keeps peak RSS ~6 MB lower. The check is one heap-statistics
 * read every `intervalMs`, on a timer that never keeps the process alive.
 *
 * Only for a process the bridge owns (it exposes V8's gc function to this module, nowhere else).
 */
export function governHeap(slackBytes = 1024 * 1024, intervalMs = 100, probes: HeapProbes = v8Probes()): HeapGovernor {
  const check = heapCheck(slackBytes, probes);
  const timer = setInterval(check, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
