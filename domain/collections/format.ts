/**
 * The collection file: one JSON document per collection (`*.collection.json`), read with zod and written
 * with a fixed key order and two-space indentation so a saved file diffs cleanly. The published JSON
 * Schema (`docs/schemas/collection.schema.json`) is generated from `CollectionSchema`; a test keeps them
 * equal. A collection names a profile, never a credential: `serializeCollection` strips secret-looking
 * values with the app's one redaction rule (`domain/redact.ts`).
 */
import { z } from 'zod';
import { PROFILE_NAME_PATTERN, PROFILE_NAME_RULE } from '../profile-name';
import { redactSecrets } from '../redact';
import { findSyntaxError } from './json-syntax';
import { POINTER_PATTERN, VARIABLE_NAME } from './patterns';

export { VARIABLE_NAME };

const pointer = z
  .string()
  .max(2000)
  .regex(POINTER_PATTERN, {
    error: 'must be a JSON Pointer: empty, or starting with "/" (e.g. "/structuredContent/routes/0/id")',
  })
  .describe('A JSON Pointer (RFC 6901) into the response: {"isError", "structuredContent", "content"} or {"error": {"code", "message"}}.');
const json = z.json();
const regex = z
  .string()
  .max(1000)
  .refine(
    (source) => {
      try {
        new RegExp(source, 'u');
        return true;
      } catch {
        return false;
      }
    },
    { error: 'is not a valid regular expression' },
  );

const at = { pointer };
const bounds = { min: z.number().optional(), max: z.number().optional() };

export const AssertionSchema = z.discriminatedUnion('assert', [
  z.strictObject({ assert: z.literal('success') }).describe('The call succeeded: no JSON-RPC error and isError is not true.'),
  z
    .strictObject({ assert: z.literal('failure'), code: z.int().optional() })
    .describe('The call failed: a tool error (isError) or a JSON-RPC error; with code, a JSON-RPC error with that code.'),
  z.strictObject({ assert: z.literal('equals'), ...at, value: json }).describe('The value at pointer equals value (deep, JSON).'),
  z
    .strictObject({ assert: z.literal('contains'), ...at, value: json })
    .describe('A string at pointer contains value as text; an array has an element equal to value; an object has value as a subset.'),
  z.strictObject({
    assert: z.literal('matches'),
    ...at,
    pattern: regex,
    flags: z
      .string()
      .regex(/^[imsu]*$/)
      .optional(),
  }),
  z
    .strictObject({ assert: z.literal('exists'), ...at, exists: z.boolean().optional() })
    .describe('Something is (or, with exists false, is not) at pointer.'),
  z.strictObject({
    assert: z.literal('type'),
    ...at,
    type: z.enum(['string', 'number', 'integer', 'boolean', 'null', 'array', 'object']),
  }),
  z.strictObject({ assert: z.literal('range'), ...at, ...bounds }).describe('A number at pointer within min and max (inclusive).'),
  z
    .strictObject({ assert: z.literal('length'), ...at, ...bounds })
    .describe('An array (or string) at pointer has between min and max elements.'),
  z.strictObject({ assert: z.literal('schema') }).describe("structuredContent validates against the tool's output schema."),
  z
    .strictObject({ assert: z.literal('snapshot'), pointer: pointer.optional(), value: json, ignore: z.array(pointer).max(200).optional() })
    .describe('The response (or the part at pointer) equals value, except at the ignored pointers.'),
  z.strictObject({ assert: z.literal('latency'), maxMs: z.number().positive() }).describe('The call took at most maxMs milliseconds.'),
]);
export type Assertion = z.infer<typeof AssertionSchema>;

