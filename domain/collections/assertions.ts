/**
 * Evaluates one item's assertions against its response. Pure: the output-schema check is handed in by
 * the runner (ajv compiles to code, which belongs in main). Every outcome says which assertion, at which
 * pointer, what was expected and what was there.
 */
import type { Assertion } from './format';
import { jsonContains, jsonDifferences, jsonEquals, shortJson } from './json-compare';
import { resolvePointer } from './json-pointer';

export interface RpcError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** What a call gave back: the tool's result, or a JSON-RPC error. */
export interface CallResponse {
  readonly result?: Record<string, unknown>;
  readonly error?: RpcError;
}

export interface AssertionContext {
  readonly response: CallResponse;
  readonly durationMs: number;
  /** Problems of structuredContent against the tool's output schema; undefined when the tool declares none. */
  readonly outputSchemaProblems?: () => readonly string[] | undefined;
}

export interface AssertionOutcome {
  /** 1-based, as people count the assertions in the file. */
  readonly index: number;
  readonly assert: Assertion['assert'];
  readonly pointer?: string;
  readonly passed: boolean;
  /** What was checked (passed) or what went wrong, with expected and actual (failed). */
  readonly message: string;
}

/** The document pointers point into: the result, or `{ "error": … }` for a JSON-RPC error. */
export function responseDocument(response: CallResponse): unknown {
  return response.error ? { error: response.error } : (response.result ?? {});
}

const failed = (response: CallResponse) => response.error !== undefined || response.result?.isError === true;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function hasType(value: unknown, type: string): boolean {
  if (type === 'integer') return Number.isInteger(value);
  return typeOf(value) === type;
}

/** Why the response is a failure, in a few words. */
function failureText(response: CallResponse): string {
  if (response.error) return `JSON-RPC error ${response.error.code}: ${shortJson(response.error.message)}`;
  const content = response.result?.content;
  const text = Array.isArray(content) ? (content[0] as { text?: unknown } | undefined)?.text : undefined;
  return `a tool error (isError)${typeof text === 'string' ? `: ${shortJson(text)}` : ''}`;
}

type Verdict = { passed: boolean; message: string };
const verdict = (passed: boolean, ok: string, bad: string): Verdict => ({ passed, message: passed ? ok : bad });

/** The assertions that look at a value at a pointer. */
function atPointer(assertion: Extract<Assertion, { pointer: string }>, value: unknown): Verdict {
  const got = shortJson(value);
  switch (assertion.assert) {
    case 'equals':
      return verdict(jsonEquals(value, assertion.value), `equals ${got}`, `expected ${shortJson(assertion.value)}, got ${got}`);
    case 'contains': {
      const ok =
        typeof value === 'string' && typeof assertion.value === 'string'
          ? value.includes(assertion.value)
          : Array.isArray(value)
            ? value.some((v) => jsonContains(v, assertion.value))
            : jsonContains(value, assertion.value);
      return verdict(
        ok,
        `contains ${shortJson(assertion.value)}`,
        `expected something containing ${shortJson(assertion.value)}, got ${got}`,
      );
    }
    case 'matches': {
      const ok = typeof value === 'string' && new RegExp(assertion.pattern, [...new Set(`${assertion.flags ?? ''}u`)].join('')).test(value);
      return verdict(ok, `matches /${assertion.pattern}/`, `expected text matching /${assertion.pattern}/, got ${got}`);
    }
    case 'type':
      return verdict(hasType(value, assertion.type), `is ${assertion.type}`, `expected ${assertion.type}, got ${typeOf(value)} ${got}`);
    case 'range': {
      const ok =
        typeof value === 'number' &&
        (assertion.min === undefined || value >= assertion.min) &&
        (assertion.max === undefined || value <= assertion.max);
      const range = `${assertion.min ?? '-∞'} ≤ n ≤ ${assertion.max ?? '∞'}`;
      return verdict(ok, `${got} in ${range}`, `expected a number with ${range}, got ${got}`);
    }
    case 'length': {
      const length = Array.isArray(value) || typeof value === 'string' ? value.length : undefined;
      const ok =
        length !== undefined &&
        (assertion.min === undefined || length >= assertion.min) &&
        (assertion.max === undefined || length <= assertion.max);
      const range =
        assertion.min === assertion.max && assertion.min !== undefined
          ? `${assertion.min}`
          : `${assertion.min ?? 0}..${assertion.max ?? '∞'}`;
      return verdict(
        ok,
        `length ${length} in ${range}`,
        `expected length ${range}, got ${length === undefined ? `${typeOf(value)} ${got}` : `length ${length}`}`,
      );
    }
    case 'exists':
      return verdict(assertion.exists === false ? false : true, 'exists', `expected nothing, got ${got}`);
  }
}

function evaluateOne(assertion: Assertion, context: AssertionContext): Verdict {
  const { response } = context;
  switch (assertion.assert) {
    case 'success':
      return verdict(!failed(response), 'succeeded', `expected success, got ${failureText(response)}`);
    case 'failure': {
      if (assertion.code !== undefined)
        return verdict(
          response.error?.code === assertion.code,
          `JSON-RPC error ${assertion.code}`,
          `expected JSON-RPC error ${assertion.code}, got ${failed(response) ? failureText(response) : 'success'}`,
        );
      return verdict(failed(response), `failed: ${failed(response) ? failureText(response) : ''}`, 'expected a failure, got success');
    }
    case 'schema': {
      if (response.error)
        return { passed: false, message: `expected a result to check against the output schema, got ${failureText(response)}` };
      const problems = context.outputSchemaProblems?.();
      if (problems === undefined) return { passed: false, message: 'the tool declares no output schema to check against' };
      return verdict(
        problems.length === 0,
        'matches the output schema',
        `does not match the output schema: ${problems.slice(0, 3).join('; ')}`,
      );
    }
    case 'latency':
      return verdict(
        context.durationMs <= assertion.maxMs,
        `${context.durationMs} ms ≤ ${assertion.maxMs} ms`,
        `expected at most ${assertion.maxMs} ms, took ${context.durationMs} ms`,
      );
    case 'snapshot': {
      const found = resolvePointer(responseDocument(response), assertion.pointer ?? '');
      if (!found.found) return { passed: false, message: `nothing at ${found.missingAt} (the response ends before it)` };
      const diffs = jsonDifferences(assertion.value, found.value, assertion.ignore ?? [], 3);
      return verdict(
        diffs.length === 0,
        'matches the snapshot',
        `differs from the snapshot: ${diffs.map((d) => `at ${(assertion.pointer ?? '') + d.pointer || '/'} expected ${shortJson(d.expected, 80)}, got ${shortJson(d.actual, 80)}`).join('; ')}`,
      );
    }
    default: {
      const found = resolvePointer(responseDocument(response), assertion.pointer);
      if (!found.found) {
        if (assertion.assert === 'exists' && assertion.exists === false) return { passed: true, message: 'nothing there, as expected' };
        return { passed: false, message: `nothing at ${found.missingAt} (the response ends before it)` };
      }
      return atPointer(assertion, found.value);
    }
  }
}

/** Every assertion's outcome, in order. */
export function evaluateAssertions(assertions: readonly Assertion[], context: AssertionContext): AssertionOutcome[] {
  return assertions.map((assertion, i) => ({
    index: i + 1,
    assert: assertion.assert,
    ...('pointer' in assertion && assertion.pointer !== undefined ? { pointer: assertion.pointer } : {}),
    ...evaluateOne(assertion, context),
  }));
}
