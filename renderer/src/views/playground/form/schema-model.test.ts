import { describe, expect, it } from 'vitest';
import {
  blankValue,
  describeBounds,
  initialValue,
  kindOf,
  pickVariant,
  propertiesOf,
  resolve,
  variantsOf,
  type Schema,
} from './schema-model';
import { getIn, issueMap, parseArguments, pointerOf, setIn } from './form-value';

const root: Schema = {
  type: 'object',
  $defs: {
    asset: { type: 'string', minLength: 1, description: 'An asset id' },
    point: { type: 'object', properties: { kind: { const: 'point' }, x: { type: 'number' } }, required: ['kind', 'x'] },
    circle: { type: 'object', properties: { kind: { const: 'circle' }, r: { type: 'number', default: 1 } }, required: ['kind'] },
    loop: { $ref: '#/$defs/loop' },
  },
  definitions: { legacy: { type: 'integer', minimum: 0, maximum: 10 } },
  properties: {
    asset: { $ref: '#/$defs/asset', description: 'The asset to price' },
    count: { $ref: '#/definitions/legacy', default: 3 },
    shape: { oneOf: [{ $ref: '#/$defs/point' }, { $ref: '#/$defs/circle' }] },
    maybe: { type: ['string', 'null'] },
    merged: {
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        { properties: { b: { type: 'boolean', default: true } } },
      ],
    },
    nested: { type: 'object', properties: { deep: { type: 'string', default: 'x' } } },
    needed: { type: 'object', properties: { flag: { type: 'boolean', default: false } } },
    loop: { $ref: '#/$defs/loop' },
  },
  required: ['asset', 'needed'],
};

describe('schema model', () => {
  it('follows $ref into $defs and definitions, keeping sibling keywords', () => {
    expect(resolve(root.properties && (root.properties as Schema).asset, root)).toEqual({
      type: 'string',
      minLength: 1,
      description: 'The asset to price',
    });
    expect(resolve((root.properties as Schema).count, root)).toEqual({ type: 'integer', minimum: 0, maximum: 10, default: 3 });
    // A $ref cycle stops instead of hanging.
    expect(kindOf(resolve((root.properties as Schema).loop, root))).toBe('any');
  });

  it('merges allOf into one object schema', () => {
    const merged = resolve((root.properties as Schema).merged, root);
    expect(kindOf(merged)).toBe('object');
    expect(propertiesOf(merged, root).map(([k]) => k)).toEqual(['a', 'b']);
    expect(merged.required).toEqual(['a']);
  });

  it('classifies fields', () => {
    expect(kindOf({ enum: [1, 2] })).toBe('enum');
    expect(kindOf({ const: 'x' })).toBe('const');
    expect(kindOf({ type: ['string', 'null'] })).toBe('union');
    expect(kindOf({ anyOf: [{ type: 'string' }] })).toBe('union');
    expect(kindOf({ properties: {} })).toBe('object');
    expect(kindOf({ items: {} })).toBe('array');
    expect(kindOf({ type: 'integer' })).toBe('integer');
    expect(kindOf({})).toBe('any');
  });

  it('labels union branches and picks the branch an existing value belongs to', () => {
    const shape = variantsOf(resolve((root.properties as Schema).shape, root), root);
    expect(shape.map((v) => v.label)).toEqual(['Object with kind, x', 'Object with kind, r']);
    expect(pickVariant(shape, { kind: 'circle', r: 2 }, root)).toBe(1);
    expect(pickVariant(shape, { kind: 'point', x: 1 }, root)).toBe(0);
    expect(blankValue(shape[1]!.schema, root)).toEqual({ kind: 'circle', r: 1 });
    const maybe = variantsOf({ type: ['string', 'null'], description: 'd' }, root);
    expect(maybe.map((v) => v.label)).toEqual(['Text', 'None (null)']);
    expect(pickVariant(maybe, null, root)).toBe(1);
  });

  it('picks no branch for a value not set or of none of the shapes, so the picker shows its placeholder', () => {
    const shape = variantsOf(resolve((root.properties as Schema).shape, root), root);
    expect(pickVariant(shape, undefined, root)).toBe(-1);
    expect(pickVariant(shape, 'a circle', root)).toBe(-1);
    expect(pickVariant(variantsOf({ type: ['string', 'null'] }, root), undefined, root)).toBe(-1);
  });

  it('starts from defaults, leaving optional objects out', () => {
    expect(initialValue(root, root)).toEqual({ count: 3, needed: { flag: false } });
    expect(blankValue({ type: 'array', items: {} }, root)).toEqual([]);
    expect(blankValue({ enum: ['dex', 'bridge'] }, root)).toBe('dex');
  });

  it('describes bounds for hints', () => {
    expect(describeBounds({ type: 'integer', minimum: 1, maximum: 100 })).toBe('1 to 100');
    expect(describeBounds({ type: 'number', exclusiveMinimum: 0, maximum: 50 })).toBe('above 0, at most 50');
    expect(describeBounds({ type: 'array', minItems: 1, maxItems: 50 })).toBe('1 to 50 items');
    expect(describeBounds({ type: 'string', minLength: 1, maxLength: 200 })).toBe('up to 200 characters');
    expect(describeBounds({ type: 'string' })).toBeUndefined();
  });
});

describe('form values', () => {
  it('sets and removes values immutably, creating containers on the way', () => {
    const start = { a: 1 };
    const next = setIn(start, ['list', 1, 'x'], 'y');
    expect(next).toEqual({ a: 1, list: [undefined, { x: 'y' }] });
    expect(start).toEqual({ a: 1 });
    expect(setIn(next, ['a'], undefined)).toEqual({ list: [undefined, { x: 'y' }] });
    expect(getIn(next, ['list', 1, 'x'])).toBe('y');
  });

  it('speaks ajv pointers', () => {
    expect(pointerOf(['networks', 0])).toBe('/networks/0');
    expect(pointerOf(['a/b', 'c~d'])).toBe('/a~1b/c~0d');
    expect(
      issueMap([
        { pointer: '/q', message: 'one' },
        { pointer: '/q', message: 'two' },
      ]).get('/q'),
    ).toEqual(['one', 'two']);
  });

  it('parses raw JSON with a message that says what is wrong', () => {
    expect(parseArguments('{"query":"usdc"}')).toEqual({ ok: true, value: { query: 'usdc' } });
    expect(parseArguments('  ')).toEqual({ ok: true, value: {} });
    expect(parseArguments('[1]')).toEqual({ ok: false, message: expect.stringMatching(/must be a JSON object/) });
    expect(parseArguments('{"query": }')).toEqual({ ok: false, message: expect.stringMatching(/^The JSON is not valid: /) });
  });
});
