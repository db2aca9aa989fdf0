import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export type ThemePreference = 'system' | 'light' | 'dark';

interface ThemeState {
  preference: ThemePreference;
  setPreference: (preference: ThemePreference) => void;
}

export const useThemeStore = create<ThemeState>()(
  persist((set) => ({ preference: 'system', setPreference: (preference) => set({ preference }) }), { name: 'companion.theme' }),
);

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

/** Keeps `<html data-theme>` in step with the preference and, for "system", with the OS setting. */
export function applyTheme(): () => void {
  const apply = () => {
    const { preference } = useThemeStore.getState();
    const dark = preference === 'dark' || (preference === 'system' && darkQuery().matches);
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  };
  apply();
  const query = darkQuery();
  query.addEventListener('change', apply);
  const unsubscribe = useThemeStore.subscribe(apply);
  return () => {
    query.removeEventListener('change', apply);
    unsubscribe();
  };
}
