import type { ErrorObject } from 'ajv';
import type { ValidationIssue } from '../../domain/ipc/playground-channels';

/** `/networks/0/id` → `networks[0].id`; the root is empty. */
export function readablePath(pointer: string): string {
  if (pointer === '') return '';
  let out = '';
  for (const raw of pointer.slice(1).split('/')) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(part)) out += `[${part}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out;
}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const raw of pointer === '' ? [] : pointer.slice(1).split('/')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** One ajv error as a sentence a developer can act on, without JSON Schema jargon. */
function sentence(error: ErrorObject, value: unknown, tool: string): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'type': {
      const types = String(p.type)
        .split(',')
        .map((t) => TYPE_WORDS[t] ?? t);
      return `must be ${types.join(' or ')}, not ${show(value)}`;
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const words = { minimum: 'at least', maximum: 'at most', exclusiveMinimum: 'greater than', exclusiveMaximum: 'less than' } as const;
      return `must be ${words[error.keyword]} ${String(p.limit)} (it is ${show(value)})`;
    }
    case 'multipleOf':
      return `must be a multiple of ${String(p.multipleOf)}`;
    case 'minLength':
      return Number(p.limit) === 1 ? 'must not be empty' : `must be at least ${plural(Number(p.limit), 'character')} long`;
    case 'maxLength':
      return `must be at most ${plural(Number(p.limit), 'character')} (it has ${typeof value === 'string' ? value.length : '?'})`;
    case 'minItems':
      return `needs at least ${plural(Number(p.limit), 'item')} (it has ${Array.isArray(value) ? value.length : 0})`;
    case 'maxItems':
      return `takes at most ${plural(Number(p.limit), 'item')} (it has ${Array.isArray(value) ? value.length : '?'}); remove some or split the call`;
    case 'uniqueItems':
      return `must not repeat items (items ${String(p.j)} and ${String(p.i)} are the same)`;
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map(show);
      return `must be one of ${allowed.slice(0, 12).join(', ')}${allowed.length > 12 ? ', …' : ''} (it is ${show(value)})`;
    }
    case 'const':
      return `must be ${show(p.allowedValue)}`;
    case 'pattern':
      return `has the wrong format: ${show(value)} does not match ${String(p.pattern)}`;
    case 'format':
      return `must be a valid ${String(p.format)}`;
    case 'additionalProperties':
      return `"${String(p.additionalProperty)}" is not a parameter of ${tool}; remove it`;
    case 'oneOf':
      return Array.isArray(p.passingSchemas)
        ? 'matches more than one of the allowed shapes; make it match exactly one'
        : 'matches none of the allowed shapes';
    case 'anyOf':
      return 'matches none of the allowed shapes';
    case 'not':
      return 'is a value that is not allowed here';
    case 'minProperties':
      return `needs at least ${plural(Number(p.limit), 'property')}`;
    case 'maxProperties':
      return `takes at most ${plural(Number(p.limit), 'property')}`;
    case 'dependentRequired':
    case 'dependencies':
      return `needs ${String(p.missingProperty)} when ${String(p.property)} is given`;
    default:
      return error.message ?? `fails the "${error.keyword}" rule`;
  }
}

/**
 * Turns ajv errors into issues keyed by the field they belong to. A missing property is reported at the
 * property itself (so the form can mark that field). ajv lists a failed oneOf/anyOf's branch errors just
 * before it; those are dropped in favour of the one summary line, since each branch failing is expected.
 */
export function describeErrors(errors: readonly ErrorObject[], data: unknown, tool: string): ValidationIssue[] {
  const branchErrors = new Set<number>();
  errors.forEach((error, index) => {
    if (error.keyword !== 'oneOf' && error.keyword !== 'anyOf') return;
    const at = error.instancePath;
    for (let i = index - 1; i >= 0; i--) {
      const p = (errors[i] as ErrorObject).instancePath;
      if (p === at || p.startsWith(`${at}/`)) branchErrors.add(i);
      else break;
    }
  });
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const [index, error] of errors.entries()) {
    if (branchErrors.has(index)) continue;
    if (error.keyword === 'if') continue;
    let pointer = error.instancePath;
    if (error.keyword === 'required') pointer += `/${escapePointer(String((error.params as { missingProperty: string }).missingProperty))}`;
    if (error.keyword === 'additionalProperties')
      pointer += `/${escapePointer(String((error.params as { additionalProperty: string }).additionalProperty))}`;
    const path = readablePath(pointer);
    const text = sentence(error, valueAt(data, error.instancePath), tool);
    const message = error.keyword === 'additionalProperties' ? text : `${path || 'The arguments'} ${text}`;
    const key = `${pointer}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ path, pointer, message: message.charAt(0).toUpperCase() + message.slice(1) });
  }
  return issues;
}
