/**
 * A playground call (a live result or a history entry) as a collection item, through the one
 * `itemFromCall`. The playground empties a text item that repeats structuredContent (it is not sent
 * twice); the snapshot ignores that text rather than expect it empty.
 */
import { itemFromCall } from '../../../../domain/collections/from-call';
import type { CollectionItem } from '../../../../domain/collections/format';
import type { ToolResult } from '../../../../domain/ipc/playground-channels';

export interface PlaygroundCall {
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  readonly result: ToolResult;
}

export function itemFromPlaygroundCall(call: PlaygroundCall, extraIgnore: readonly string[] = []): CollectionItem {
  const { textSameAsStructured, ...result } = call.result;
  const ignorePaths = [...(textSameAsStructured ?? []).map((i) => `/content/${i}/text`), ...extraIgnore];
  return itemFromCall({ tool: call.tool, arguments: call.arguments, result, ...(ignorePaths.length > 0 ? { ignorePaths } : {}) });
}
