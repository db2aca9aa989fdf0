export interface SseEvent {
  readonly event: string;
  readonly data: string;
  readonly id?: string;
}

/**
 * Incremental parser for text/event-stream (WHATWG HTML "server-sent events"): lines end in LF, CR or CRLF,
 * `data:` lines accumulate, a blank line dispatches, `:` lines are comments (keep-alives). `maxEventBytes`
 * bounds what one event may buffer, so a hostile or broken server cannot exhaust memory.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private dataBytes = 0;
  private event = '';
  private id: string | undefined;
  private sawCr = false;
  /** The last `retry:` value in ms, which a server may send to pace reconnection. */
  retryMs: number | undefined;
  /** The last event id seen, for Last-Event-ID on reconnection. */
  lastEventId: string | undefined;
  private readonly decoder = new TextDecoder();

  constructor(
    private readonly maxEventBytes: number,
    private readonly onEvent: (event: SseEvent) => void,
  ) {}

  /** Throws when one event exceeds the size limit. */
  push(chunk: Uint8Array): void {
    let text = this.decoder.decode(chunk, { stream: true });
    if (this.sawCr && text.startsWith('\n')) text = text.slice(1);
    this.sawCr = false;
    this.buffer += text;
    let start = 0;
    for (;;) {
      const lf = this.buffer.indexOf('\n', start);
      const cr = this.buffer.indexOf('\r', start);
      let end: number;
      let next: number;
      if (cr !== -1 && (lf === -1 || cr < lf)) {
        end = cr;
        if (cr + 1 === this.buffer.length) {
          // A CR at the end of a chunk may be the first half of a CRLF.
          this.sawCr = true;
          next = cr + 1;
        } else {
          next = this.buffer[cr + 1] === '\n' ? cr + 2 : cr + 1;
        }
      } else if (lf !== -1) {
        end = lf;
        next = lf + 1;
      } else {
        break;
      }
      this.line(this.buffer.slice(start, end));
      start = next;
    }
    this.buffer = start === 0 ? this.buffer : this.buffer.slice(start);
    if (this.buffer.length + this.dataBytes > this.maxEventBytes)
      throw new Error(`an event-stream event exceeds ${this.maxEventBytes} bytes`);
  }

  private line(line: string): void {
    if (line.length === 0) {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.data.push(value);
        this.dataBytes += value.length + 1;
        if (this.dataBytes > this.maxEventBytes) throw new Error(`an event-stream event exceeds ${this.maxEventBytes} bytes`);
        break;
      case 'event':
        this.event = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.id = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retryMs = Number(value);
        break;
      default:
        break;
    }
  }

  private dispatch(): void {
    if (this.id !== undefined) this.lastEventId = this.id;
    const data = this.data.join('\n');
    const hadData = this.data.length > 0;
    const event = this.event || 'message';
    const id = this.id;
    this.data = [];
    this.dataBytes = 0;
    this.event = '';
    this.id = undefined;
    // Events without data (e.g. priming events that only carry an id) dispatch nothing.
    if (hadData) this.onEvent(id === undefined ? { event, data } : { event, data, id });
  }
}