export const ItemSchema = z.strictObject({
  name: z.string().min(1).max(200),
  tool: z.string().min(1).max(128),
  profile: z
    .string()
    .regex(PROFILE_NAME_PATTERN, { error: `is not a profile name: use ${PROFILE_NAME_RULE}` })
    .optional()
    .describe('A profile name (never a credential); default: --profile, else the embedded reference gateway.'),
  arguments: z.record(z.string(), json).optional(),
  extract: z
    .record(z.string().regex(VARIABLE_NAME), pointer)
    .optional()
    .describe('Variables this item sets from its response, each from a JSON Pointer, for later items ({{name}}).'),
  assertions: z.array(AssertionSchema).max(200).optional(),
});
export type CollectionItem = z.infer<typeof ItemSchema>;

export const CollectionSchema = z.strictObject({
  $schema: z.string().max(500).optional(),
  name: z.string().min(1).max(200),
  description: z.string().max(4000).optional(),
  variables: z.record(z.string().regex(VARIABLE_NAME), json).optional(),
  items: z.array(ItemSchema).max(10_000),
});
export type Collection = z.infer<typeof CollectionSchema>;

export type ParsedCollection = { readonly ok: true; readonly collection: Collection } | { readonly ok: false; readonly message: string };

/** `items[2].assertions[0].pointer` as `item 3 "quote", assertion 1, pointer`, for someone reading the file. */
function placeInWords(path: readonly PropertyKey[], document: unknown): string {
  const parts: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    const next = path[i + 1];
    if ((key === 'items' || key === 'assertions') && typeof next === 'number') {
      if (key === 'items') {
        const name = (document as { items?: Array<{ name?: unknown }> }).items?.[next]?.name;
        parts.push(`item ${next + 1}${typeof name === 'string' ? ` "${name.slice(0, 60)}"` : ''}`);
      } else parts.push(`assertion ${next + 1}`);
      i++;
    } else parts.push(String(key));
  }
  return parts.length > 0 ? parts.join(', ') : 'the document';
}

/** Parses a collection file's text; a failure is one plain message naming the file and the place. */
export function parseCollection(text: string, file: string): ParsedCollection {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    const place = findSyntaxError(text);
    const where = place ? `line ${place.line}, column ${place.column}` : 'somewhere';
    return {
      ok: false,
      message: `${file}: not valid JSON at ${where}: ${place?.message ?? 'a syntax error'}. Fix the file and run again.`,
    };
  }
  const parsed = CollectionSchema.safeParse(document);
  if (parsed.success) return { ok: true, collection: parsed.data };
  const issues = parsed.error.issues.slice(0, 3).map((issue) => `${placeInWords(issue.path, document)}: ${issue.message}`);
  const more = parsed.error.issues.length > 3 ? ` (and ${parsed.error.issues.length - 3} more)` : '';
  return { ok: false, message: `${file}: not a collection: ${issues.join('; ')}${more}. See docs/collections.md for the format.` };
}

const ASSERTION_KEYS = [
  'assert',
  'pointer',
  'code',
  'type',
  'pattern',
  'flags',
  'exists',
  'min',
  'max',
  'maxMs',
  'ignore',
  'value',
] as const;

/** Copies `from` with the keys in `order` first, in that order, then any others; absent keys are left out. */
function ordered(from: Record<string, unknown>, order: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of order) if (from[key] !== undefined) out[key] = from[key];
  for (const key of Object.keys(from)) if (!(key in out) && from[key] !== undefined) out[key] = from[key];
  return out;
}

/**
 * The file's text: keys in a fixed order, two-space indentation, a final newline. Secret-looking values
 * (by `domain/redact.ts`) become "[redacted]": a collection never carries a credential.
 */
export function serializeCollection(collection: Collection): string {
  const items = collection.items.map((item) =>
    ordered({ ...item, ...(item.assertions ? { assertions: item.assertions.map((a) => ordered(a, ASSERTION_KEYS)) } : {}) }, [
      'name',
      'tool',
      'profile',
      'arguments',
      'extract',
      'assertions',
    ]),
  );
  const document = ordered({ ...collection, items }, ['$schema', 'name', 'description', 'variables', 'items']);
  return `${JSON.stringify(redactSecrets(document), null, 2)}\n`;
}
