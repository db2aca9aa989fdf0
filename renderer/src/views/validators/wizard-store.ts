/**
 * The wizard's state. `draft` is what the user entered (persisted, see draft.ts); everything else is
 * derived from the disk through main and re-fetched after a restart.
 */
import { create } from 'zustand';
import type {
  EntrySnapshot,
  ExistingLogo,
  FolderInfo,
  LogoFix,
  LogoInspection,
  PlanView,
  RegistryFinding,
} from '../../../../domain/ipc/registry-channels';
import { emptyDraft, type Draft, type StepId } from './draft';

export type Load<T> =
  { status: 'idle' } | { status: 'loading'; data?: T } | { status: 'done'; data: T } | { status: 'error'; message: string; data?: T };

export interface WizardState {
  draft: Draft;
  /** The stored draft has been read (saving starts only after that, so it is never overwritten by an empty one). */
  hydrated: boolean;
  folder: Load<FolderInfo> & { input?: string };
  recent: string[];
  entries: Load<EntrySnapshot[]> & { chain?: string };
  /** Engine findings for the current form, and the form they were computed for. */
  live: { key: string; findings: RegistryFinding[] } | null;
  logo: Load<LogoInspection> & { fileName?: string };
  fix: Load<LogoFix> & { key?: string };
  existingLogo: Load<ExistingLogo> & { key?: string };
  plan: Load<PlanView> & { key?: string };
  writing: Load<null>;
  undoing: Load<null>;
  committing: Load<null>;
}

export const initialState = (): WizardState => ({
  draft: emptyDraft(),
  hydrated: false,
  folder: { status: 'idle' },
  recent: [],
  entries: { status: 'idle' },
  live: null,
  logo: { status: 'idle' },
  fix: { status: 'idle' },
  existingLogo: { status: 'idle' },
  plan: { status: 'idle' },
  writing: { status: 'idle' },
  undoing: { status: 'idle' },
  committing: { status: 'idle' },
});

export const useWizardStore = create<WizardState>()(() => initialState());

/** Changes the draft (and stamps it, so the newest copy wins when both stored copies exist). */
export function updateDraft(change: Partial<Draft> | ((d: Draft) => Partial<Draft>)): void {
  useWizardStore.setState((s) => {
    const patch = typeof change === 'function' ? change(s.draft) : change;
    return { draft: { ...s.draft, ...patch, updatedAt: Date.now() } };
  });
}

export const goToStep = (step: StepId) => updateDraft({ step });

/** The entry being updated, from the loaded list. */
export function currentSnapshot(s: WizardState): EntrySnapshot | null {
  if (s.draft.mode !== 'update' || s.entries.status !== 'done' || s.entries.chain !== s.draft.chain) return null;
  return s.entries.data.find((e) => e.id === s.draft.originalId) ?? null;
}
