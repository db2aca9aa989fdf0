import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface NavState {
  section: string;
  go: (section: string) => void;
}

export const useNavStore = create<NavState>()(
  persist((set) => ({ section: 'overview', go: (section) => set({ section }) }), { name: 'companion.nav' }),
);
