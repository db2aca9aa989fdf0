/**
 * A recording's tool calls: each host `tools/call` request paired, by id, with the answer the bridge sent
 * back (a result or a JSON-RPC error). These are what `companion mock` serves and what the app turns into
 * collection items. Ids may be reused once a request is answered, so pairing follows the order of lines.
 */
import type { ExchangeLine } from './format';

export interface RecordedError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

export interface RecordedCall {
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  /** The `tools/call` result (a tool error is a result with isError); absent when the answer was an error. */
  readonly result?: Record<string, unknown>;
  readonly error?: RecordedError;
  /** Milliseconds from request to answer, as recorded. */
  readonly durationMs?: number;
  /** The protocol version the call was made in. */
  readonly era: string;
  /** Milliseconds since the recording started, when the request was sent. */
  readonly at: number;
}

/**
 * What `companion mock` serves: the calls to answer, and the recorded tools/list answer if there was one.
 * A recording and a collection's snapshots are the two sources (main/mock/mock-source.ts).
 */
export interface MockSource {
  calls(): readonly RecordedCall[];
  /** The tools from a recorded tools/list answer; undefined when none was recorded. */
  tools?(): readonly Record<string, unknown>[] | undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Ids are strings or numbers; 1 and "1" are different ids. */
const idKey = (id: unknown) => JSON.stringify(id);

function recordedError(value: unknown): RecordedError {
  const e = isRecord(value) ? value : {};
  return {
    code: typeof e.code === 'number' ? e.code : -32603,
    message: typeof e.message === 'string' ? e.message : 'error',
    ...('data' in e ? { data: e.data } : {}),
  };
}

/** Every answered `tools/call` in the recording, in the order the requests were sent. */
export function pairCalls(exchanges: readonly ExchangeLine[]): RecordedCall[] {
  const open = new Map<string, { index: number; tool: string; args: Record<string, unknown>; at: number; era: string }>();
  const calls: Array<RecordedCall | undefined> = [];
  for (const line of exchanges) {
    const m = line.message;
    if (line.from === 'host' && line.kind === 'request' && m.method === 'tools/call') {
      const params = isRecord(m.params) ? m.params : {};
      if (typeof params.name !== 'string') continue;
      open.set(idKey(m.id), {
        index: calls.length,
        tool: params.name,
        args: isRecord(params.arguments) ? params.arguments : {},
        at: line.at,
        era: line.era,
      });
      calls.push(undefined);
      continue;
    }
    if (line.from !== 'bridge' || (line.kind !== 'response' && line.kind !== 'error')) continue;
    const key = idKey(m.id);
    const request = open.get(key);
    if (!request) continue;
    open.delete(key);
    calls[request.index] = {
      tool: request.tool,
      arguments: request.args,
      ...(line.kind === 'response' ? { result: isRecord(m.result) ? m.result : {} } : { error: recordedError(m.error) }),
      ...(line.durationMs !== undefined ? { durationMs: line.durationMs } : {}),
      era: request.era,
      at: request.at,
    };
  }
  return calls.filter((c): c is RecordedCall => c !== undefined);
}

/** The tools of the last recorded `tools/list` answer, or undefined when the session never listed them. */
export function recordedTools(exchanges: readonly ExchangeLine[]): Record<string, unknown>[] | undefined {
  const listIds = new Set<string>();
  let tools: Record<string, unknown>[] | undefined;
  for (const line of exchanges) {
    const m = line.message;
    if (line.from === 'host' && line.kind === 'request' && m.method === 'tools/list') listIds.add(idKey(m.id));
    else if (line.from === 'bridge' && line.kind === 'response' && listIds.delete(idKey(m.id))) {
      const listed = isRecord(m.result) ? m.result.tools : undefined;
      // Pages add up; a tool listed again (the session listed twice) counts once, as last listed.
      if (Array.isArray(listed)) tools = [...(tools ?? []), ...listed.filter(isRecord)];
    }
  }
  if (!tools) return undefined;
  return [...new Map(tools.map((t) => [String(t.name), t])).values()];
}
