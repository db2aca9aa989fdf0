/**
 * A recorded or playground call as a collection item: the tool, its arguments and a snapshot of what it
 * answered, so running the collection again checks the gateway still answers the same. Recordings and
 * "Save to collection" both make items through this one function.
 */
import { redactSecrets } from '../redact';
import type { Assertion, CollectionItem } from './format';
import { responseDocument, type CallResponse } from './assertions';

export interface RecordedCall {
  readonly tool: string;
  readonly arguments?: Record<string, unknown>;
  /** The tool's result (CallToolResult), or `{ error }` for a JSON-RPC error. */
  readonly result: CallResponse['result'] | { readonly error: NonNullable<CallResponse['error']> };
  /** Pointers into the response that change from call to call (ids, timestamps): the snapshot skips them. */
  readonly ignorePaths?: readonly string[];
  /** Default: the tool's name. */
  readonly name?: string;
}

/**
 * The item: success (or the same JSON-RPC error code), and a snapshot of the response without its
 * `_meta`. Secret-looking values in the arguments and the snapshot are stripped (`domain/redact.ts`).
 */
export function itemFromCall(call: RecordedCall): CollectionItem {
  const response: CallResponse =
    call.result && 'error' in call.result && call.result.error
      ? { error: call.result.error as CallResponse['error'] & object }
      : { result: call.result as Record<string, unknown> };
  const { _meta: _ignored, ...document } = responseDocument(response) as Record<string, unknown>;
  const outcome: Assertion = response.error
    ? { assert: 'failure', code: response.error.code }
    : response.result?.isError === true
      ? { assert: 'failure' }
      : { assert: 'success' };
  const snapshot: Assertion = {
    assert: 'snapshot',
    value: document as Extract<Assertion, { assert: 'snapshot' }>['value'],
    ...(call.ignorePaths && call.ignorePaths.length > 0 ? { ignore: [...call.ignorePaths] } : {}),
  };
  return redactSecrets({
    name: call.name ?? call.tool,
    tool: call.tool,
    arguments: (call.arguments ?? {}) as NonNullable<CollectionItem['arguments']>,
    assertions: [outcome, snapshot],
  });
}
