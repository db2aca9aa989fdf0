import { describe, expect, it } from 'vitest';
import { substitute } from './variables';

describe('substitute', () => {
  const scope = new Map<string, unknown>([
    ['stepId', 'abc'],
    ['amount', 1000],
    ['route', { id: 'r1' }],
  ]);

  it('keeps the type of a whole reference and interpolates text', () => {
    expect(
      substitute({ stepId: '{{stepId}}', n: '{{ amount }}', r: ['{{route}}'], text: 'step {{stepId}} of {{route}}', plain: 3 }, scope),
    ).toEqual({
      value: { stepId: 'abc', n: 1000, r: [{ id: 'r1' }], text: 'step abc of {"id":"r1"}', plain: 3 },
      missing: [],
    });
  });

  it('lists each missing name once and leaves it as written', () => {
    expect(substitute({ a: '{{nope}}', b: 'x {{nope}} {{other}}' }, scope)).toEqual({
      value: { a: '{{nope}}', b: 'x {{nope}} {{other}}' },
      missing: ['nope', 'other'],
    });
  });

  it('keeps a "__proto__" key as data', () => {
    const input = JSON.parse('{"__proto__": {"x": "{{stepId}}"}}') as unknown;
    const { value } = substitute(input, scope);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(JSON.stringify(value)).toBe('{"__proto__":{"x":"abc"}}');
  });
});
