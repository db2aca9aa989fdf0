/**
 * A recorded or playground call as a collection item: the tool, its arguments and a snapshot of what it
 * answered, so running the collection again checks the gateway still answers the same. Recordings
 * (`companion record to-collection`) and "Save to collection" both make items through this one function.
 */
import { redactSecrets } from '../redact';
import type { RecordedCall } from '../recording/calls';
import type { Assertion, CollectionItem } from './format';
import { responseDocument, type CallResponse } from './assertions';
import { jsonEquals } from './json-compare';
import { expandPattern, MAX_IGNORED, volatilePointers } from './volatile-paths';

/**
 * What an item needs of a call: a recording's call (`domain/recording/calls.ts`) fits as it is. For
 * callers that hold one response value, a JSON-RPC error may also come as `result: { error }`.
 */
export interface CallToSave extends Pick<RecordedCall, 'tool'> {
  readonly arguments?: Readonly<Record<string, unknown>>;
  readonly result?: CallResponse['result'];
  readonly error?: CallResponse['error'];
  /**
   * Pointers into the response that change from call to call: the snapshot skips them. A `*` token
   * matches any one key or array index.
   */
  readonly ignorePaths?: readonly string[];
  /** Also skip what changes on every call by itself: UUIDs, timestamps, prices (`volatile-paths.ts`). */
  readonly ignoreVolatile?: boolean;
  /** Default: the tool's name. */
  readonly name?: string;
}

const SC = '/structuredContent';

/** The response without `_meta`, as assertions see it. */
function responseOf(call: CallToSave): CallResponse {
  const embedded = call.result && 'error' in call.result ? (call.result.error as CallResponse['error']) : undefined;
  const error = call.error ?? embedded;
  return error ? { error } : { result: call.result ?? {} };
}

/**
 * Whether the text content only repeats structuredContent (one text block holding its JSON, as the MCP
 * spec asks of tools with structured output). Then the snapshot covers structuredContent alone: the text
 * says nothing more, and a value skipped in structuredContent would otherwise still differ in the text.
 */
function textMirrorsStructured(result: Record<string, unknown> | undefined): boolean {
  if (!result || result.structuredContent === undefined) return false;
  const content = result.content;
  if (!Array.isArray(content) || content.length !== 1) return false;
  const block = content[0] as { type?: unknown; text?: unknown };
  if (block.type !== 'text' || typeof block.text !== 'string') return false;
  try {
    return jsonEquals(JSON.parse(block.text), result.structuredContent);
  } catch {
    return false;
  }
}

/** The snapshot assertion: of the whole response, or of structuredContent when the text mirrors it. */
function snapshotOf(call: CallToSave, document: Record<string, unknown>, narrow: boolean): Assertion {
  const patterns = call.ignorePaths ?? [];
  const wanted = [
    ...new Set([...patterns.flatMap((p) => expandPattern(p, document)), ...(call.ignoreVolatile ? volatilePointers(document) : [])]),
  ];
  // Skipped pointers are relative to the value compared. A whole result's `_meta` (server info, which
  // the stateless era adds to every result) is protocol bookkeeping, left out of the value and skipped.
  const ignore = narrow ? wanted.filter((p) => p.startsWith(`${SC}/`)).map((p) => p.slice(SC.length)) : [...wanted];
  if (!narrow && !('error' in document)) ignore.push('/_meta');
  const value = (narrow ? document.structuredContent : document) as Extract<Assertion, { assert: 'snapshot' }>['value'];
  return {
    assert: 'snapshot',
    ...(narrow ? { pointer: SC } : {}),
    value,
    ...(ignore.length > 0 ? { ignore: ignore.slice(0, MAX_IGNORED) } : {}),
  };
}

/**
 * The item: success (or the same JSON-RPC error code, or a tool error), and a snapshot of the response
 * without its `_meta`. Secret-looking values in the arguments and the snapshot are stripped
 * (`domain/redact.ts`).
 */
export function itemFromCall(call: CallToSave): CollectionItem {
  const response = responseOf(call);
  const { _meta: _ignored, ...document } = responseDocument(response) as Record<string, unknown>;
  const outcome: Assertion = response.error
    ? { assert: 'failure', code: response.error.code }
    : response.result?.isError === true
      ? { assert: 'failure' }
      : { assert: 'success' };
  return redactSecrets({
    name: call.name ?? call.tool,
    tool: call.tool,
    arguments: (call.arguments ?? {}) as NonNullable<CollectionItem['arguments']>,
    assertions: [outcome, snapshotOf(call, document, !response.error && textMirrorsStructured(response.result))],
  });
}
