import { describe, expect, it } from 'vitest';
import type { EntrySnapshot } from '../../../../domain/ipc/registry-channels';
import {
  buildOperation,
  changesFromForm,
  emptyForm,
  entryFromForm,
  formFromSnapshot,
  isNoChange,
  numberProblems,
  parseNumberField,
} from './entry-form';

const snapshot: EntrySnapshot = {
  index: 3,
  id: 'cosmosvaloper1abc',
  name: 'Old Name',
  description: 'Old description.',
  website: 'https://old.example',
  payout: { commission: 5, payoutDelay: 2 },
  unreadable: [],
};
const noDisable = { disabled: false, note: '' };

describe('number fields', () => {
  it('reads what people type: decimal commas, a trailing %, spaces; empty means not set', () => {
    expect(parseNumberField('commission', ' 7,5 % ')).toEqual({ ok: true, value: 7.5 });
    expect(parseNumberField('commission', '10%')).toEqual({ ok: true, value: 10 });
    expect(parseNumberField('minDelegation', '.5')).toEqual({ ok: true, value: 0.5 });
    expect(parseNumberField('payoutPeriod', '')).toEqual({ ok: true, value: undefined });
  });

  it('explains what to type instead of a bad value', () => {
    expect(parseNumberField('commission', 'five')).toMatchObject({ ok: false, message: expect.stringContaining('for example 5 for 5%') });
    expect(parseNumberField('commission', '120')).toMatchObject({ ok: false, message: expect.stringContaining('more than 100') });
    expect(parseNumberField('payoutDelay', '1.5')).toMatchObject({ ok: false, message: expect.stringContaining('whole number') });
    expect(parseNumberField('minDelegation', '-1')).toMatchObject({ ok: false, message: expect.stringContaining('cannot be negative') });
    expect(parseNumberField('payoutDelay', '2%')).toMatchObject({ ok: false });
    expect(Object.keys(numberProblems({ ...emptyForm(), commission: 'x', payoutPeriod: '3' }))).toEqual(['commission']);
  });
});

describe('a new entry', () => {
  it('has the four required fields and only the optional objects that were filled in', () => {
    const form = { ...emptyForm(), name: 'N', description: 'D', website: 'https://w.example', commission: '5', minDelegation: '' };
    expect(entryFromForm(form, 'id1')).toEqual({
      id: 'id1',
      name: 'N',
      description: 'D',
      website: 'https://w.example',
      payout: { commission: 5 },
    });
    expect(entryFromForm({ ...form, commission: '' }, 'id1')).not.toHaveProperty('payout');
  });
});

describe('changes to an existing entry', () => {
  it('contains only what the user changed; a cleared number is removed', () => {
    const form = { ...formFromSnapshot(snapshot), name: 'New Name', payoutDelay: '' };
    expect(changesFromForm(form, snapshot, noDisable)).toEqual({ name: 'New Name', payout: { payoutDelay: null } });
  });

  it('leaves fields alone that the form could not show (wrong type in list.json)', () => {
    const odd: EntrySnapshot = { ...snapshot, payout: undefined, unreadable: ['payout.commission'] };
    expect(changesFromForm(formFromSnapshot(odd), odd, noDisable)).toEqual({});
  });

  it('disables with a note, and re-enables by removing the status', () => {
    const form = formFromSnapshot(snapshot);
    expect(changesFromForm(form, snapshot, { disabled: true, note: ' Shut down ' })).toEqual({
      status: { disabled: true, note: 'Shut down' },
    });
    const disabled = { ...snapshot, status: { disabled: true, note: 'Old reason' } };
    expect(changesFromForm(form, disabled, { disabled: false, note: 'Old reason' })).toEqual({ status: { disabled: null, note: null } });
    expect(changesFromForm(form, disabled, { disabled: true, note: 'Old reason' })).toEqual({});
  });
});

describe('the operation planned at Review', () => {
  const base = { chain: 'cosmos', id: snapshot.id, form: formFromSnapshot(snapshot), snapshot, disable: noDisable, logo: undefined };
  it('is a plain "disable" when only the status changes', () => {
    expect(buildOperation({ ...base, mode: 'update', disable: { disabled: true, note: 'Gone' } })).toEqual({
      kind: 'disable',
      chain: 'cosmos',
      id: snapshot.id,
      note: 'Gone',
    });
  });
  it('is an update when anything else changes too, or a logo comes along', () => {
    const logo = { logoId: 'a'.repeat(32) };
    expect(buildOperation({ ...base, mode: 'update', disable: { disabled: true, note: 'Gone' }, logo })).toMatchObject({
      kind: 'update',
      logo,
    });
    expect(buildOperation({ ...base, mode: 'update', form: { ...base.form, website: 'https://new.example' } })).toEqual({
      kind: 'update',
      chain: 'cosmos',
      id: snapshot.id,
      changes: { website: 'https://new.example' },
    });
  });
  it('knows when an update would change nothing', () => {
    expect(isNoChange(buildOperation({ ...base, mode: 'update' }))).toBe(true);
    expect(isNoChange(buildOperation({ ...base, mode: 'add', snapshot: null }))).toBe(false);
  });
});
