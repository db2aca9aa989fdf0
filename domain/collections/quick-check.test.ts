// The zod-free check accepts only what the zod schema accepts, and what it accepts zod would read as the
// same value: on the sample collection, on hand-picked edge cases, and on generated documents that are
// valid or broken in one place.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import sampleFile from '../../docs/collections/sample.collection.json';
import { CollectionSchema } from './format';
import { quickCollection } from './quick-check';

/** As JSON.parse makes it. */
const sample = structuredClone(sampleFile) as unknown;

/** JSON with every object's keys sorted: zod's output lists them in its schema's order, which nothing reads. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

/** The check agrees with zod: when it accepts, zod accepts and its output equals the document. */
function agrees(document: unknown): boolean {
  const quick = quickCollection(document);
  if (quick === undefined) return true;
  const parsed = CollectionSchema.safeParse(document);
  return parsed.success && canonical(parsed.data) === canonical(quick) && quick === document;
}

const pointer = fc.oneof(
  fc.constant(''),
  fc.array(fc.string(), { maxLength: 3 }).map((parts) => parts.map((p) => `/${p.replace(/~/g, '~0')}`).join('')),
);
const variable = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,8}$/);
const json = fc.jsonValue({ maxDepth: 2 });
const assertion = fc.oneof(
  fc.constant({ assert: 'success' }),
  fc.constant({ assert: 'schema' }),
  fc.record({ assert: fc.constant('failure'), code: fc.integer() }, { requiredKeys: ['assert'] }),
  fc.record({ assert: fc.constantFrom('equals', 'contains'), pointer, value: json }),
  fc.record(
    { assert: fc.constant('matches'), pointer, pattern: fc.constantFrom('^a', '\\d+', 'x|y'), flags: fc.constantFrom('', 'i', 'mu') },
    { requiredKeys: ['assert', 'pointer', 'pattern'] },
  ),
  fc.record({ assert: fc.constant('exists'), pointer, exists: fc.boolean() }, { requiredKeys: ['assert', 'pointer'] }),
  fc.record({
    assert: fc.constant('type'),
    pointer,
    type: fc.constantFrom('string', 'number', 'integer', 'boolean', 'null', 'array', 'object'),
  }),
  fc.record(
    { assert: fc.constantFrom('range', 'length'), pointer, min: fc.double({ noNaN: true, noDefaultInfinity: true }), max: fc.integer() },
    { requiredKeys: ['assert', 'pointer'] },
  ),
  fc.record(
    { assert: fc.constant('snapshot'), pointer, value: json, ignore: fc.array(pointer, { maxLength: 3 }) },
    { requiredKeys: ['assert', 'value'] },
  ),
  fc.record({ assert: fc.constant('latency'), maxMs: fc.double({ min: 0.001, max: 1e6, noNaN: true }) }),
);
const item = fc.record(
  {
    name: fc.string({ minLength: 1, maxLength: 20 }),
    tool: fc.string({ minLength: 1, maxLength: 20 }),
    profile: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,10}$/),
    arguments: fc.dictionary(fc.string(), json, { maxKeys: 3 }),
    extract: fc.dictionary(variable, pointer, { maxKeys: 2 }),
    assertions: fc.array(assertion, { maxLength: 4 }),
  },
  { requiredKeys: ['name', 'tool'] },
);
const collection = fc.record(
  {
    $schema: fc.string(),
    name: fc.string({ minLength: 1, maxLength: 20 }),
    description: fc.string(),
    variables: fc.dictionary(variable, json, { maxKeys: 3 }),
    items: fc.array(item, { maxLength: 4 }),
  },
  { requiredKeys: ['name', 'items'] },
);

/** A path to every object and array in the document, to break it in one place. */
function places(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [];
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [at, ...keys.flatMap((k) => places((value as Record<string | number, unknown>)[k], [...at, k]))];
}

/** The document (a copy) with one value replaced, one key or element added, or one removed. */
function broken(document: unknown, where: (string | number)[], how: number, junk: unknown, key: string): unknown {
  const copy = structuredClone(document) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const k of where) node = node[k] as Record<string | number, unknown>;
  const keys = Object.keys(node);
  const target = keys.length > 0 ? (keys[how % keys.length] as string) : key;
  if (Array.isArray(node)) {
    // What JSON.parse makes: an array has elements only.
    if (how % 3 === 0 && keys.length > 0) node[Number(target)] = junk;
    else if (how % 3 === 2) node.splice(how % (node.length + 1), 1);
    else node.push(junk);
    // An own property, as JSON.parse makes one (even for "__proto__").
  } else if (how % 3 !== 2)
    Object.defineProperty(node, how % 3 === 0 ? target : key, { value: junk, enumerable: true, writable: true, configurable: true });
  else delete node[target];
  return copy;
}

describe('quickCollection', () => {
  it('accepts the sample collection as it is, as zod does', () => {
    expect(quickCollection(sample)).toBe(sample);
    expect(agrees(sample)).toBe(true);
  });

  it('accepts every generated valid collection, and zod reads each as the same value', () => {
    fc.assert(
      fc.property(collection, (document) => quickCollection(document) === document && agrees(document)),
      { numRuns: 300 },
    );
  });

  it('accepts nothing zod refuses when a collection is broken in one place', () => {
    const junk = fc.oneof(fc.jsonValue({ maxDepth: 1 }), fc.constantFrom(Infinity, '', '1bad', 'no-slash', '(', -1, 0, 1.5, '__proto__'));
    fc.assert(
      fc.property(
        collection.chain((document) => fc.tuple(fc.constant(document), fc.constantFrom(...places(document)))),
        fc.nat(),
        junk,
        fc.constantFrom('extra', 'value', 'pointer', 'code', 'min', 'pattern', 'flags', 'ignore', 'maxMs', 'profile', '__proto__'),
        ([document, where], how, bad, key) => agrees(broken(document, where, how, bad, key)),
      ),
      { numRuns: 3000 },
    );
  });

  it('leaves to zod what JSON.parse makes but zod reads otherwise, and refuses the obvious', () => {
    const one = (assertion: unknown) => ({ name: 'c', items: [{ name: 'a', tool: 't', assertions: [assertion] }] });
    expect(quickCollection(JSON.parse('{"name":"c","items":[{"name":"a","tool":"t","arguments":{"__proto__":{"x":1}}}]}'))).toBeUndefined();
    expect(quickCollection(JSON.parse('{"name":"c","items":[],"variables":{"v":1e400}}'))).toBeUndefined();
    expect(quickCollection(one({ assert: 'range', pointer: '', max: Infinity }))).toBeUndefined();
    expect(quickCollection(one({ assert: 'matches', pointer: '', pattern: '(' }))).toBeUndefined();
    expect(quickCollection(one({ assert: 'equals', pointer: '/a' }))).toBeUndefined();
    expect(quickCollection(one({ assert: 'latency', maxMs: 0 }))).toBeUndefined();
    expect(quickCollection(one({ assert: 'failure', code: 1.5 }))).toBeUndefined();
    expect(quickCollection({ name: 'c', items: [], extra: 1 })).toBeUndefined();
    expect(quickCollection(undefined)).toBeUndefined();
    expect(quickCollection([])).toBeUndefined();
  });
});
