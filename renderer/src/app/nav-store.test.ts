// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { useNavStore } from './nav-store';

beforeEach(() => {
  history.replaceState(null, '', '#/overview');
  useNavStore.setState({ section: 'overview', part: undefined });
});

describe('nav store', () => {
  it('opens a section as a new history entry and keeps a place inside it in the address', () => {
    const before = history.length;
    useNavStore.getState().go('validators');
    expect(useNavStore.getState()).toMatchObject({ section: 'validators', part: undefined });
    expect(history.length).toBe(before + 1);
    const address = location.hash;
    useNavStore.getState().show('validators', 'chain', { replace: true });
    expect(useNavStore.getState().part).toBe('chain');
    expect(location.hash).not.toBe(address);
    expect(history.length).toBe(before + 1);
  });

  it('follows a hand-edited address', () => {
    location.hash = '#/registry-check';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(useNavStore.getState().section).toBe('registry-check');
  });
});
