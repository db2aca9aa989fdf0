/**
 * What the Review step says first, in plain words: "Adds Example Validator to Cosmos Hub". Built from
 * what the user chose (not from the plan's technical summary, which names the id for the history log).
 */
export type ReviewKind = 'add' | 'update' | 'disable';

export function reviewKind(mode: 'add' | 'update', disableNow: boolean): ReviewKind {
  if (mode === 'add') return 'add';
  return disableNow ? 'disable' : 'update';
}

export function reviewSentence(kind: ReviewKind, name: string, chainName: string): string {
  const who = name.trim() || 'your validator';
  if (kind === 'add') return `Adds ${who} to ${chainName}`;
  if (kind === 'disable') return `Marks ${who} on ${chainName} as disabled`;
  return `Updates ${who} on ${chainName}`;
}

/** The entry's fields as the card shows them, read from the entry text the plan will write. */
export interface EntryCard {
  readonly name: string;
  readonly id: string;
  readonly description: string;
  readonly website: string;
  readonly disabledNote: string | null;
}

export function entryCard(entryJson: string, fallbackId: string): EntryCard | null {
  let value: unknown;
  try {
    value = JSON.parse(entryJson);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entry = value as Record<string, unknown>;
  const text = (key: string) => (typeof entry[key] === 'string' ? entry[key] : '');
  const status = typeof entry['status'] === 'object' && entry['status'] !== null ? (entry['status'] as Record<string, unknown>) : null;
  return {
    name: text('name'),
    id: text('id') || fallbackId,
    description: text('description'),
    website: text('website'),
    disabledNote: status?.['disabled'] === true ? (typeof status['note'] === 'string' ? status['note'] : '') : null,
  };
}
