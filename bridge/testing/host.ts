// A scripted MCP host for tests: writes lines into a bridge's input and collects what it answers.
import { PassThrough } from 'node:stream';

export type Message = {
  jsonrpc: '2.0';
  id?: unknown;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: { cause?: string } };
};

export class TestHost {
  readonly input = new PassThrough();
  readonly output = new PassThrough();
  /** Every line the bridge wrote, parsed (arrays stay arrays). */
  readonly received: unknown[] = [];
  private waiters: Array<{ match: (m: unknown) => boolean; resolve: (m: unknown) => void }> = [];
  private buffer = '';

  constructor() {
    this.output.on('data', (chunk: Buffer) => {
      this.buffer += chunk.toString('utf8');
      let nl: number;
      while ((nl = this.buffer.indexOf('\n')) !== -1) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        const message = JSON.parse(line) as unknown;
        this.received.push(message);
        for (const w of [...this.waiters]) {
          if (w.match(message)) {
            this.waiters.splice(this.waiters.indexOf(w), 1);
            w.resolve(message);
          }
        }
      }
    });
  }

  send(message: object | string): void {
    this.input.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
  }

  /** Resolves with the first message (already received or future) that matches. */
  waitFor<T = Message>(match: (m: Message) => boolean): Promise<T> {
    const found = this.received.find((m) => !Array.isArray(m) && match(m as Message));
    if (found) return Promise.resolve(found as T);
    return new Promise((resolve) =>
      this.waiters.push({ match: (m) => !Array.isArray(m) && match(m as Message), resolve: resolve as (m: unknown) => void }),
    );
  }

  request(id: unknown, method: string, params?: unknown): Promise<Message> {
    this.send({ jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) });
    return this.waitFor((m) => m.id === id && m.method === undefined);
  }

  /** How many responses (results or errors) carry this id. */
  responsesFor(id: unknown): number {
    return this.received.filter((m) => !Array.isArray(m) && (m as Message).id === id && (m as Message).method === undefined).length;
  }

  async initialize(id: unknown = 0): Promise<Message> {
    const reply = await this.request(id, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: { roots: { listChanged: true } },
      clientInfo: { name: 'test-host', version: '1.0.0' },
    });
    this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return reply;
  }
}
