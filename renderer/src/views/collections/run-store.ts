/**
 * The running collection's progress, fed by main's `collections:progress` events (the run's answer, with
 * every result, is the run mutation's data). Components subscribe with selectors, so an event re-renders
 * the progress bar and the item it finished, nothing else.
 */
import { create } from 'zustand';
import type { ItemResult } from '../../../../domain/ipc/collections-channels';
import type { CompanionApi } from '../../../../domain/ipc/facade';

export interface RunState {
  /** The run in progress, '' when none. */
  runId: string;
  file: string;
  done: number;
  total: number;
  /** The item now running. */
  current: string;
  /** Results of the items finished so far, in order. */
  items: ItemResult[];
}

const initial: RunState = { runId: '', file: '', done: 0, total: 0, current: '', items: [] };

export const useRunStore = create<RunState>()(() => initial);

/** Back to the state the app starts in (tests). */
export function resetRunStore(): void {
  useRunStore.setState(initial, true);
}

export function beginRun(runId: string, file: string, total: number): void {
  useRunStore.setState({ runId, file, done: 0, total, current: '', items: [] });
}

/** The run answered (or failed): its progress is no longer shown. */
export function endRun(runId: string): void {
  if (useRunStore.getState().runId === runId) useRunStore.setState(initial, true);
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
      ...(event.item ? { items: [...s.items, event.item] } : {}),
    });
  });
}
