/**
 * Live validation of the Validator ID field with the shared identifier module (main checks again before
 * writing), plus the registry's own question: is this validator listed already?
 */
import { checkValidatorId, getRegistryChain } from '../../../../domain/index';
import type { EntrySnapshot } from '../../../../domain/ipc/registry-channels';

export type IdState =
  | { kind: 'empty'; message: string }
  | { kind: 'invalid'; message: string; code: string }
  | { kind: 'valid'; value: string; normalised: boolean }
  | { kind: 'listed'; value: string; entry: EntrySnapshot };

/** The identifier module writes fragments ("checksum does not match — check for a typo"); the form shows sentences. */
export function sentence(fragment: string): string {
  const text = fragment.trim();
  if (text === '') return text;
  return `${text[0]!.toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}

export function checkIdInput(chain: string, raw: string, entries: readonly EntrySnapshot[] | null): IdState {
  const known = getRegistryChain(chain);
  if (raw === '')
    return {
      kind: 'empty',
      message: known ? `Paste your validator's id. ${known.name} ids look like ${known.exampleId}.` : 'Paste your validator id.',
    };
  if (!known) return { kind: 'invalid', code: 'unknown-chain', message: 'Choose a chain first: the id format depends on the chain.' };
  const result = checkValidatorId(chain, raw);
  if (!result.ok) return { kind: 'invalid', code: result.code, message: sentence(result.message) };
  const entry = entries?.find((e) => e.id === result.value || e.id === raw);
  if (entry) return { kind: 'listed', value: entry.id, entry };
  return { kind: 'valid', value: result.value, normalised: result.value !== raw };
}
