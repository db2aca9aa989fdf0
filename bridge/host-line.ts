import { classify, ErrorCode, errorResponse, type Classified } from './jsonrpc';
import { idFromFragments, type LineEvent } from './line-reader';
import type { Logger } from './logger';

/** One line from the host: a message to handle, or a line the bridge answers at once (it is not forwarded). */
export type HostLine =
  { readonly kind: 'message'; readonly message: Classified; readonly text: string } | { readonly kind: 'reply'; readonly line: string };

/**
 * Reads one framed line from the host: an oversized line, text that is not JSON and a batch are answered
 * here with a clear error; anything else is classified for the core to handle.
 */
export function readHostLine(event: LineEvent, maxMessageBytes: number, log: Logger): HostLine {
  if (event.kind === 'oversized') {
    const id = idFromFragments(event.head, event.tail);
    log.warn(`refused a ${event.bytes}-byte message from the host (limit ${maxMessageBytes})`);
    return {
      kind: 'reply',
      line: errorResponse(
        id,
        ErrorCode.TooLarge,
        `Message too large: ${event.bytes} bytes exceeds the bridge's limit of ${maxMessageBytes} bytes (--max-message-bytes); it was not forwarded.`,
        { cause: 'too_large', limit: maxMessageBytes },
      ),
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(event.text);
  } catch (error) {
    log.warn(`the host sent a line that is not JSON (${(error as Error).message})`);
    return {
      kind: 'reply',
      line: errorResponse(
        null,
        ErrorCode.ParseError,
        `Parse error: the line is not valid JSON (${(error as Error).message}). Send one JSON-RPC message per line.`,
        { cause: 'parse_error' },
      ),
    };
  }
  if (Array.isArray(value)) return { kind: 'reply', line: refuseBatch(value, log) };
  const message = classify(value);
  if (log.debugEnabled)
    log.debug(
      `host → ${message.kind}${'method' in message ? ` ${message.method}` : ''}${'id' in message && message.id !== null ? ` id=${JSON.stringify(message.id)}` : ''}`,
    );
  return { kind: 'message', message, text: event.text };
}

/** MCP has had no batches since 2025-06-18: each element gets its own clear error, in one batch reply. */
function refuseBatch(items: unknown[], log: Logger): string {
  log.warn(`refused a JSON-RPC batch of ${items.length} messages from the host`);
  if (items.length === 0)
    return errorResponse(null, ErrorCode.InvalidRequest, 'Invalid request: empty batch.', { cause: 'invalid_request' });
  const replies = items.map((item, index) => {
    const c = classify(item);
    const id = c.kind === 'request' ? c.id : null;
    const what = 'method' in c ? `"${c.method}"` : c.kind === 'invalid' ? `(${c.reason})` : 'a response';
    return JSON.parse(
      errorResponse(
        id,
        ErrorCode.InvalidRequest,
        `Batches are not supported: MCP sends one message per line. Element ${index} ${what} was not processed; send it on its own line.`,
        { cause: 'batch_unsupported' },
      ),
    ) as unknown;
  });
  return JSON.stringify(replies);
}
