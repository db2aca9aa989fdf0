import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { LineReader, type LineEvent } from '../../bridge/line-reader';

export type WireDirection = 'send' | 'receive';

export interface StreamTransportOptions {
  /** Largest line accepted from the other side; bigger ones are reported through onerror and dropped. */
  readonly maxMessageBytes: number;
  /** Sees every message with its exact line, before the SDK does (sent) or after it arrives (received). */
  readonly observe?: (direction: WireDirection, line: string, message: Record<string, unknown>) => void;
}

/**
 * An MCP transport over a pair of byte streams carrying newline-delimited JSON-RPC: the stdio framing,
 * without a child process. The playground talks to an in-process bridge through it.
 */
export class StreamTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Set by the SDK client after initialize. */
  protocolVersion: string | undefined;

  private readonly reader: LineReader;
  private started = false;
  private closed = false;
  private readonly onData = (chunk: Buffer | string) => this.reader.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  private readonly onEnd = () => {
    this.reader.end();
    this.finish();
  };
  private readonly onStreamError = (error: Error) => this.onerror?.(error);

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly output: NodeJS.WritableStream,
    private readonly options: StreamTransportOptions,
  ) {
    this.reader = new LineReader(options.maxMessageBytes, (event) => this.onLine(event));
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('StreamTransport already started');
    this.started = true;
    this.input.on('data', this.onData);
    this.input.once('end', this.onEnd);
    this.input.on('error', this.onStreamError);
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }

  private onLine(event: LineEvent): void {
    if (event.kind === 'oversized') {
      this.onerror?.(
        new Error(
          `A message of ${event.bytes} bytes exceeds the playground's limit of ${this.options.maxMessageBytes} bytes and was dropped.`,
        ),
      );
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(event.text);
    } catch (error) {
      this.onerror?.(new Error(`The bridge sent a line that is not JSON: ${(error as Error).message}`));
      return;
    }
    this.options.observe?.('receive', event.text, (raw ?? {}) as Record<string, unknown>);
    const parsed = JSONRPCMessageSchema.safeParse(raw);
    if (!parsed.success) {
      this.onerror?.(new Error(`The bridge sent a message that is not JSON-RPC: ${parsed.error.message.slice(0, 200)}`));
      return;
    }
    this.onmessage?.(parsed.data);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error('The connection to the bridge is closed.');
    const line = JSON.stringify(message);
    this.options.observe?.('send', line, message);
    if (!this.output.write(`${line}\n`)) {
      await new Promise<void>((resolve) => this.output.once('drain', resolve));
    }
  }

  /** Ends our side; the bridge then drains, deletes its gateway session and ends its side. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.output.end();
    this.finish();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('error', this.onStreamError);
    this.onclose?.();
  }
}
