/**
 * The playground's connection choices: the profile the user picked (persisted) and whether the profiles
 * panel is open. The connection itself is main's answer and lives in the session query
 * (playground-queries.ts); the profile in effect is derived (profileInEffect).
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface ConnectionChoices {
  /** Persisted: the profile the user last picked. */
  selected: string;
  profilesOpen: boolean;
  select: (name: string) => void;
  toggleProfiles: (open?: boolean) => void;
}

export const useConnectionStore = create<ConnectionChoices>()(
  persist(
    (set) => ({
      selected: 'default',
      profilesOpen: false,
      select: (selected) => set({ selected }),
      toggleProfiles: (open) => set((s) => ({ profilesOpen: open ?? !s.profilesOpen })),
    }),
    { name: 'companion.playground.connection', partialize: (s) => ({ selected: s.selected }) },
  ),
);
