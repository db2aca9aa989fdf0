import { beforeEach, describe, expect, it } from 'vitest';
import { openCollection, resetCollectionsUi, useCollectionsUi } from './collections-ui-store';

beforeEach(resetCollectionsUi);

describe('collections UI store', () => {
  it('remembers the open collection until reset', () => {
    expect(useCollectionsUi.getState().open).toBe('');
    openCollection('a.collection.json');
    expect(useCollectionsUi.getState().open).toBe('a.collection.json');
    resetCollectionsUi();
    expect(useCollectionsUi.getState().open).toBe('');
  });
});
