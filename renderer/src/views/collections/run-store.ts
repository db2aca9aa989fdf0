/**
 * The running collection's progress, fed by main's `collections:progress` events (the run's answer, with
 * every result, is the run mutation's data). Components subscribe with selectors, so an event re-renders
 * the progress bar and the item it finished, nothing else.
 */
import { create } from 'zustand';
import type { Era } from '../../../../domain/collections/eras';
import type { ItemResult } from '../../../../domain/ipc/collections-channels';
import type { CompanionApi } from '../../../../domain/ipc/facade';

/** One era's finished items so far. */
export interface LiveRun {
  readonly era: Era;
  readonly items: readonly ItemResult[];
}

export interface RunState {
  /** The run in progress, '' when none. */
  runId: string;
  file: string;
  done: number;
  /** Every item once per era. */
  total: number;
  /** The item now running, and its era. */
  current: string;
  era: Era | '';
  /** Results of the items finished so far, per era in the order the eras run. */
  runs: readonly LiveRun[];
}

const initial: RunState = { runId: '', file: '', done: 0, total: 0, current: '', era: '', runs: [] };

export const useRunStore = create<RunState>()(() => initial);

/** Back to the state the app starts in (tests). */
export function resetRunStore(): void {
  useRunStore.setState(initial, true);
}

export function beginRun(runId: string, file: string, total: number): void {
  useRunStore.setState({ runId, file, done: 0, total, current: '', era: '', runs: [] });
}

/** The run answered (or failed): its progress is no longer shown. */
export function endRun(runId: string): void {
  if (useRunStore.getState().runId === runId) useRunStore.setState(initial, true);
}

function withItem(runs: readonly LiveRun[], era: Era, item: ItemResult): LiveRun[] {
  const last = runs.at(-1);
  if (last?.era === era) return [...runs.slice(0, -1), { era, items: [...last.items, item] }];
  return [...runs, { era, items: [item] }];
}

/** Follows the running collection's events; the view subscribes while it is shown. */
export function followRunProgress(api: CompanionApi): () => void {
  return api.on('collections:progress', (event) => {
    const s = useRunStore.getState();
    if (event.runId !== s.runId) return;
    useRunStore.setState({
      done: event.done,
      total: event.total,
      current: event.item ? '' : (event.current ?? ''),
      era: event.era,
      ...(event.item ? { runs: withItem(s.runs, event.era, event.item) } : {}),
    });
  });
}
