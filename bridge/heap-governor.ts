import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

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
export function governHeap(slackBytes = 1024 * 1024, intervalMs = 100): void {
  // The gc function exists only in contexts created while --expose-gc is on; it is not put on globalThis.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  let live = getHeapStatistics().used_heap_size;
  setInterval(() => {
    const used = getHeapStatistics().used_heap_size;
    if (used > live + slackBytes) {
      gc();
      live = getHeapStatistics().used_heap_size;
    } else if (used < live) {
      // V8 collected on its own meanwhile.
      live = used;
    }
  }, intervalMs).unref();
}
