/**
 * The wizard's form as text fields, and how it becomes the engine's operation: a new entry, the
 * changes to an existing one (only what the user changed, so fields the form cannot show stay as they
 * are), or a plain "disable". Numbers are parsed here so the user sees a message while typing.
 */
import { z } from 'zod';
import type { EntrySnapshot, LogoRef, WizardOperation } from '../../../../domain/ipc/registry-channels';
import { EDITABLE_TEXT_FIELDS, ENTRY_GROUPS, type EntryChanges, type EntryInput } from '../../../../domain/registry-entry';

/** The form's fields as typed: the entry's text fields, and its number fields as text until they parse. */
export const EntryForm = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  website: z.string(),
  commission: z.string(),
  payoutDelay: z.string(),
  payoutPeriod: z.string(),
  minDelegation: z.string(),
});
export type EntryForm = z.infer<typeof EntryForm>;

export const NUMBER_FIELDS = [...ENTRY_GROUPS.payout, ...ENTRY_GROUPS.staking] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

/** A number field as the engine's findings name it: `payout.commission`, `staking.minDelegation`. */
export const engineField = (field: NumberField): string =>
  `${(ENTRY_GROUPS.payout as readonly string[]).includes(field) ? 'payout' : 'staking'}.${field}`;

export const emptyForm = (): EntryForm => ({
  id: '',
  name: '',
  description: '',
  website: '',
  commission: '',
  payoutDelay: '',
  payoutPeriod: '',
  minDelegation: '',
});

const text = (n: number | undefined) => (n === undefined ? '' : String(n));

export function formFromSnapshot(s: EntrySnapshot): EntryForm {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    website: s.website,
    commission: text(s.payout?.commission),
    payoutDelay: text(s.payout?.payoutDelay),
    payoutPeriod: text(s.payout?.payoutPeriod),
    minDelegation: text(s.staking?.minDelegation),
  };
}

export type ParsedNumber = { ok: true; value: number | undefined } | { ok: false; message: string };

const NUMBER_HINTS: Record<NumberField, string> = {
  commission: 'Enter the commission as a number from 0 to 100, for example 5 for 5%.',
  payoutDelay: 'Enter a whole number of cycles, for example 0 or 2.',
  payoutPeriod: 'Enter a whole number of cycles, for example 1.',
  minDelegation: 'Enter a number, for example 1 or 0.5.',
};

/** Parses one optional number field: empty means "not set". Accepts a decimal comma and a trailing %. */
export function parseNumberField(field: NumberField, raw: string): ParsedNumber {
  const trimmed = field === 'commission' ? raw.trim().replace(/\s*%$/, '') : raw.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  const normal = trimmed.replace(/^(\d+),(\d+)$/, '$1.$2');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(normal)) return { ok: false, message: `"${raw.trim()}" is not a number. ${NUMBER_HINTS[field]}` };
  const value = Number(normal);
  if (value < 0) return { ok: false, message: `The value cannot be negative. ${NUMBER_HINTS[field]}` };
  if (field === 'commission' && value > 100)
    return { ok: false, message: `A commission is a percentage: ${value} is more than 100. ${NUMBER_HINTS[field]}` };
  if ((field === 'payoutDelay' || field === 'payoutPeriod') && !Number.isInteger(value))
    return { ok: false, message: `Use a whole number (no decimals). ${NUMBER_HINTS[field]}` };
  return { ok: true, value };
}

/** The message for each number field that does not parse. */
export function numberProblems(form: EntryForm): Partial<Record<NumberField, string>> {
  const out: Partial<Record<NumberField, string>> = {};
  for (const field of NUMBER_FIELDS) {
    const parsed = parseNumberField(field, form[field]);
    if (!parsed.ok) out[field] = parsed.message;
  }
  return out;
}

const valueOf = (field: NumberField, form: EntryForm) => {
  const parsed = parseNumberField(field, form[field]);
  return parsed.ok ? parsed.value : undefined;
};

function withoutUndefined<T extends Record<string, unknown>>(obj: T): Partial<T> | undefined {
  const kept = Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as Partial<T>;
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** The entry for an add, as the live check and the engine see it. `id` is the normalised id. */
export function entryFromForm(form: EntryForm, id: string): EntryInput {
  const entry: EntryInput = { id, name: form.name, description: form.description, website: form.website };
  const payout = withoutUndefined({
    commission: valueOf('commission', form),
    payoutDelay: valueOf('payoutDelay', form),
    payoutPeriod: valueOf('payoutPeriod', form),
  });
  const staking = withoutUndefined({ minDelegation: valueOf('minDelegation', form) });
  if (payout) entry.payout = payout;
  if (staking) entry.staking = staking;
  return entry;
}

export interface DisableChoice {
  /** The status the user wants: disabled or not. */
  disabled: boolean;
  note: string;
}

/**
 * Only what differs from the snapshot: an unchanged field is left out (so a field the form could not
 * show stays as it is), a cleared number becomes null (removed).
 */
export function changesFromForm(form: EntryForm, snapshot: EntrySnapshot, disable: DisableChoice): EntryChanges {
  const changes: EntryChanges = {};
  for (const key of EDITABLE_TEXT_FIELDS) if (form[key] !== snapshot[key]) changes[key] = form[key];
  const was = formFromSnapshot(snapshot);
  const numberChange = (field: NumberField) => (form[field].trim() === was[field] ? undefined : (valueOf(field, form) ?? null));
  const payout = withoutUndefined({
    commission: numberChange('commission'),
    payoutDelay: numberChange('payoutDelay'),
    payoutPeriod: numberChange('payoutPeriod'),
  });
  const staking = withoutUndefined({ minDelegation: numberChange('minDelegation') });
  if (payout) changes.payout = payout;
  if (staking) changes.staking = staking;
  const wasDisabled = snapshot.status?.disabled === true;
  const note = disable.note.trim();
  if (disable.disabled && (!wasDisabled || note !== (snapshot.status?.note ?? '')))
    changes.status = { disabled: true, note: note === '' ? null : note };
  if (!disable.disabled && wasDisabled) changes.status = { disabled: null, note: null };
  return changes;
}

export interface OperationInput {
  mode: 'add' | 'update';
  chain: string;
  /** The normalised id (add) or the id of the entry being updated. */
  id: string;
  form: EntryForm;
  snapshot: EntrySnapshot | null;
  disable: DisableChoice;
  logo: LogoRef | undefined;
}

/** The operation the Review step plans. Disabling with nothing else changed is the engine's "disable". */
export function buildOperation(input: OperationInput): WizardOperation {
  const { chain, id, form, logo } = input;
  if (input.mode === 'add' || !input.snapshot) return { kind: 'add', chain, entry: entryFromForm(form, id), ...(logo ? { logo } : {}) };
  const changes = changesFromForm(form, input.snapshot, input.disable);
  // The engine's "disable" keeps an existing note, so clearing a note needs a full update.
  const keepsNote = changes.status?.note !== null || !input.snapshot.status?.note;
  const onlyDisabling = changes.status?.disabled === true && keepsNote && Object.keys(changes).length === 1 && !logo;
  if (onlyDisabling) return { kind: 'disable', chain, id, ...(changes.status?.note ? { note: changes.status.note } : {}) };
  return { kind: 'update', chain, id, changes, ...(logo ? { logo } : {}) };
}

/** True when an update would change nothing at all. */
export function isNoChange(op: WizardOperation): boolean {
  return op.kind === 'update' && Object.keys(op.changes).length === 0 && !op.logo;
}
