import { beforeEach, describe, expect, it } from 'vitest';
import {
  choicesInEffect,
  chooseRunOptions,
  DEFAULT_RUN_CHOICES,
  openCollection,
  resetCollectionsUi,
  runChoicesOf,
  useCollectionsUi,
} from './collections-ui-store';

beforeEach(resetCollectionsUi);

describe('collections UI store', () => {
  it('remembers the open collection until reset', () => {
    expect(useCollectionsUi.getState().open).toBe('');
    openCollection('a.collection.json');
    expect(useCollectionsUi.getState().open).toBe('a.collection.json');
    resetCollectionsUi();
    expect(useCollectionsUi.getState().open).toBe('');
  });

  it('remembers the run options per collection, starting from what companion test does without flags', () => {
    const choices = (file: string) => runChoicesOf(useCollectionsUi.getState(), file);
    expect(choices('a.collection.json')).toBe(DEFAULT_RUN_CHOICES);
    expect(DEFAULT_RUN_CHOICES).toEqual({ profile: '', era: '2025-11-25', envFile: '' });
    chooseRunOptions('a.collection.json', { era: 'both' });
    chooseRunOptions('a.collection.json', { profile: 'work', envFile: '/home/me/staging.json' });
    chooseRunOptions('b.collection.json', { era: '2026-07-28' });
    expect(choices('a.collection.json')).toEqual({ profile: 'work', era: 'both', envFile: '/home/me/staging.json' });
    expect(choices('b.collection.json')).toEqual({ profile: '', era: '2026-07-28', envFile: '' });
    resetCollectionsUi();
    expect(choices('a.collection.json')).toBe(DEFAULT_RUN_CHOICES);
  });

  it('falls back to the built-in gateway when the profile chosen is gone, and keeps it while the profiles load', () => {
    const chosen = { profile: 'work', era: 'both' as const, envFile: '' };
    expect(choicesInEffect(chosen, ['work', 'lab'])).toBe(chosen);
    expect(choicesInEffect(chosen, undefined)).toBe(chosen);
    expect(choicesInEffect(chosen, ['lab'])).toEqual({ profile: '', era: 'both', envFile: '' });
    expect(choicesInEffect(DEFAULT_RUN_CHOICES, [])).toBe(DEFAULT_RUN_CHOICES);
  });
});
