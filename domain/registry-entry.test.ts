import { describe, expect, it } from 'vitest';
import { EDITABLE_TEXT_FIELDS, ENTRY_GROUPS, ENTRY_KEYS } from './registry-entry';
import { Entry, EntryChanges } from './registry-entry-schema';

describe('registry entry', () => {
  it('lists the same fields, in the same order, as the schema', () => {
    expect(ENTRY_KEYS).toEqual(Entry.keyof().options);
    for (const [group, fields] of Object.entries(ENTRY_GROUPS)) {
      const schema = Entry.shape[group as keyof typeof ENTRY_GROUPS].unwrap();
      expect(fields, group).toEqual(schema.keyof().options);
    }
    expect([...EDITABLE_TEXT_FIELDS, ...Object.keys(ENTRY_GROUPS)]).toEqual(EntryChanges.keyof().options);
  });
});
