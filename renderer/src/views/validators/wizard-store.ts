/**
 * What the user entered and where they are: the draft (persisted, see draft.ts) and the few inputs that
 * say what to ask main next. What main answers (folder, lists, checks, logo, plan) is request state in
 * TanStack Query (wizard-queries.ts), keyed by these inputs.
 */
import { create } from 'zustand';
import { emptyDraft, type Draft, type StepId } from './draft';

export interface WizardUi {
  draft: Draft;
  /** The stored draft has been read (saving starts only after that, so it is never overwritten by an empty one). */
  hydrated: boolean;
  /** The folder text last sent to be checked (the field waits for a pause in typing, or Enter). */
  folderInput: string;
  /** The form the engine's live check was asked about after a pause in typing (a liveKey). */
  liveAsked: string;
  /** Why the stored copy of the chosen logo could not be read back (the draft then forgets the logo). */
  logoLost: string | null;
}

export const initialUi = (): WizardUi => ({ draft: emptyDraft(), hydrated: false, folderInput: '', liveAsked: '', logoLost: null });

export const useWizardStore = create<WizardUi>()(() => initialUi());

/** Changes the draft (and stamps it, so the newest copy wins when both stored copies exist). */
export function updateDraft(change: Partial<Draft> | ((d: Draft) => Partial<Draft>)): void {
  useWizardStore.setState((s) => {
    const patch = typeof change === 'function' ? change(s.draft) : change;
    return { draft: { ...s.draft, ...patch, updatedAt: Date.now() } };
  });
}

export const goToStep = (step: StepId) => updateDraft({ step });
