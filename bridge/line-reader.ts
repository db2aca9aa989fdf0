/** What the line reader hands on: one complete line, or notice of a line that was too long to keep. */
export type LineEvent =
  | { readonly kind: 'line'; readonly text: string }
  | { readonly kind: 'oversized'; readonly bytes: number; readonly head: string; readonly tail: string };

const KEEP = 512;

/**
 * Splits a byte stream into newline-delimited messages (the MCP stdio framing), decoding each complete line
 * as UTF-8 so multi-byte characters split across chunks survive. A line longer than `maxBytes` is not
 * buffered: only its first and last few hundred bytes are kept, so the caller can still find its id.
 */
export class LineReader {
  private chunks: Buffer[] = [];
  private size = 0;
  private dropping = false;
  private dropped = 0;
  private head = Buffer.alloc(0);
  private tail = Buffer.alloc(0);

  constructor(
    private readonly maxBytes: number,
    private readonly emit: (event: LineEvent) => void,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      if (nl === -1) {
        this.append(chunk.subarray(start));
        return;
      }
      this.append(chunk.subarray(start, nl));
      this.finishLine();
      start = nl + 1;
    }
  }

  /** End of input: a final line without a newline still counts. */
  end(): void {
    if (this.size > 0 || this.dropping) this.finishLine();
  }

  private append(part: Buffer): void {
    if (part.length === 0) return;
    if (this.dropping) {
      this.dropped += part.length;
      this.tail = Buffer.concat([this.tail, part]).subarray(-KEEP);
      return;
    }
    if (this.size + part.length > this.maxBytes) {
      const all = Buffer.concat([...this.chunks, part]);
      this.dropping = true;
      this.dropped = all.length;
      this.head = all.subarray(0, KEEP);
      this.tail = all.subarray(-KEEP);
      this.chunks = [];
      this.size = 0;
      return;
    }
    this.chunks.push(part);
    this.size += part.length;
  }

  private finishLine(): void {
    if (this.dropping) {
      const event: LineEvent = {
        kind: 'oversized',
        bytes: this.dropped,
        head: this.head.toString('utf8'),
        tail: this.tail.toString('utf8'),
      };
      this.dropping = false;
      this.dropped = 0;
      this.head = this.tail = Buffer.alloc(0);
      this.emit(event);
      return;
    }
    const buf = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks, this.size);
    this.chunks = [];
    this.size = 0;
    let text = buf.toString('utf8');
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (text.trim().length === 0) return;
    this.emit({ kind: 'line', text });
  }
}

/** Best effort: the id of an oversized message, from its first or last bytes (the SDK writes `id` last). */
export function idFromFragments(head: string, tail: string): string | number | null {
  const patterns = [
    /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/,
    /[,{]\s*"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*\}\s*$/,
  ];
  for (const [pattern, text] of [
    [patterns[0], head],
    [patterns[1], tail],
  ] as const) {
    const m = pattern?.exec(text);
    if (m?.[1]) {
      try {
        const id = JSON.parse(m[1]) as unknown;
        if (typeof id === 'string' || typeof id === 'number') return id;
      } catch {
        // not a usable id
      }
    }
  }
  return null;
}
