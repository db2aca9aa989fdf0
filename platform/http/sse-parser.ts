import { createParser, type EventSourceParser } from 'eventsource-parser';

/** One event outgrew the parser's bound: the stream is unusable from here on. */
export class SseEventTooLarge extends Error {
  override readonly name = 'SseEventTooLarge';
  constructor(readonly limit: number) {
    super(`an event-stream event exceeds ${limit} bytes`);
  }
}

export interface SseEvent {
  /** The `event:` field, or 'message' when there was none. */
  readonly event: string;
  readonly data: string;
  readonly id?: string;
}

/**
 * Incremental text/event-stream parser by the WHATWG rules (HTML, "server-sent events"), the parsing done
 * by eventsource-parser: LF, CR and CRLF line ends (also split across chunks), a leading BOM, comments,
 * multi-line data, `id` (ignored when it holds NUL) and `retry`. This adds what a client of an MCP server
 * needs on top:
 * - bytes in: UTF-8 is decoded across chunk boundaries;
 * - events with empty data are not dispatched: resumable MCP servers open each stream with a priming
 *   event (an `id` and an empty `data:`) that carries no message, but its id still counts;
 * - `lastEventId` and `retryMs` are kept for resuming with Last-Event-ID;
 * - `maxEventBytes` bounds what one event may buffer, so a hostile or broken server cannot exhaust memory.
 * An event with an id and no `data:` line at all is not reported by the library, so its id is not kept.
 */
export class SseParser {
  /** The last `retry:` value in ms, which a server may send to pace reconnection. */
  retryMs: number | undefined;
  /** The last event id seen, for Last-Event-ID on reconnection (an empty `id:` clears it, as in browsers). */
  lastEventId: string | undefined;
  private readonly decoder = new TextDecoder();
  private readonly parser: EventSourceParser;
  private overflowed = false;

  constructor(
    private readonly maxEventBytes: number,
    onEvent: (event: SseEvent) => void,
  ) {
    this.parser = createParser({
      maxBufferSize: maxEventBytes,
      onEvent: ({ id, event = 'message', data }) => {
        if (id !== undefined) this.lastEventId = id === '' ? undefined : id;
        if (data === '') return;
        onEvent(id === undefined ? { event, data } : { event, data, id });
      },
      onRetry: (ms) => {
        this.retryMs = ms;
      },
      onError: (error) => {
        // Other parse errors (an unknown field, a bad retry value) are ignored, as the standard says.
        if (error.type === 'max-buffer-size-exceeded') this.overflowed = true;
      },
    });
  }

  /** Throws when one event exceeds the size limit; the stream is then unusable. */
  push(chunk: Uint8Array): void {
    if (this.overflowed) throw this.tooLarge();
    const text = this.decoder.decode(chunk, { stream: true });
    if (text !== '') this.parser.feed(text);
    if (this.overflowed) throw this.tooLarge();
  }

  private tooLarge(): SseEventTooLarge {
    return new SseEventTooLarge(this.maxEventBytes);
  }
}
