/**
 * A collection file as the mock's source of answers: each item whose snapshot holds a whole response (or
 * its structuredContent) answers a call of its tool with its arguments. Items without such a snapshot
 * have no answer to give and are counted as skipped. Arguments take the collection's own `variables`;
 * an item whose arguments still name a variable with no value (it came from an earlier item's extract,
 * or from --env) cannot be matched and is skipped too.
 */
import type { Assertion, Collection, CollectionItem } from '../../domain/collections/format';
import { substitute } from '../../domain/collections/variables';
import type { MockSource, RecordedCall, RecordedError } from '../../domain/recording/calls';

type Snapshot = Extract<Assertion, { assert: 'snapshot' }>;

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The answer an item's snapshot holds, as a recorded call's result or error; undefined when it holds none. */
function answerOf(item: CollectionItem): Pick<RecordedCall, 'result' | 'error'> | undefined {
  const assertions = item.assertions ?? [];
  const snapshot = assertions.find((a): a is Snapshot => a.assert === 'snapshot' && (a.pointer ?? '') === '');
  if (snapshot && isRecord(snapshot.value)) {
    const { error } = snapshot.value;
    if (isRecord(error) && typeof error.code === 'number')
      return { error: { ...(error as unknown as RecordedError), message: typeof error.message === 'string' ? error.message : 'error' } };
    return { result: snapshot.value };
  }
  const structured = assertions.find((a): a is Snapshot => a.assert === 'snapshot' && a.pointer === '/structuredContent');
  if (!structured) return undefined;
  // The item's converter left out a text block that only repeated structuredContent: put it back.
  const toolError = assertions.some((a) => a.assert === 'failure');
  return {
    result: {
      content: [{ type: 'text', text: JSON.stringify(structured.value) }],
      structuredContent: structured.value,
      ...(toolError ? { isError: true } : {}),
    },
  };
}

export interface CollectionCalls {
  readonly source: MockSource;
  /** How many items had no answer to serve. */
  readonly skipped: number;
}

/** The calls a collection's items answer, in item order; tools come from the gateway's contracts. */
export function collectionSource(collection: Collection): CollectionCalls {
  const scope = new Map(Object.entries(collection.variables ?? {}));
  const calls: RecordedCall[] = [];
  let skipped = 0;
  for (const item of collection.items) {
    const answer = answerOf(item);
    const args = substitute(item.arguments ?? {}, scope);
    if (!answer || args.missing.length > 0 || !isRecord(args.value)) {
      skipped++;
      continue;
    }
    calls.push({ tool: item.tool, arguments: args.value, ...answer, era: 'unknown', at: 0 });
  }
  return { source: { calls: () => calls }, skipped };
}
