/**
 * A playground call (a live result or a history entry) as a collection item, through the one
 * `itemFromCall`. The playground empties a text item that repeats structuredContent (it is not sent
 * twice); the snapshot ignores that text rather than expect it empty.
 */
import { itemFromCall } from '../../../../domain/collections/from-call';
import type { CollectionItem } from '../../../../domain/collections/format';
import type { ToolResult } from '../../../../domain/ipc/playground-channels';
import { picksToAssertions, type Pick } from './pick-assertions';

export interface PlaygroundCall {
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  readonly result: ToolResult;
}

/** The answer the tree shows and pointers point into: the result without the playground's markers. */
export function responseOf(result: ToolResult): Record<string, unknown> {
  const { textSameAsStructured: _marked, ...rest } = result;
  return rest;
}

/** The item; `picks` (chosen on the result tree) add assertions after the snapshot, or places it ignores. */
export function itemFromPlaygroundCall(call: PlaygroundCall, picks: readonly Pick[] = []): CollectionItem {
  const result = responseOf(call.result);
  const chosen = picksToAssertions(picks, result);
  const ignorePaths = [...(call.result.textSameAsStructured ?? []).map((i) => `/content/${i}/text`), ...chosen.ignore];
  const item = itemFromCall({ tool: call.tool, arguments: call.arguments, result, ...(ignorePaths.length > 0 ? { ignorePaths } : {}) });
  return chosen.assertions.length > 0 ? { ...item, assertions: [...(item.assertions ?? []), ...chosen.assertions] } : item;
}
