/**
 * JSON-RPC requests over a pair of streams carrying one message per line (MCP's stdio framing), as the
 * collection runner speaks to its in-process bridge. Bounded: lines longer than the limit are not kept,
 * a few requests may be in flight, and each has a deadline. Every way a request can end without a usable
 * answer (an error, a bad or oversized answer, the stream closing, the deadline, a cancel) rejects it with
 * an RpcError carrying a JSON-RPC code and a plain message; late or unknown answers are ignored.
 */
import { classify, idKey, type JsonRpcId } from '../../bridge/jsonrpc';
import { idFromFragments, LineReader, type LineEvent } from '../../bridge/line-reader';

export class RpcError extends Error {
  override readonly name = 'RpcError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** Codes of the failures this side detects; the same as the bridge's and the SDK's for the same causes. */
export const CONNECTION_CLOSED = -32000;
export const REQUEST_TIMEOUT = -32001;
const INTERNAL_ERROR = -32603;
const METHOD_NOT_FOUND = -32601;

export interface JsonRpcLinesOptions {
  /** Largest line accepted from the other side. */
  readonly maxMessageBytes: number;
  /** Most requests in flight at once. */
  readonly maxPending?: number;
  /** Merged into every outgoing message's `params._meta` (the 2026-07-28 era's envelope). */
  readonly meta?: Readonly<Record<string, unknown>>;
  /**
   * Whether requests from the other side get an answer (`ping` an empty result, the rest "method not
   * found"), as a 2025-era client answers; otherwise they are dropped, as the 2026-07-28 era has no such requests.
   */
  readonly answerRequests: boolean;
}

export interface RequestOptions {
  readonly timeoutMs: number;
  /** Aborting rejects with the reason and sends `notifications/cancelled` (as the deadline does). */
  readonly signal?: AbortSignal;
}

interface Pending {
  readonly method: string;
  resolve(result: unknown): void;
  reject(error: RpcError): void;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export class JsonRpcLines {
  private readonly reader: LineReader;
  private readonly pending = new Map<string, Pending>();
  private nextId = 0;
  private closed: RpcError | undefined;
  private ended = false;
  private readonly onData = (chunk: Buffer | string) => this.reader.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  private readonly onEnd = () => {
    this.reader.end();
    this.shut(new RpcError(CONNECTION_CLOSED, 'The bridge closed the connection.'));
  };
  private readonly onError = (error: Error) =>
    this.shut(new RpcError(CONNECTION_CLOSED, `The connection to the bridge broke: ${error.message}`));

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly output: NodeJS.WritableStream,
    private readonly options: JsonRpcLinesOptions,
  ) {
    this.reader = new LineReader(options.maxMessageBytes, (event) => this.onLine(event));
    input.on('data', this.onData);
    input.once('end', this.onEnd);
    input.on('error', this.onError);
  }

