/**
 * What the engine's live check of the Details is asked about: the entry as it would be written (for an
 * update, the optional objects merged with the listed entry), and, when the check itself fails, the one
 * finding that says so.
 */
import type { EntrySnapshot, RegistryFinding } from '../../../../domain/ipc/registry-channels';
import { sourceRoot } from './remote/source';
import { operationOf } from './wizard-progress';
import { currentSnapshot, type WizardState } from './wizard-state';

export interface CheckRequest {
  root: string;
  chain: string;
  entry: Record<string, unknown>;
  options: { originalId?: string };
}

/** The check for the current form, or null while there is no folder or chain to check it against. */
export function checkRequest(s: WizardState): CheckRequest | null {
  const root = sourceRoot(s.draft);
  if (!root || !s.draft.chain) return null;
  const op = operationOf(s, false);
  const entry: Record<string, unknown> =
    op.kind === 'add'
      ? { ...op.entry }
      : {
          id: s.draft.originalId,
          name: s.draft.form.name,
          description: s.draft.form.description,
          website: s.draft.form.website,
          ...withOptional(op, currentSnapshot(s)),
        };
  return {
    root,
    chain: s.draft.chain,
    entry,
    options: s.draft.mode === 'update' ? { originalId: s.draft.originalId } : {},
  };
}

/** For an update, the optional objects as they would be after the change (numbers from the form). */
function withOptional(op: ReturnType<typeof operationOf>, snapshot: EntrySnapshot | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const merge = (
    key: 'payout' | 'staking' | 'status',
    before: Record<string, unknown> | undefined,
    change: Record<string, unknown> | null | undefined,
  ) => {
    if (change === null) return;
    const next: Record<string, unknown> = { ...before };
    for (const [k, v] of Object.entries(change ?? {})) {
      if (v === null) delete next[k];
      else if (v !== undefined) next[k] = v;
    }
    if (Object.keys(next).length > 0) out[key] = next;
  };
  const changes =
    op.kind === 'update' ? op.changes : op.kind === 'disable' ? { status: { disabled: true, ...(op.note ? { note: op.note } : {}) } } : {};
  merge('payout', snapshot?.payout, changes.payout);
  merge('staking', snapshot?.staking, changes.staking);
  merge('status', snapshot?.status, changes.status);
  return out;
}

/** A check that could not run blocks Next like an error finding, with the reason. */
export const checkFailed = (message: string): RegistryFinding[] => [
  {
    severity: 'error',
    code: 'check-failed',
    path: '',
    chain: null,
    id: null,
    message: `The details could not be checked: ${message}`,
    meaning: '',
  },
];
