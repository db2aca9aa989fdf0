/**
 * When the Details step shows its errors: a field's once the user touched it (left it after focusing it,
 * or changed it), and all of them once the user pressed Next. Before that an empty form is not a list of
 * complaints. Warnings and notes about what a field holds show as they come: they never block.
 * Fields are named as the engine's findings name them (`name`, `payout.commission`, `status.note`).
 */
import { create } from 'zustand';
import type { RegistryFinding } from '../../../../domain/ipc/registry-channels';
import { engineField, NUMBER_FIELDS, type EntryForm } from './entry-form';

interface DetailsTouch {
  touched: readonly string[];
  /** Next was pressed while a field still had an error. */
  submitted: boolean;
  /** Counts those presses: each moves focus to the first field to fix. */
  focusRequest: number;
}

export const useDetailsTouch = create<DetailsTouch>()(() => ({ touched: [], submitted: false, focusRequest: 0 }));

/**
 * The step opened afresh. Fields that open with a value (an entry being updated, a finding being fixed,
 * a draft) count as touched: the user came to see what is wrong with them. Only empty fields wait.
 */
export const resetDetailsTouch = (filled: readonly string[] = []) => useDetailsTouch.setState({ touched: [...filled], submitted: false });

/** The Details fields of `form` that hold a value, named as the engine's findings name them. */
export function filledDetails(form: EntryForm): string[] {
  const texts = (['name', 'description', 'website'] as const).filter((f) => form[f].trim() !== '');
  const numbers = NUMBER_FIELDS.filter((f) => form[f].trim() !== '').map(engineField);
  return [...texts, ...numbers];
}

export function touchDetail(field: string): void {
  const { touched } = useDetailsTouch.getState();
  if (!touched.includes(field)) useDetailsTouch.setState({ touched: [...touched, field] });
}

/** Next was pressed with errors left: show them all and put the cursor in the first. */
export const submitDetails = () => useDetailsTouch.setState((s) => ({ submitted: true, focusRequest: s.focusRequest + 1 }));

/** Whether the errors about `field` (or a part of it, `payout` for `payout.commission`) show. */
export function errorsShown(field: string, state: Pick<DetailsTouch, 'touched' | 'submitted'>): boolean {
  return state.submitted || state.touched.some((t) => field === t || field.startsWith(`${t}.`));
}

/** What a field shows: its warnings and notes always, its errors once they show. */
export function shownFindings(
  field: string,
  findings: readonly RegistryFinding[] | null,
  state: Pick<DetailsTouch, 'touched' | 'submitted'>,
): RegistryFinding[] | null {
  if (!findings || errorsShown(field, state)) return findings && [...findings];
  return findings.filter((f) => f.severity !== 'error');
}
