// An MCP client transport over a bridge's in-process stdin/stdout streams: what an SDK host's stdio
// transport does, without spawning a process. Works for both SDK generations (same Transport shape).
import type { Readable, Writable } from 'node:stream';

type Json = Record<string, unknown>;

export class PipeTransport {
  onmessage?: (message: unknown) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private buffer = '';

  constructor(
    private readonly toBridge: Writable,
    private readonly fromBridge: Readable,
  ) {}

  start(): Promise<void> {
    this.fromBridge.on('data', (chunk: Buffer) => {
      this.buffer += chunk.toString('utf8');
      let nl: number;
      while ((nl = this.buffer.indexOf('\n')) !== -1) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        if (line.trim() !== '') this.onmessage?.(JSON.parse(line));
      }
    });
    return Promise.resolve();
  }

  send(message: Json): Promise<void> {
    this.toBridge.write(`${JSON.stringify(message)}\n`);
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.toBridge.end();
    this.onclose?.();
    return Promise.resolve();
  }
}
