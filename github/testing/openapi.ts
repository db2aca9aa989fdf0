/**
 * GitHub's official OpenAPI description of api.github.com (@octokit/openapi), used by the fake GitHub to
 * hold every request and every answer to the real contract: the operation is found by method and path,
 * path and query parameters and JSON bodies are validated with ajv, and so is each response the fake
 * sends. `sample` builds a minimal valid body for an operation's response, which the fake then fills in.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

type Json = Record<string, unknown>;
interface Spec {
  paths: Record<string, Record<string, Json>>;
  components: Record<string, Record<string, Json>>;
}

const require = createRequire(import.meta.url);
let loaded: { spec: Spec; ajv: Ajv; routes: Route[] } | undefined;

interface Route {
  method: string;
  template: string;
  regex: RegExp;
  names: string[];
  literals: number;
  operation: Json;
}

const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** OpenAPI 3.0's `nullable: true` admits null even where an enum does not list it (a running check run's `conclusion`). */
function nullableEnums(node: unknown): void {
  if (Array.isArray(node)) for (const item of node) nullableEnums(item);
  else if (typeof node === 'object' && node !== null) {
    const schema = node as Json;
    const values: unknown = schema['enum'];
    if (schema['nullable'] === true && Array.isArray(values) && !values.includes(null)) schema['enum'] = [...(values as unknown[]), null];
    for (const value of Object.values(schema)) nullableEnums(value);
  }
}

function load() {
  if (loaded) return loaded;
  const spec = JSON.parse(readFileSync(require.resolve('@octokit/openapi/generated/api.github.com.json'), 'utf8')) as Spec;
  nullableEnums(spec);
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, logger: false });
  const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
  addFormats(ajv);
  ajv.addSchema({ ...spec, $id: 'gh' }, undefined, undefined, false);
  const routes: Route[] = [];
  for (const [template, ops] of Object.entries(spec.paths)) {
    const parts = template.split('/').slice(1);
    const names: string[] = [];
    const source = parts
      .map((part, i) => {
        const m = /^\{(\w+)\}$/.exec(part);
        if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(m[1]!);
        // A last parameter may hold slashes (git refs such as heads/feature/x, contents paths).
        return i === parts.length - 1 ? '(.+)' : '([^/]+)';
      })
      .join('/');
    for (const [method, operation] of Object.entries(ops)) {
      if (!['get', 'post', 'patch', 'put', 'delete'].includes(method)) continue;
      routes.push({ method, template, regex: new RegExp(`^/${source}$`), names, literals: parts.length - names.length, operation });
    }
  }
  // The most specific template wins (/repos/{o}/{r}/git/refs before /repos/{o}/{r}/{anything}).
  routes.sort((a, b) => b.literals - a.literals);
  loaded = { spec, ajv, routes };
  return loaded;
}

export interface Operation {
  readonly id: string;
  readonly method: string;
  readonly template: string;
  readonly params: Record<string, string>;
}

export function findOperation(method: string, path: string): Operation | undefined {
  const { routes } = load();
  const m = method.toLowerCase();
  for (const route of routes) {
    if (route.method !== m) continue;
    const match = route.regex.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, i) => (params[name] = decodeURIComponent(match[i + 1]!)));
    return { id: route.operation['operationId'] as string, method: m, template: route.template, params };
  }
  return undefined;
}

function resolve(value: Json): Json {
  const { spec } = load();
  let current = value;
  while (typeof current['$ref'] === 'string') {
    const [, kind, name] = /^#\/components\/(\w+)\/(.+)$/.exec(current['$ref'])!;
    current = spec.components[kind!]![name!]!;
  }
  return current;
}

const compiled = new Map<string, ValidateFunction>();
function validator(path: string): ValidateFunction {
  let v = compiled.get(path);
  if (!v) {
    v = load().ajv.compile({ $ref: `gh#${path}` });
    compiled.set(path, v);
  }
  return v;
}

