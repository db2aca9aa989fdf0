import type { TrafficEntry } from '../../domain/ipc/playground-channels';
import { redactJsonLine } from '../../domain/redact';

export const TRAFFIC_LIMIT = 1000;
/** Each message is kept as a preview of at most this many characters; results of megabytes are cut. */
export const PREVIEW_CHARS = 16 * 1024;

function kindOf(message: Record<string, unknown>): TrafficEntry['kind'] {
  if (typeof message.method === 'string') return 'id' in message && message.id !== undefined ? 'request' : 'notification';
  return 'error' in message ? 'error' : 'response';
}

/**
 * The session's JSON-RPC messages in both directions, with the time each response took. Every message is
 * redacted before it is kept or shown: secret-looking values (domain/redact), then the profile's
 * credentials (the bridge's redactor knows them).
 */
export class TrafficLog {
  private readonly entries: TrafficEntry[] = [];
  private readonly sentAt = new Map<string, number>();
  private seq = 0;

  constructor(
    private readonly redact: (text: string) => string,
    private readonly onEntry: (entry: TrafficEntry) => void = () => {},
    private readonly limit = TRAFFIC_LIMIT,
    private readonly now: () => number = () => performance.timeOrigin + performance.now(),
  ) {}

  record(dir: TrafficEntry['dir'], line: string, message: Record<string, unknown>): TrafficEntry {
    const at = this.now();
    const kind = kindOf(message);
    const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : undefined;
    // Requests go out from either side; a response answers the other side's request with the same id.
    const key = (side: TrafficEntry['dir']) => `${side}:${typeof id}:${String(id)}`;
    let durationMs: number | undefined;
    if (kind === 'request' && id !== undefined) this.sentAt.set(key(dir), at);
    if ((kind === 'response' || kind === 'error') && id !== undefined) {
      const other = dir === 'send' ? 'receive' : 'send';
      const started = this.sentAt.get(key(other));
      if (started !== undefined) {
        durationMs = Math.round((at - started) * 10) / 10;
        this.sentAt.delete(key(other));
      }
    }
    // Redact the whole line before cutting, so a secret that straddles the cut cannot survive in part.
    // Secret-looking values first: that step may re-serialise the message, which must not undo the second.
    const redacted = this.redact(redactJsonLine(line, message));
    const entry: TrafficEntry = {
      seq: ++this.seq,
      at,
      dir,
      kind,
      ...(typeof message.method === 'string' ? { method: message.method } : {}),
      ...(message.method === 'tools/call' && typeof (message.params as { name?: unknown } | undefined)?.name === 'string'
        ? { tool: (message.params as { name: string }).name }
        : {}),
      ...(id !== undefined ? { id } : {}),
      ...(durationMs !== undefined ? { durationMs } : {}),
      bytes: Buffer.byteLength(line, 'utf8'),
      text: redacted.slice(0, PREVIEW_CHARS),
      truncated: redacted.length > PREVIEW_CHARS,
    };
    this.entries.push(entry);
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
    if (this.sentAt.size > this.limit) this.sentAt.delete(this.sentAt.keys().next().value as string);
    this.onEntry(entry);
    return entry;
  }

  list(): TrafficEntry[] {
    return [...this.entries];
  }
}
