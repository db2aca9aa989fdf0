import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyDraft } from './draft';
import { goToStep, initialUi, updateDraft, useWizardStore } from './wizard-store';

beforeEach(() => {
  useWizardStore.setState(initialUi(), true);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(1_800_000_000_000);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('wizard store', () => {
  it('starts with an empty draft that is not read yet and nothing asked', () => {
    expect(initialUi()).toEqual({ draft: emptyDraft(), hydrated: false, folderInput: '', liveAsked: '', logoLost: null });
    // Each call is a fresh state: resetting one wizard never shares a draft object with another.
    expect(initialUi().draft).not.toBe(initialUi().draft);
  });

  it('updateDraft merges a patch and stamps the draft with the time of the change', () => {
    updateDraft({ chain: 'smartchain' });
    const { draft } = useWizardStore.getState();
    expect(draft).toEqual({ ...emptyDraft(), chain: 'smartchain', updatedAt: 1_800_000_000_000 });
  });

  it('updateDraft takes a function of the current draft', () => {
    updateDraft({ chain: 'smartchain' });
    vi.setSystemTime(1_800_000_000_500);
    updateDraft((d) => ({ originalId: `${d.chain}-id` }));
    const { draft } = useWizardStore.getState();
    expect(draft.chain).toBe('smartchain');
    expect(draft.originalId).toBe('smartchain-id');
    expect(draft.updatedAt).toBe(1_800_000_000_500);
  });

  it('updateDraft leaves the rest of the UI state alone and replaces the draft object', () => {
    useWizardStore.setState({ folderInput: '/tmp/assets', hydrated: true });
    const before = useWizardStore.getState().draft;
    updateDraft({ chain: 'ethereum' });
    const after = useWizardStore.getState();
    expect(after.draft).not.toBe(before);
    expect(before.chain).toBe('');
    expect(after.folderInput).toBe('/tmp/assets');
    expect(after.hydrated).toBe(true);
  });

  it('goToStep moves the draft to a step and stamps it', () => {
    goToStep('logo');
    expect(useWizardStore.getState().draft.step).toBe('logo');
    expect(useWizardStore.getState().draft.updatedAt).toBe(1_800_000_000_000);
  });
});