function describe(v: ValidateFunction): string {
  return (v.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`)
    .join('; ');
}

function opPointer(op: Operation): string {
  return `/paths/${pointer(op.template)}/${op.method}`;
}

function operationOf(op: Operation): Json {
  return load().spec.paths[op.template]![op.method]!;
}

function coerce(value: string, schema: Json): unknown {
  const type = schema['type'];
  if (type === 'integer' || type === 'number') return value.trim() === '' ? value : Number(value);
  if (type === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  return value;
}

/** Problems with a request (empty when it matches the description). */
export function requestProblems(op: Operation, query: URLSearchParams, body: unknown, hasBody: boolean): string[] {
  const problems: string[] = [];
  const operation = operationOf(op);
  const parameters = ((operation['parameters'] as Json[] | undefined) ?? []).map(resolve);
  for (const p of parameters) {
    const name = p['name'] as string;
    const schema = (p['schema'] as Json | undefined) ?? {};
    const where = p['in'];
    let value: unknown;
    // Path parameters arrive as text too (pull_number, issue_number): coerced like query parameters.
    if (where === 'path') value = op.params[name] === undefined ? undefined : coerce(op.params[name], resolve(schema));
    else if (where === 'query') value = query.has(name) ? coerce(query.get(name)!, resolve(schema)) : undefined;
    else continue;
    if (value === undefined) {
      if (p['required']) problems.push(`missing ${where} parameter ${name}`);
      continue;
    }
    const v = load().ajv.compile(resolve(schema));
    if (!v(value)) problems.push(`${where} parameter ${name}=${JSON.stringify(value)}: ${describe(v)}`);
  }
  const known = new Set(parameters.filter((p) => p['in'] === 'query').map((p) => p['name'] as string));
  for (const name of query.keys()) if (!known.has(name)) problems.push(`unknown query parameter ${name}`);
  const requestBody = operation['requestBody'] as Json | undefined;
  if (requestBody) {
    if (!hasBody) {
      if (requestBody['required']) problems.push('missing JSON body');
    } else {
      const v = validator(`${opPointer(op)}/requestBody/content/application~1json/schema`);
      if (!v(body)) problems.push(`body: ${describe(v)}`);
    }
  } else if (hasBody) problems.push('this operation takes no body');
  return problems;
}

/** Statuses GitHub may answer to any request whatever the operation lists (bad token, rate limits, outages). */
const ANY_OPERATION = new Set([401, 403, 429, 500, 502, 503]);

/** Problems with a response (empty when it matches the description). */
export function responseProblems(op: Operation, status: number, body: unknown): string[] {
  const responses = operationOf(op)['responses'] as Record<string, Json>;
  const key = String(status);
  if (!responses[key]) {
    if (!ANY_OPERATION.has(status)) return [`status ${status} is not an answer of ${op.id}`];
    const v = validator('/components/schemas/basic-error');
    return v(body) ? [] : [`body: ${describe(v)}`];
  }
  const response = resolve(responses[key]);
  const content = response['content'] as Record<string, Json> | undefined;
  if (!content?.['application/json']) return body === undefined ? [] : [`status ${status} of ${op.id} has no body`];
  const base =
    typeof responses[key]['$ref'] === 'string'
      ? `/components/responses/${responses[key]['$ref'].split('/').pop()!}`
      : `${opPointer(op)}/responses/${key}`;
  const v = validator(`${base}/content/application~1json/schema`);
  return v(body) ? [] : [`body: ${describe(v)}`];
}

/** A minimal valid value of a schema: required properties only, first choices, formats respected. */
function minimal(schema: Json, depth = 0): unknown {
  const s = resolve(schema);
  if (depth > 12) return null;
  if (Array.isArray(s['allOf'])) return Object.assign({}, ...(s['allOf'] as Json[]).map((x) => minimal(x, depth + 1) as object));
  if (Array.isArray(s['oneOf'])) return minimal((s['oneOf'] as Json[])[0]!, depth + 1);
  if (Array.isArray(s['anyOf'])) return minimal((s['anyOf'] as Json[])[0]!, depth + 1);
  if (Array.isArray(s['enum'])) return (s['enum'] as unknown[]).find((x) => x !== null) ?? null;
  switch (s['type']) {
    case 'object': {
      const out: Json = {};
      const props = (s['properties'] as Record<string, Json> | undefined) ?? {};
      for (const name of (s['required'] as string[] | undefined) ?? []) out[name] = props[name] ? minimal(props[name], depth + 1) : null;
      return out;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return false;
    case 'string': {
      const format = s['format'];
      if (format === 'date-time') return '2026-01-01T00:00:00Z';
      if (format === 'uri') return 'https://example.invalid/';
      if (format === 'email') return 'octocat@example.invalid';
      return 'x';
    }
    default:
      return s['nullable'] ? null : {};
  }
}

/** A minimal valid body for an operation's answer, for the fake to fill in. */
export function sample(operationId: string, status: number): Json {
  const { spec } = load();
  for (const ops of Object.values(spec.paths))
    for (const operation of Object.values(ops)) {
      if (operation['operationId'] !== operationId) continue;
      const response = resolve((operation['responses'] as Record<string, Json>)[String(status)]!);
      const schema = (response['content'] as Record<string, Json>)['application/json']!['schema'] as Json;
      return minimal(schema) as Json;
    }
  throw new Error(`no operation ${operationId}`);
}

/** A component schema's minimal value (e.g. 'simple-user', 'pull-request-simple'). */
export function sampleSchema(name: string): Json {
  return minimal({ $ref: `#/components/schemas/${name}` }) as Json;
}
