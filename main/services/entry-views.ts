/**
 * A chain's list as the wizard shows it, and one entry checked against it: the same for a registry folder
 * (registry-handlers.ts) and for the upstream read through the API (github-handlers.ts).
 */
import type { EntrySnapshot, RegistryFinding } from '../../domain/ipc/registry-channels';
import { checkEntry } from '../../registry/index';
import { entrySnapshot } from './wizard/entry-snapshot';
import { findingViews } from './wizard/findings-view';

/** The list's entries as the form shows them; anything that is not an entry with an id is left out. */
export function chainEntries(entries: readonly unknown[]): { entries: EntrySnapshot[] } {
  return { entries: entries.flatMap((e, i) => entrySnapshot(e, i) ?? []) };
}

/**
 * The findings of `entry` for `chain`, its id checked against the ids already in the list (all but
 * `originalId`, the entry being updated). Without a readable list (undefined), the id is not checked.
 */
export function entryFindings(
  chain: string,
  entry: unknown,
  listEntries: readonly unknown[] | undefined,
  originalId: string | undefined,
): { findings: RegistryFinding[] } {
  const ids = listEntries?.flatMap((e) =>
    typeof e === 'object' && e !== null && typeof (e as { id?: unknown }).id === 'string' ? [(e as { id: string }).id] : [],
  );
  const existingIds = ids && new Set(originalId ? ids.filter((id) => id !== originalId) : ids);
  return { findings: findingViews(checkEntry(chain, entry, existingIds ? { existingIds } : {})) };
}
