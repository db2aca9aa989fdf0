/** A JSON Schema node as tools publish it; every keyword is optional and read defensively. */
export type Schema = Record<string, unknown>;

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'const' | 'array' | 'object' | 'union' | 'null' | 'any';

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

function pointerGet(root: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isSchema(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return isSchema(node) ? node : undefined;
}

/**
 * Follows local `$ref`s (`#/$defs/…`, `#/definitions/…`) and merges `allOf`, so fields see one plain
 * schema. Sibling keywords next to a $ref (description, default) win over the target's. Cycles stop
 * after a few hops, leaving the node as it is.
 */
export function resolve(schema: unknown, root: Schema, depth = 0): Schema {
  if (!isSchema(schema)) return schema === false ? { not: {} } : {};
  let node: Schema = schema;
  if (typeof node.$ref === 'string' && depth < 16) {
    const target = pointerGet(root, node.$ref);
    if (target) {
      const { $ref: _ref, ...siblings } = node;
      node = { ...resolve(target, root, depth + 1), ...siblings };
    }
  }
  if (Array.isArray(node.allOf) && depth < 16) {
    const { allOf, ...rest } = node;
    let merged: Schema = {};
    for (const part of allOf) merged = mergeSchemas(merged, resolve(part, root, depth + 1));
    node = mergeSchemas(merged, rest);
  }
  return node;
}

function mergeSchemas(a: Schema, b: Schema): Schema {
  const out: Schema = { ...a, ...b };
  if (isSchema(a.properties) || isSchema(b.properties)) out.properties = { ...(a.properties as Schema), ...(b.properties as Schema) };
  if (Array.isArray(a.required) || Array.isArray(b.required))
    out.required = [...new Set([...((a.required as string[]) ?? []), ...((b.required as string[]) ?? [])])];
  return out;
}

function typesOf(schema: Schema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  return [];
}

export function kindOf(schema: Schema): FieldKind {
  if (Array.isArray(schema.enum)) return 'enum';
  if ('const' in schema) return 'const';
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) return 'union';
  const types = typesOf(schema);
  if (types.length > 1) return 'union';
  const type = types[0];
  if (
    type === 'string' ||
    type === 'number' ||
    type === 'integer' ||
    type === 'boolean' ||
    type === 'array' ||
    type === 'object' ||
    type === 'null'
  )
    return type;
  if (isSchema(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return 'any';
}

export interface Variant {
  readonly label: string;
  readonly schema: Schema;
}

const TYPE_LABELS: Record<string, string> = {
  string: 'Text',
  number: 'Number',
  integer: 'Whole number',
  boolean: 'Yes / no',
  array: 'List',
  object: 'Object',
  null: 'None (null)',
};

function variantLabel(schema: Schema, index: number): string {
  if (typeof schema.title === 'string' && schema.title) return schema.title;
  if ('const' in schema) return JSON.stringify(schema.const);
  const kind = kindOf(schema);
  if (kind === 'object' && isSchema(schema.properties)) {
    const keys = Object.keys(schema.properties);
    if (keys.length > 0) return `Object with ${keys.slice(0, 3).join(', ')}${keys.length > 3 ? ', …' : ''}`;
  }
  if (kind === 'enum')
    return `One of ${(schema.enum as unknown[])
      .slice(0, 3)
      .map((v) => JSON.stringify(v))
      .join(', ')}`;
  return TYPE_LABELS[kind] ?? `Option ${index + 1}`;
}

/** The choices of a oneOf/anyOf (or a type list such as ["string", "null"]), each resolved and labelled. */
export function variantsOf(schema: Schema, root: Schema): Variant[] {
  const list = (Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined) as
    unknown[] | undefined;
  // Constraints beside oneOf apply to every branch; the field's own title and description do not.
  const { oneOf: _o, anyOf: _a, title: _t, description: _d, default: _def, type, ...shared } = schema;
  if (list) {
    return list.map((entry, index) => {
      const branch = resolve(entry, root);
      return {
        label: variantLabel(branch, index),
        schema: resolve({ ...(type !== undefined ? { type } : {}), ...shared, ...branch }, root),
      };
    });
  }
  return typesOf(schema).map((t) => ({ label: TYPE_LABELS[t] ?? t, schema: { ...shared, type: t } }));
}

function matches(schema: Schema, value: unknown, root: Schema): boolean {
  const s = resolve(schema, root);
  if ('const' in s) return JSON.stringify(s.const) === JSON.stringify(value);
  if (Array.isArray(s.enum)) return s.enum.some((e) => JSON.stringify(e) === JSON.stringify(value));
  switch (kindOf(s)) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object': {
      if (!isSchema(value)) return false;
      const props = isSchema(s.properties) ? s.properties : {};
      // A property with a const (a discriminator) must agree; required keys must be there.
      for (const [key, prop] of Object.entries(props)) {
        const p = resolve(prop, root);
        if ('const' in p && key in value && JSON.stringify(p.const) !== JSON.stringify(value[key])) return false;
      }
      return ((s.required as string[] | undefined) ?? []).every((k) => k in value);
    }
    default:
      return true;
  }
}

