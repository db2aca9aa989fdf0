import { describe, expect, it } from 'vitest';
import { findSyntaxError } from './json-syntax';

describe('findSyntaxError', () => {
  it('accepts what JSON.parse accepts', () => {
    for (const text of ['{}', '[]', ' {"a": [1, -2.5e3, true, false, null, "x\\u00e9\\n"]} ', '"s"', '0']) {
      expect(() => JSON.parse(text) as unknown).not.toThrow();
      expect(findSyntaxError(text)).toBeUndefined();
    }
  });

  it.each([
    ['{\n  "a": }', 2, 8, /expected a value, found "}"/],
    ['{\n  "a": 1,\n}', 3, 1, /property name/],
    ["{\n  'a': 1\n}", 2, 3, /property name/],
    ['{"a": 1', 1, 8, /the text ends/],
    ['[1 2]', 1, 4, /"," or "\]"/],
    ['{"a": "x\ny"}', 1, 9, /control character/],
    ['{} x', 1, 4, /after the end/],
    ['', 1, 1, /the text ends/],
  ])('places the error in %j at line %i column %i', (text, line, column, message) => {
    expect(() => JSON.parse(text) as unknown).toThrow();
    const place = findSyntaxError(text);
    expect(place).toMatchObject({ line, column });
    expect(place?.message).toMatch(message);
  });
});