  /** Sends a request; resolves with its result, rejects with an RpcError. */
  request(method: string, params: Record<string, unknown> | undefined, options: RequestOptions): Promise<unknown> {
    const { signal } = options;
    if (this.closed) return Promise.reject(this.closed);
    if (signal?.aborted) return Promise.reject(new RpcError(INTERNAL_ERROR, String(signal.reason)));
    if (this.pending.size >= (this.options.maxPending ?? 16))
      return Promise.reject(new RpcError(INTERNAL_ERROR, `More than ${this.options.maxPending ?? 16} requests in flight.`));
    const id = this.nextId++;
    const key = idKey(id);
    return new Promise<unknown>((resolve, reject) => {
      const settle = () => {
        this.pending.delete(key);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const giveUp = (error: RpcError) => {
        if (!this.pending.has(key)) return;
        settle();
        // MCP lets a client cancel any request but initialize.
        if (method !== 'initialize') this.notify('notifications/cancelled', { requestId: id, reason: error.message });
        reject(error);
      };
      const onAbort = () => giveUp(new RpcError(INTERNAL_ERROR, String(signal?.reason)));
      const timer = setTimeout(
        () => giveUp(new RpcError(REQUEST_TIMEOUT, `No answer to ${method} within ${Math.round(options.timeoutMs / 1000)} s.`)),
        options.timeoutMs,
      );
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(key, {
        method,
        resolve: (result) => {
          settle();
          resolve(result);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      this.write({ jsonrpc: '2.0', id, method, ...this.withMeta(params) });
    });
  }

  notify(method: string, params?: Record<string, unknown>): void {
    if (!this.closed) this.write({ jsonrpc: '2.0', method, ...this.withMeta(params) });
  }

  /** Ends our side (the bridge then stops) and rejects what is still in flight. */
  close(): void {
    if (!this.ended) this.output.end();
    this.ended = true;
    this.shut(new RpcError(CONNECTION_CLOSED, 'The connection was closed before the answer came.'));
  }

  private withMeta(params: Record<string, unknown> | undefined): { params?: Record<string, unknown> } {
    const meta = this.options.meta;
    if (!meta) return params ? { params } : {};
    const own = isObject(params?._meta) ? params._meta : {};
    return { params: { ...params, _meta: { ...meta, ...own } } };
  }

  private write(message: Record<string, unknown>): void {
    // A PassThrough buffers what the bridge has not read yet; messages here are small and few at a time.
    this.output.write(`${JSON.stringify(message)}\n`);
  }

  private shut(reason: RpcError): void {
    if (this.closed) return;
    this.closed = reason;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('error', this.onError);
    this.failAll(reason);
  }

  private failAll(reason: RpcError): void {
    for (const entry of [...this.pending.values()]) entry.reject(reason);
  }

  private onLine(event: LineEvent): void {
    if (event.kind === 'oversized') {
      const problem = new RpcError(
        INTERNAL_ERROR,
        `The bridge sent a message of ${event.bytes} bytes, over the limit of ${this.options.maxMessageBytes} bytes; it was dropped.`,
      );
      const id = idFromFragments(event.head, event.tail);
      const owner = id === null ? undefined : this.pending.get(idKey(id));
      // An answer that cannot be told apart from the others may be the one a request waits for: end them
      // all rather than let them wait for their deadline.
      if (owner) owner.reject(problem);
      else this.failAll(problem);
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(event.text);
    } catch {
      this.failAll(new RpcError(INTERNAL_ERROR, `The bridge sent a line that is not JSON: ${event.text.slice(0, 80)}`));
      return;
    }
    const message = classify(value);
    switch (message.kind) {
      case 'response':
        this.answer(message.id, message.message);
        return;
      case 'request':
        if (this.options.answerRequests) this.reply(message.id, message.method);
        return;
      case 'notification':
        return;
      case 'invalid': {
        const owner = message.id === null ? undefined : this.pending.get(idKey(message.id));
        owner?.reject(new RpcError(INTERNAL_ERROR, `The bridge's answer to ${owner.method} is not JSON-RPC: ${message.reason}.`));
      }
    }
  }

  private answer(id: JsonRpcId, message: Record<string, unknown>): void {
    const entry = this.pending.get(idKey(id));
    if (!entry) return;
    const { error } = message;
    if ('result' in message && error === undefined) entry.resolve(message.result);
    else if (isObject(error) && !('result' in message))
      entry.reject(
        new RpcError(
          typeof error.code === 'number' && Number.isInteger(error.code) ? error.code : INTERNAL_ERROR,
          typeof error.message === 'string' ? error.message : `${entry.method} failed without a message`,
          error.data,
        ),
      );
    else entry.reject(new RpcError(INTERNAL_ERROR, `The bridge's answer to ${entry.method} has neither a result nor an error object.`));
  }

  private reply(id: JsonRpcId, method: string): void {
    this.write(
      method === 'ping'
        ? { jsonrpc: '2.0', id, result: {} }
        : { jsonrpc: '2.0', id, error: { code: METHOD_NOT_FOUND, message: `Method not found: ${method.slice(0, 80)}` } },
    );
  }
}
