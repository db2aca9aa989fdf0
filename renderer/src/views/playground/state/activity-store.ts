/**
 * The activity panel's choices: the tab shown, the two history calls picked for comparison and the
 * traffic message opened. The history and the traffic are main's and live in queries
 * (playground-queries.ts); a pick whose call left the history is dropped when read (useCompare).
 */
import { useMemo } from 'react';
import { create } from 'zustand';
import { useHistory } from './playground-queries';

interface ActivityChoices {
  tab: 'history' | 'traffic' | 'compare';
  /** Up to two history ids picked for the side-by-side diff. */
  compare: string[];
  selectedTraffic: number | undefined;
  setTab: (tab: ActivityChoices['tab']) => void;
  toggleCompare: (id: string) => void;
  selectTraffic: (seq: number | undefined) => void;
}

export const useActivityStore = create<ActivityChoices>()((set, get) => ({
  tab: 'history',
  compare: [],
  selectedTraffic: undefined,
  setTab: (tab) => set({ tab }),
  toggleCompare(id) {
    const compare = get().compare;
    if (compare.includes(id)) set({ compare: compare.filter((c) => c !== id) });
    else set({ compare: [...compare, id].slice(-2) });
  },
  selectTraffic: (selectedTraffic) => set({ selectedTraffic }),
}));

/** The picks still in the history (all of them before the history is read). */
export function comparedIn(compare: readonly string[], entries: readonly { id: string }[] | undefined): string[] {
  if (!entries) return [...compare];
  const ids = new Set(entries.map((e) => e.id));
  return compare.filter((id) => ids.has(id));
}

/** The two (or fewer) calls picked for comparison that the history still has. */
export function useCompare(): string[] {
  const picked = useActivityStore((s) => s.compare);
  const entries = useHistory((h) => h.entries).data;
  return useMemo(() => comparedIn(picked, entries), [picked, entries]);
}
