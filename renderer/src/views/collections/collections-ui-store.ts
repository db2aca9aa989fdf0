/**
 * What the user chose in the Collections view (UI state; a collection's content and the profiles are
 * queries): the open collection, and for each collection the run options last chosen for it, kept while
 * the app runs.
 */
import { create } from 'zustand';
import type { EraChoice } from '../../../../domain/collections/eras';

/** A run's options, as `companion test` takes them. */
export interface RunChoices {
  /** `--profile` for the items that name none; '' for none chosen (the built-in reference gateway). */
  readonly profile: string;
  /** `--era`. */
  readonly era: EraChoice;
  /** `--env`: the environment file's path as typed or chosen; '' for none. */
  readonly envFile: string;
}

/** What a collection runs with until something else is chosen for it: what `companion test` does without flags. */
export const DEFAULT_RUN_CHOICES: RunChoices = { profile: '', era: '2025-11-25', envFile: '' };

export interface CollectionsUi {
  /** The open collection's file name, '' for none. */
  open: string;
  /** By collection file name. */
  runChoices: Readonly<Record<string, RunChoices>>;
}

const initial: CollectionsUi = { open: '', runChoices: {} };

export const useCollectionsUi = create<CollectionsUi>()(() => initial);

export function openCollection(file: string): void {
  useCollectionsUi.setState({ open: file });
}

/** The run options last chosen for the collection (a stable object, so selectors do not re-render for nothing). */
export function runChoicesOf(state: CollectionsUi, file: string): RunChoices {
  return state.runChoices[file] ?? DEFAULT_RUN_CHOICES;
}

/**
 * The choices a run uses: the remembered ones, except a profile that is no longer among `profiles` (the
 * ones besides the built-in gateway; undefined while they load), which falls back to the built-in one.
 */
export function choicesInEffect(choices: RunChoices, profiles: readonly string[] | undefined): RunChoices {
  if (choices.profile === '' || profiles === undefined || profiles.includes(choices.profile)) return choices;
  return { ...choices, profile: '' };
}

export function chooseRunOptions(file: string, change: Partial<RunChoices>): void {
  useCollectionsUi.setState((s) => ({ runChoices: { ...s.runChoices, [file]: { ...runChoicesOf(s, file), ...change } } }));
}

/** Back to the state the app starts in (tests). */
export function resetCollectionsUi(): void {
  useCollectionsUi.setState(initial, true);
}
