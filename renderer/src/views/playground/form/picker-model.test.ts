import { describe, expect, it } from 'vitest';
import { booleanControl, notSetLabel, optionIndex, optionText } from './picker-model';

describe('pickers show exactly the value', () => {
  it('finds the option a value is, and none for a value not set or not listed', () => {
    expect(optionIndex(['ethereum', 'bsc'], 'bsc')).toBe(1);
    expect(optionIndex([1, 2, 3], 2)).toBe(1);
    expect(optionIndex([1, 2, 3], '2')).toBe(-1);
    expect(optionIndex(['ethereum'], undefined)).toBe(-1);
    expect(optionIndex([null, 'x'], null)).toBe(0);
    expect(optionText('fee')).toBe('fee');
    expect(optionText(2)).toBe('2');
  });

  it('says what leaving an argument out means instead of showing a default as chosen', () => {
    expect(notSetLabel({ enum: ['outcome', 'fee'], default: 'outcome' }, false)).toBe('— not set: the tool uses outcome —');
    expect(notSetLabel({ enum: ['ethereum'] }, true)).toBe('— choose one —');
    expect(notSetLabel({ enum: ['dex', 'bridge'] }, false)).toBe('— not set —');
  });

  it('uses a switch only where leaving a yes/no out means its default', () => {
    expect(booleanControl({ type: 'boolean', default: false })).toBe('switch');
    expect(booleanControl({ type: 'boolean' })).toBe('select');
  });
});
