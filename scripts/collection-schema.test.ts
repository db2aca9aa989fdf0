// The published JSON Schema of a collection file agrees with the zod schema the app reads collections
// with: it is generated from it, and both accept and refuse the same documents.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { CollectionSchema } from '../domain/collections/format';
import { collectionJsonSchema, SCHEMA_FILE } from './collection-schema';

const published = readFileSync(SCHEMA_FILE, 'utf8');
const validate = new Ajv2020({ allErrors: true, strict: false }).compile(JSON.parse(published) as object);
const sample = JSON.parse(readFileSync('docs/collections/sample.collection.json', 'utf8')) as unknown;

const item = { name: 'a', tool: 't' };
const valid: unknown[] = [
  sample,
  { name: 'c', items: [] },
  {
    name: 'c',
    items: [{ ...item, profile: 'work.eu-1', extract: { x: '' }, assertions: [{ assert: 'snapshot', value: null, ignore: ['/a~1b'] }] }],
  },
  {
    name: 'c',
    items: [
      {
        ...item,
        assertions: [
          { assert: 'range', pointer: '/n', min: 0 },
          { assert: 'failure', code: -32602 },
        ],
      },
    ],
  },
];
const invalid: unknown[] = [
  {},
  { name: '', items: [] },
  { name: 'c', items: [], extra: 1 },
  { name: 'c', items: [{ tool: 't' }] },
  { name: 'c', items: [{ ...item, secret: 'x' }] },
  { name: 'c', items: [{ ...item, profile: '-rf' }] },
  { name: 'c', items: [{ ...item, assertions: [{ assert: 'equals', pointer: 'no-slash', value: 1 }] }] },
  { name: 'c', items: [{ ...item, assertions: [{ assert: 'equals', pointer: '/a~2', value: 1 }] }] },
  { name: 'c', items: [{ ...item, assertions: [{ assert: 'nope' }] }] },
  { name: 'c', items: [{ ...item, assertions: [{ assert: 'type', pointer: '', type: 'float' }] }] },
  { name: 'c', items: [{ ...item, assertions: [{ assert: 'latency', maxMs: 0 }] }] },
  { name: 'c', items: [{ ...item, assertions: [{ assert: 'failure', code: 1.5 }] }] },
  { name: 'c', items: [{ ...item, extract: { '1bad': '/a' } }] },
  { name: 'c', variables: { 'has space': 1 }, items: [] },
];

describe('docs/schemas/collection.schema.json', () => {
  it('is what the zod schema generates (run: npx tsx scripts/collection-schema.ts, then prettier)', () => {
    expect(JSON.parse(published)).toEqual(JSON.parse(collectionJsonSchema()));
  });

  it.each(valid.map((d, i) => [i, d]))('valid document %i: both accept it', (_i, document) => {
    expect(CollectionSchema.safeParse(document).success).toBe(true);
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each(invalid.map((d) => [JSON.stringify(d), d]))('invalid %s: both refuse it', (_text, document) => {
    expect(CollectionSchema.safeParse(document).success).toBe(false);
    expect(validate(document)).toBe(false);
  });
});
