/**
 * The doctor's own HTTP exchange with an MCP endpoint: one request at a time, straight to the gateway (no
 * proxy, the CA the profile trusts), the profile's credential headers, paced to its rate, each with a
 * deadline and a bounded body. It reports what came back as it is (status, content type, body, the
 * JSON-RPC message), so the hops can say which layer answered: the gateway, a proxy's HTML page, or nothing.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { CredentialHeaderNames } from '../../domain/profile-gateway';
import type { Credentials } from '../../platform/credentials/keychain';
import { readBody } from '../../platform/http/read-body';
import { SseParser } from '../../platform/http/sse-parser';
import type { Pacer } from '../../bridge/pacer';
import { eraHeaders } from '../../bridge/era-headers';
import { discoverRequest, envelope, type HostIdentity } from '../../bridge/era-translation';
import { APP_VERSION } from '../../platform/app-version';

/** How the doctor names itself, in initialize and in the 2026-07-28 envelope. */
export const DOCTOR_IDENTITY: HostIdentity = { clientInfo: { name: 'gateway-companion-doctor', version: APP_VERSION }, capabilities: {} };

/** The most of an answer the doctor reads. */
const MAX_BODY = 1 << 20;

export interface ExchangeOptions {
  readonly url: URL;
  readonly ca: string | undefined;
  readonly credentials: Credentials;
  readonly headerNames: CredentialHeaderNames;
  readonly timeoutMs: number;
  readonly pacer?: Pacer | undefined;
}

export interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly retryAfter?: string;
  readonly text: string;
  /** The JSON-RPC message answering the request, when the body held one. */
  readonly message?: { result?: unknown; error?: { code: number; message: string } };
}

/** The request got no HTTP answer in time (or the connection broke). */
export class NoAnswer extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

function parseMessages(text: string, contentType: string): unknown[] {
  if (contentType.startsWith('application/json')) {
    try {
      const value: unknown = JSON.parse(text);
      return Array.isArray(value) ? value : [value];
    } catch {
      return [];
    }
  }
  if (contentType.startsWith('text/event-stream')) {
    const out: unknown[] = [];
    const parser = new SseParser(MAX_BODY, (event) => {
      try {
        out.push(JSON.parse(event.data));
      } catch {
        // Not a message: ignored.
      }
    });
    parser.push(Buffer.from(text));
    return out;
  }
  return [];
}

export class GatewayExchange {
  private sessionId: string | undefined;
  private protocolVersion: string | undefined;
  private nextId = 1;
  /** The gateway speaks only 2026-07-28: every request carries the `_meta` envelope and its headers, and there is no session. */
  private modern = false;

  constructor(private readonly options: ExchangeOptions) {}

  useProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }

  /** From now on, requests go in the 2026-07-28 era (the envelope and headers the bridge sends too). */
  useModernEra(): void {
    this.modern = true;
  }

  private headers(extra: Record<string, string> | undefined): Record<string, string> {
    const { credentials, headerNames } = this.options;
    return {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'user-agent': `gateway-companion-doctor/${APP_VERSION}`,
      [headerNames.credential.toLowerCase()]: credentials.accessId,
      [headerNames.secret.toLowerCase()]: credentials.secretKey,
      ...(this.sessionId ? { 'mcp-session-id': this.sessionId } : {}),
      ...(this.protocolVersion ? { 'mcp-protocol-version': this.protocolVersion } : {}),
      ...extra,
    };
  }

  private async send(
    method: 'POST' | 'DELETE',
    body: string | undefined,
    extraHeaders?: Record<string, string>,
  ): Promise<Answer & { raw: IncomingMessage }> {
    const { url, ca, timeoutMs } = this.options;
    await this.options.pacer?.acquire();
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = send(url, { method, headers: this.headers(extraHeaders), ...(ca ? { ca } : {}), agent: false }, (res) => {
        readBody(res, MAX_BODY).then(
          (read) => {
            const text = read.ok ? read.bytes.toString('utf8') : '';
            const contentType = String(res.headers['content-type'] ?? '').toLowerCase();
            const retryAfter = res.headers['retry-after'];
            const session = res.headers['mcp-session-id'];
            if (typeof session === 'string') this.sessionId = session;
            resolve({
              raw: res,
              status: res.statusCode ?? 0,
              contentType,
              text,
              ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
            });
          },
          (error: Error) => reject(new NoAnswer(`the answer was cut off: ${error.message}`, false)),
        );
      });
      req.setTimeout(timeoutMs, () => {
        req.destroy();
        reject(new NoAnswer(`no answer within ${Math.round(timeoutMs / 1000)} s`, true));
      });
      req.once('error', (error: NodeJS.ErrnoException) => reject(new NoAnswer(`${error.code ?? error.message}`, false)));
      req.end(body);
    });
  }

  /** Sends one JSON-RPC request and returns the answer with its message (if the body had one for this id). */
  async call(method: string, params?: object): Promise<Answer> {
    const id = this.nextId++;
    const request: Record<string, unknown> = { jsonrpc: '2.0', id, method, ...(params ? { params } : {}) };
    if (this.modern) request.params = { ...params, _meta: envelope(DOCTOR_IDENTITY) };
    return this.exchange(request);
  }

  /** Asks whether the gateway speaks 2026-07-28: the bridge's own `server/discover`, in the doctor's name. */
  discover(): Promise<Answer> {
    return this.exchange(discoverRequest(`doctor-${this.nextId++}`, DOCTOR_IDENTITY));
  }

  /** Posts one request (with the 2026-era headers when it carries the envelope) and finds its answer in the body. */
  private async exchange(request: Record<string, unknown>): Promise<Answer> {
    const { raw: _raw, ...answer } = await this.send('POST', JSON.stringify(request), eraHeaders(request));
    const message = parseMessages(answer.text, answer.contentType).find(
      (m): m is NonNullable<Answer['message']> => typeof m === 'object' && m !== null && (m as { id?: unknown }).id === request.id,
    );
    return { ...answer, ...(message ? { message } : {}) };
  }

  async notify(method: string): Promise<Answer> {
    const { raw: _raw, ...answer } = await this.send('POST', JSON.stringify({ jsonrpc: '2.0', method }));
    return answer;
  }

  /** Ends the session the gateway opened, if any; failures do not matter here. */
  async close(): Promise<void> {
    if (!this.sessionId) return;
    await this.send('DELETE', undefined).catch(() => undefined);
    this.sessionId = undefined;
  }
}
