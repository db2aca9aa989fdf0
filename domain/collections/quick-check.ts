/**
 * A zod-free check of a parsed collection file, for `companion test`'s start: loading zod and building the
 * collection schema cost more than the check itself. It accepts only documents the zod schema in
 * `format.ts` accepts, and keeps them as they are (zod's output of such a document equals it); whatever
 * it is not sure of is left to zod, which also words the problem. `quick-check.test.ts` holds the two
 * together, on the sample collection and on generated documents.
 */
import { PROFILE_NAME_PATTERN } from '../profile-name';
import type { Collection } from './format';
import { POINTER_PATTERN, VARIABLE_NAME } from './patterns';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, min: number, max: number): boolean => typeof value === 'string' && value.length >= min && value.length <= max;
const pointer = (value: unknown): boolean => text(value, 0, 2000) && POINTER_PATTERN.test(value as string);
/** JSON.parse makes Infinity of a number too large for a double; zod refuses it. */
const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const optionalNumber = (value: unknown): boolean => value === undefined || finite(value);
/** Only the keys in `allowed` (zod's strict objects refuse any other). */
const onlyKeys = (value: Json, allowed: readonly string[]): boolean => Object.keys(value).every((key) => allowed.includes(key));

/**
 * A value JSON.parse made, without what zod treats otherwise: an infinite number, or an own `__proto__`
 * key (zod's copy of a record would not keep it as a key).
 */
function plainJson(value: unknown, depth = 0): boolean {
  if (depth > 200) return false;
  if (Array.isArray(value)) return value.every((v) => plainJson(v, depth + 1));
  if (typeof value === 'number') return Number.isFinite(value);
  if (!isObject(value)) return true;
  for (const key of Object.keys(value)) if (key === '__proto__' || !plainJson(value[key], depth + 1)) return false;
  return true;
}

function validRegex(source: unknown): boolean {
  if (!text(source, 0, 1000)) return false;
  try {
    new RegExp(source as string, 'u');
    return true;
  } catch {
    return false;
  }
}

const TYPES = ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'];

function assertionOk(a: unknown): boolean {
  if (!isObject(a)) return false;
  switch (a.assert) {
    case 'success':
    case 'schema':
      return onlyKeys(a, ['assert']);
    case 'failure':
      return onlyKeys(a, ['assert', 'code']) && (a.code === undefined || Number.isSafeInteger(a.code));
    case 'equals':
    case 'contains':
      return onlyKeys(a, ['assert', 'pointer', 'value']) && pointer(a.pointer) && 'value' in a && plainJson(a.value);
    case 'matches':
      return (
        onlyKeys(a, ['assert', 'pointer', 'pattern', 'flags']) &&
        pointer(a.pointer) &&
        validRegex(a.pattern) &&
        (a.flags === undefined || (typeof a.flags === 'string' && /^[imsu]*$/.test(a.flags)))
      );
    case 'exists':
      return (
        onlyKeys(a, ['assert', 'pointer', 'exists']) && pointer(a.pointer) && (a.exists === undefined || typeof a.exists === 'boolean')
      );
    case 'type':
      return onlyKeys(a, ['assert', 'pointer', 'type']) && pointer(a.pointer) && TYPES.includes(a.type as string);
    case 'range':
    case 'length':
      return onlyKeys(a, ['assert', 'pointer', 'min', 'max']) && pointer(a.pointer) && optionalNumber(a.min) && optionalNumber(a.max);
    case 'snapshot':
      return (
        onlyKeys(a, ['assert', 'pointer', 'value', 'ignore']) &&
        (a.pointer === undefined || pointer(a.pointer)) &&
        'value' in a &&
        plainJson(a.value) &&
        (a.ignore === undefined || (Array.isArray(a.ignore) && a.ignore.length <= 200 && a.ignore.every(pointer)))
      );
    case 'latency':
      return onlyKeys(a, ['assert', 'maxMs']) && finite(a.maxMs) && a.maxMs > 0;
    default:
      return false;
  }
}

function recordOf(value: unknown, keyOk: (key: string) => boolean, valueOk: (value: unknown) => boolean): boolean {
  return isObject(value) && Object.keys(value).every((key) => key !== '__proto__' && keyOk(key) && valueOk(value[key]));
}

function itemOk(item: unknown): boolean {
  return (
    isObject(item) &&
    onlyKeys(item, ['name', 'tool', 'profile', 'arguments', 'extract', 'assertions']) &&
    text(item.name, 1, 200) &&
    text(item.tool, 1, 128) &&
    (item.profile === undefined || (typeof item.profile === 'string' && PROFILE_NAME_PATTERN.test(item.profile))) &&
    (item.arguments === undefined || recordOf(item.arguments, () => true, plainJson)) &&
    (item.extract === undefined || recordOf(item.extract, (key) => VARIABLE_NAME.test(key), pointer)) &&
    (item.assertions === undefined ||
      (Array.isArray(item.assertions) && item.assertions.length <= 200 && item.assertions.every(assertionOk)))
  );
}

/** The document as a collection when it certainly is one; undefined when the zod schema must decide. */
export function quickCollection(document: unknown): Collection | undefined {
  const ok =
    isObject(document) &&
    onlyKeys(document, ['$schema', 'name', 'description', 'variables', 'items']) &&
    (document.$schema === undefined || text(document.$schema, 0, 500)) &&
    text(document.name, 1, 200) &&
    (document.description === undefined || text(document.description, 0, 4000)) &&
    (document.variables === undefined || recordOf(document.variables, (key) => VARIABLE_NAME.test(key), plainJson)) &&
    Array.isArray(document.items) &&
    document.items.length <= 10_000 &&
    document.items.every(itemOk);
  return ok ? (document as Collection) : undefined;
}
