// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, useThemeStore } from './theme-store';

let osDark = false;
beforeEach(() => {
  osDark = false;
  useThemeStore.setState({ preference: 'system' });
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: osDark,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
});

describe('theme store', () => {
  it('follows the OS for "system" and the choice otherwise, and remembers the choice', () => {
    const stop = applyTheme();
    expect(document.documentElement.dataset.theme).toBe('light');
    useThemeStore.getState().setPreference('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('companion.theme')).toContain('"preference":"dark"');
    stop();
    useThemeStore.getState().setPreference('light');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('uses the OS setting under "system"', () => {
    osDark = true;
    const stop = applyTheme();
    expect(document.documentElement.dataset.theme).toBe('dark');
    stop();
  });
});
