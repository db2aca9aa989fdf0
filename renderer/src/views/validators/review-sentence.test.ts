import { describe, expect, it } from 'vitest';
import { entryCard, reviewKind, reviewSentence } from './review-sentence';

describe('what the Review step says first', () => {
  it('says what will happen in plain words', () => {
    expect(reviewSentence(reviewKind('add', false), 'Example Validator', 'Cosmos Hub')).toBe('Adds Example Validator to Cosmos Hub');
    expect(reviewSentence(reviewKind('update', false), 'Example Validator', 'Cosmos Hub')).toBe('Updates Example Validator on Cosmos Hub');
    expect(reviewSentence(reviewKind('update', true), 'Example Validator', 'Cosmos Hub')).toBe(
      'Marks Example Validator on Cosmos Hub as disabled',
    );
    expect(reviewSentence('add', '  ', 'Celestia')).toBe('Adds your validator to Celestia');
  });

  it('reads the card from the entry text, and gives up on text it cannot read', () => {
    const json =
      '{\n    "id": "cosmosvaloper1x",\n    "name": "Aurora",\n    "description": "D",\n    "website": "https://a.example",\n    "status": { "disabled": true, "note": "gone" }\n  }';
    expect(entryCard(json, 'other')).toEqual({
      name: 'Aurora',
      id: 'cosmosvaloper1x',
      description: 'D',
      website: 'https://a.example',
      disabledNote: 'gone',
    });
    expect(entryCard('{"name": 3}', 'fallback')).toMatchObject({ name: '', id: 'fallback', disabledNote: null });
    expect(entryCard('{ not json', 'x')).toBeNull();
    expect(entryCard('[1]', 'x')).toBeNull();
  });
});