/**
 * Which variant a value belongs to, so the form shows the right branch for existing data; -1 when there
 * is no value (nothing was chosen: the picker shows its placeholder, not the first branch) or the value
 * matches none of them.
 */
export function pickVariant(variants: readonly Variant[], value: unknown, root: Schema): number {
  if (value === undefined) return -1;
  return variants.findIndex((v) => matches(v.schema, value, root));
}

export function requiredOf(schema: Schema): Set<string> {
  return new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
}

export function propertiesOf(schema: Schema, root: Schema): Array<[string, Schema]> {
  if (!isSchema(schema.properties)) return [];
  return Object.entries(schema.properties).map(([key, prop]) => [key, resolve(prop, root)]);
}

/**
 * The starting value of a field: its default, or for an object the defaults of its properties (nested
 * objects only when required). Undefined means "leave it out".
 */
export function initialValue(schema: Schema, root: Schema): unknown {
  const s = resolve(schema, root);
  if ('default' in s) return structuredClone(s.default);
  if ('const' in s) return s.const;
  if (kindOf(s) !== 'object') return undefined;
  const out: Record<string, unknown> = {};
  const required = requiredOf(s);
  for (const [key, prop] of propertiesOf(s, root)) {
    const kind = kindOf(prop);
    if (kind === 'object' && !required.has(key) && !('default' in prop)) continue;
    const v = initialValue(prop, root);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** What a newly added array item (or a newly chosen union branch) starts as. */
export function blankValue(schema: Schema, root: Schema): unknown {
  const s = resolve(schema, root);
  const start = initialValue(s, root);
  if (start !== undefined) return start;
  switch (kindOf(s)) {
    case 'string':
      return '';
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    case 'enum':
      return (s.enum as unknown[])[0];
    case 'null':
      return null;
    case 'union': {
      const first = variantsOf(s, root)[0];
      return first ? blankValue(first.schema, root) : undefined;
    }
    default:
      return undefined;
  }
}

/** Bounds in words, for hints: "1 to 100", "at most 50 items", "above 0, at most 50". */
export function describeBounds(schema: Schema): string | undefined {
  const parts: string[] = [];
  const num = (k: string) => (typeof schema[k] === 'number' ? schema[k] : undefined);
  const min = num('minimum');
  const max = num('maximum');
  const xmin = num('exclusiveMinimum');
  const xmax = num('exclusiveMaximum');
  if (min !== undefined && max !== undefined) parts.push(`${min} to ${max}`);
  else {
    if (min !== undefined) parts.push(`at least ${min}`);
    if (xmin !== undefined) parts.push(`above ${xmin}`);
    if (max !== undefined) parts.push(`at most ${max}`);
  }
  if (xmin !== undefined && min !== undefined) parts.push(`above ${xmin}`);
  if (xmax !== undefined) parts.push(`below ${xmax}`);
  const minLen = num('minLength');
  const maxLen = num('maxLength');
  if (maxLen !== undefined) parts.push(`up to ${maxLen} characters`);
  else if (minLen !== undefined && minLen > 1) parts.push(`at least ${minLen} characters`);
  const minItems = num('minItems');
  const maxItems = num('maxItems');
  if (minItems !== undefined && maxItems !== undefined) parts.push(`${minItems} to ${maxItems} items`);
  else if (maxItems !== undefined) parts.push(`at most ${maxItems} items`);
  else if (minItems !== undefined) parts.push(`at least ${minItems} items`);
  return parts.length > 0 ? parts.join(', ') : undefined;
}
