import { describe, expect, it } from 'vitest';
import type { EntrySnapshot } from '../../../../domain/ipc/registry-channels';
import { emptyDraft } from './draft';
import { checkFailed, checkRequest } from './live-check';
import { initialState, type WizardState } from './wizard-state';

const listed: EntrySnapshot = {
  index: 0,
  id: 'tz1listed',
  name: 'Listed',
  description: 'An entry',
  website: 'https://listed.example',
  payout: { commission: 5, payoutDelay: 2 },
  status: { disabled: true, note: 'Paused' },
  unreadable: [],
};

function state(draft: Partial<WizardState['draft']>): WizardState {
  const s = initialState();
  s.draft = { ...emptyDraft('/reg'), chain: 'tezos', ...draft };
  s.entries = { status: 'done', data: [listed], chain: 'tezos' };
  return s;
}

describe('what the live check asks the engine', () => {
  it('nothing without a folder and a chain', () => {
    expect(checkRequest(state({ root: '' }))).toBeNull();
    expect(checkRequest(state({ chain: '' }))).toBeNull();
  });

  it('a new entry as it would be written', () => {
    const form = { ...emptyDraft().form, id: 'tz1new', name: 'New', description: 'D', website: 'https://new.example', commission: '7' };
    expect(checkRequest(state({ form }))).toEqual({
      root: '/reg',
      chain: 'tezos',
      entry: { id: 'tz1new', name: 'New', description: 'D', website: 'https://new.example', payout: { commission: 7 } },
      options: {},
    });
  });

  it('an update merged with the listed entry: a cleared field goes, the others stay', () => {
    const form = {
      ...emptyDraft().form,
      id: listed.id,
      name: 'Renamed',
      description: listed.description,
      website: listed.website,
      commission: '',
      payoutDelay: '2',
    };
    const request = checkRequest(state({ mode: 'update', originalId: listed.id, form, disable: { disabled: false, note: '' } }));
    expect(request?.options).toEqual({ originalId: listed.id });
    expect(request?.entry).toMatchObject({ id: listed.id, name: 'Renamed', payout: { payoutDelay: 2 } });
    expect(request?.entry.payout).not.toHaveProperty('commission');
    expect(request?.entry).not.toHaveProperty('status');
  });

  it('a check that could not run is one error finding with the reason', () => {
    expect(checkFailed('main is gone')).toEqual([
      expect.objectContaining({ severity: 'error', code: 'check-failed', message: 'The details could not be checked: main is gone' }),
    ]);
  });
});
