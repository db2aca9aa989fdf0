/**
 * The wizard as the steps read it: the draft, and each answer from main as a small Load (idle, loading,
 * done, error). Pure, so the step rules (wizard-progress.ts) are tested without React or a query cache.
 */
import type {
  EntrySnapshot,
  ExistingLogo,
  FolderInfo,
  LogoFix,
  LogoInspection,
  PlanView,
  RegistryFinding,
} from '../../../../domain/ipc/registry-channels';
import { emptyDraft, type Draft } from './draft';

export type Load<T> =
  | { status: 'idle' }
  | { status: 'loading'; data?: T }
  | { status: 'done'; data: T }
  /** `code`: main's stable code for the failure (a CompanionError's), so the wizard can tell causes apart. */
  | { status: 'error'; message: string; code?: string; data?: T };

export interface WizardState {
  draft: Draft;
  hydrated: boolean;
  folder: Load<FolderInfo>;
  /** The list of `chain` (the draft's chain). */
  entries: Load<EntrySnapshot[]> & { chain?: string };
  /** Engine findings for the form, and the form they were computed for (a liveKey). */
  live: { key: string; findings: RegistryFinding[] } | null;
  logo: Load<LogoInspection> & { fileName?: string };
  /** The fixed logo, and the draft logo (a fixKey) it was made for. */
  fix: Load<LogoFix> & { key?: string };
  existingLogo: Load<ExistingLogo>;
  /** The planned write, and what it was planned for (a planKey). */
  plan: Load<PlanView> & { key?: string };
}

export const initialState = (): WizardState => ({
  draft: emptyDraft(),
  hydrated: false,
  folder: { status: 'idle' },
  entries: { status: 'idle' },
  live: null,
  logo: { status: 'idle' },
  fix: { status: 'idle' },
  existingLogo: { status: 'idle' },
  plan: { status: 'idle' },
});

/** The parts of a TanStack query result a Load is made from. */
export interface QueryLike<T> {
  status: 'pending' | 'error' | 'success';
  fetchStatus: 'fetching' | 'paused' | 'idle';
  data: T | undefined;
  error: Error | null;
  isPlaceholderData: boolean;
}

/**
 * A query as a Load. A fresh answer on its way is "loading" (with the previous one, when the query keeps
 * it as a placeholder); a background refresh of an answer already shown keeps it "done".
 */
export function loadOf<T>(q: QueryLike<T>): Load<T> {
  if (q.status === 'success' && !q.isPlaceholderData) return { status: 'done', data: q.data as T };
  if (q.fetchStatus === 'fetching') return q.data === undefined ? { status: 'loading' } : { status: 'loading', data: q.data };
  if (q.status === 'error') {
    const code = (q.error as { code?: unknown } | null)?.code;
    return { status: 'error', message: q.error?.message ?? 'Failed.', ...(typeof code === 'string' ? { code } : {}) };
  }
  return { status: 'idle' };
}

/** The entry being updated, from the loaded list. */
export function currentSnapshot(s: WizardState): EntrySnapshot | null {
  if (s.draft.mode !== 'update' || s.entries.status !== 'done' || s.entries.chain !== s.draft.chain) return null;
  return s.entries.data.find((e) => e.id === s.draft.originalId) ?? null;
}
