import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import AjvCore from 'ajv/dist/core.js';
import { describe, expect, it, vi } from 'vitest';
import { AJV_OPTIONS } from './ajv-options';
import { readablePath } from './ajv-messages';
import { preloadMetaSchemas, SchemaValidator } from './schema-validator';

const schemas = new Map<string, Record<string, unknown>>([
  [
    'search_assets',
    {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 5 },
        networks: { type: 'array', items: { type: 'integer', minimum: 0 }, minItems: 1, maxItems: 2 },
        sort: { type: 'string', enum: ['mcap', 'volume'] },
        amount: { type: 'string', pattern: '^[0-9]+$' },
        slippage: { type: 'number', exclusiveMinimum: 0 },
      },
      required: ['query'],
      additionalProperties: false,
    },
  ],
  [
    'unions',
    {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
      properties: {
        target: { oneOf: [{ type: 'string', minLength: 2 }, { $ref: '#/$defs/point' }] },
        'odd/key': { type: 'boolean' },
      },
    },
  ],
  ['broken', { type: 'object', properties: { a: { $ref: '#/nowhere' } } }],
]);

const validator = new SchemaValidator(schemas);
const messages = (tool: string, args: unknown) => validator.validate(tool, args).issues.map((i) => `${i.path}: ${i.message}`);

describe('SchemaValidator', () => {
  it('accepts valid arguments', () => {
    expect(validator.validate('search_assets', { query: 'usdc', networks: [60], slippage: 0.5 })).toEqual({ valid: true, issues: [] });
  });

  it('names the field and says what to do, in plain words', () => {
    expect(messages('search_assets', { networks: [1, 2, 3], sort: 'price', amount: '1.5', slippage: 0, extra: true })).toEqual([
      'query: Query is required',
      'extra: "extra" is not a parameter of search_assets; remove it',
      'networks: Networks takes at most 2 items (it has 3); remove some or split the call',
      'sort: Sort must be one of "mcap", "volume" (it is "price")',
      'amount: Amount has the wrong format: "1.5" does not match ^[0-9]+$',
      'slippage: Slippage must be greater than 0 (it is 0)',
    ]);
    expect(messages('search_assets', { query: '', networks: ['60', -1] })).toEqual([
      'query: Query must not be empty',
      'networks[0]: Networks[0] must be a whole number, not "60"',
      'networks[1]: Networks[1] must be at least 0 (it is -1)',
    ]);
    expect(messages('search_assets', { query: 'toolong' })).toEqual(['query: Query must be at most 5 characters (it has 7)']);
  });

  it('gives JSON pointers the form can attach to fields', () => {
    const issue = validator.validate('search_assets', {}).issues[0];
    expect(issue).toEqual({ path: 'query', pointer: '/query', message: 'Query is required' });
  });

  it('handles draft 2020-12, $ref/$defs and oneOf with one summary line', () => {
    expect(validator.validate('unions', { target: 'ab' }).valid).toBe(true);
    expect(validator.validate('unions', { target: { x: 1 } }).valid).toBe(true);
    expect(messages('unions', { target: { y: 1 }, 'odd/key': 'yes' })).toEqual([
      'target: Target matches none of the allowed shapes',
      '["odd/key"]: ["odd/key"] must be true or false, not "yes"',
    ]);
  });

  it('lets the gateway judge when its schema cannot be compiled, and refuses unknown tools', () => {
    const broken = validator.validate('broken', { a: 1 });
    expect(broken.valid).toBe(true);
    expect(broken.issues[0]?.message).toMatch(/cannot be checked/);
    expect(validator.validate('nope', {})).toMatchObject({
      valid: false,
      issues: [{ message: expect.stringMatching(/no tool named "nope"/) }],
    });
  });

  it('reads pointers as paths', () => {
    expect(readablePath('')).toBe('');
    expect(readablePath('/a/0/b~1c/d~0e')).toBe('a[0]["b/c"]["d~e"]');
  });
});

/** Schemas a gateway could send, valid and not, in the drafts ajv knows and one it does not. */
const served: Record<string, unknown>[] = [
  { type: 'object', properties: { a: { type: 'string' } } },
  { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', required: ['a'] },
  { $schema: 'http://json-schema.org/draft-07/schema', type: 'strin' },
  { type: 'object', properties: { a: { type: 'string', minLength: -1 } }, required: 'a' },
  { type: 'object', properties: { a: { enum: [] } }, additionalProperties: 3 },
  { type: 'object', items: [{ type: 'string' }], uniqueItems: 'yes' },
  { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', $defs: { x: { type: 'number' } } },
  { $schema: 'https://json-schema.org/draft/2020-12/schema#', type: ['object', 'nope'] },
  { $schema: 'https://json-schema.org/draft/2020-12/schema', prefixItems: {}, minProperties: 1.5 },
  { $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object' },
  { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' },
  { $schema: 42, type: 'object' },
];

/** What ajv itself makes of a schema, checking it against its meta-schema as it compiles it. */
function ajvVerdict(schema: Record<string, unknown>): string {
  const ajv = /draft\/(2020-12|2019-09)/.test(String(schema.$schema)) ? new Ajv2020(AJV_OPTIONS) : new Ajv(AJV_OPTIONS);
  try {
    const validate = ajv.compile(schema);
    return `compiled: ${String(validate({}))}`;
  } catch (error) {
    return `The tool's input schema cannot be checked (${(error as Error).message}); arguments are sent unchecked.`;
  }
}

function ourVerdict(schema: Record<string, unknown>): string {
  const result = new SchemaValidator(new Map([['t', schema]])).validate('t', {});
  return result.issues[0]?.message.startsWith("The tool's input schema cannot be checked")
    ? result.issues[0].message
    : `compiled: ${String(result.valid)}`;
}

describe('the meta-schema check', () => {
  it('finds what ajv finds, with its words, before and after the precompiled checks are loaded', async () => {
    const expected = served.map(ajvVerdict);
    expect(expected.filter((v) => v.startsWith('compiled'))).toHaveLength(3);
    expect(served.map(ourVerdict)).toEqual(expected);
    await preloadMetaSchemas(served);
    // Now ajv checks only the schemas of a meta-schema with no precompiled check (draft-04, 2019-09, a number).
    const ajvChecks = vi.spyOn(AjvCore.prototype, 'validateSchema');
    expect(served.map(ourVerdict)).toEqual(expected);
    expect(ajvChecks).toHaveBeenCalledTimes(3);
    ajvChecks.mockRestore();
  });
});
