import { create } from 'zustand';
import type { CompanionApi } from '../../../../../domain/ipc/facade';
import type { HistorySummary, TrafficEntry } from '../../../../../domain/ipc/playground-channels';

const TRAFFIC_KEEP = 1000;

interface ActivityState {
  tab: 'history' | 'traffic' | 'compare';
  history: HistorySummary[];
  historyLimit: number;
  historyError: string | undefined;
  /** Up to two history ids picked for the side-by-side diff. */
  compare: string[];
  traffic: TrafficEntry[];
  selectedTraffic: number | undefined;
  setTab: (tab: ActivityState['tab']) => void;
  loadHistory: (api: CompanionApi) => Promise<void>;
  toggleCompare: (id: string) => void;
  addTraffic: (entry: TrafficEntry) => void;
  loadTraffic: (api: CompanionApi) => Promise<void>;
  clearTraffic: () => void;
  selectTraffic: (seq: number | undefined) => void;
}

export const useActivityStore = create<ActivityState>()((set, get) => ({
  tab: 'history',
  history: [],
  historyLimit: 500,
  historyError: undefined,
  compare: [],
  traffic: [],
  selectedTraffic: undefined,
  setTab: (tab) => set({ tab }),
  async loadHistory(api) {
    try {
      const { entries, limit } = await api.playground.history();
      const ids = new Set(entries.map((e) => e.id));
      set((s) => {
        // An entry never changes once written: the ones already listed stay the same objects, so that
        // only new rows render (the list has up to 500).
        const listed = new Map(s.history.map((e) => [e.id, e]));
        return {
          history: entries.map((e) => listed.get(e.id) ?? e),
          historyLimit: limit,
          historyError: undefined,
          compare: s.compare.filter((id) => ids.has(id)),
        };
      });
    } catch (error) {
      set({ historyError: (error as Error).message });
    }
  },
  toggleCompare(id) {
    const compare = get().compare;
    if (compare.includes(id)) set({ compare: compare.filter((c) => c !== id) });
    else set({ compare: [...compare, id].slice(-2) });
  },
  addTraffic(entry) {
    set((s) => {
      if (s.traffic.length > 0 && s.traffic[s.traffic.length - 1]!.seq >= entry.seq && entry.seq !== 1) return s;
      const next = entry.seq === 1 ? [entry] : [...s.traffic, entry];
      return { traffic: next.length > TRAFFIC_KEEP ? next.slice(-TRAFFIC_KEEP) : next };
    });
  },
  async loadTraffic(api) {
    try {
      const { entries } = await api.playground.traffic();
      set({ traffic: entries.slice(-TRAFFIC_KEEP) });
    } catch {
      // not connected yet
    }
  },
  clearTraffic: () => set({ traffic: [], selectedTraffic: undefined }),
  selectTraffic: (selectedTraffic) => set({ selectedTraffic }),
}));
