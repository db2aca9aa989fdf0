import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../../platform/http/read-body';
import { isLegacyRequest } from '@modelcontextprotocol/server';
import { toWebRequest, type NodeIncomingMessageLike } from '@modelcontextprotocol/node';
import type { ModernEndpoint } from './modern-server';
import { JSONRPC, checkHost, checkOrigin, readCredentials, unauthorizedRejection, type Rejection } from './request-guards';
import { SessionLimitError, type SessionManager } from './sessions';

export interface HttpFault {
  /** HTTP status to answer with, e.g. 500, 502, 401. */
  readonly status: number;
  readonly body?: string;
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** How many requests get it (default 1). */
  readonly times?: number;
}

export interface HttpHandlerOptions {
  readonly path: string;
  readonly bindHost: string;
  readonly maxBodyBytes: number;
  readonly allowedOrigins: readonly string[];
  /** Extra Host names accepted on a loopback bind (e.g. the certificate's names). */
  readonly hostNames: readonly string[];
  readonly sessions: SessionManager;
  /**
   * Whether the pair belongs to an account; only such callers may open a session. Without it (an
   * upstream the gateway cannot ask without spending the caller's quota) every well-formed pair may,
   * and the upstream judges each call.
   */
  readonly authenticate?: (accessId: string, secretKey: string) => boolean;
  /** The 2026-07-28 era's stateless endpoint; without it only the 2025 era (sessions) is served. */
  readonly modern?: ModernEndpoint;
  /** Test hooks: canned answers for the next requests, to exercise clients' fault handling. */
  readonly faults?: HttpFault[];
}

const CORS_HEADERS = {
  'access-control-allow-methods': 'POST, GET, DELETE',
  'access-control-allow-headers':
    'content-type, accept, mcp-session-id, mcp-protocol-version, mcp-method, mcp-name, last-event-id, x-svc-credential, x-svc-secret-key',
  'access-control-expose-headers': 'mcp-session-id, mcp-protocol-version, www-authenticate',
  'access-control-max-age': '600',
} as const;

function reject(res: ServerResponse, r: Rejection, id: unknown = null): void {
  if (res.headersSent) return void res.end();
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code: r.code, message: r.message }, id });
  res.writeHead(r.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...r.headers,
  });
  res.end(body);
}

async function readRequestBody(
  req: IncomingMessage,
  limit: number,
): Promise<{ ok: true; text: string } | { ok: false; rejection: Rejection }> {
  const tooLarge = {
    ok: false as const,
    rejection: { status: 413, code: JSONRPC.invalidRequest, message: `Payload too large: the body exceeds ${limit} bytes.` },
  };
  if (Number(req.headers['content-length'] ?? 0) > limit) return tooLarge;
  // Past the limit the rest is not read; the connection is closed after the answer.
  const read = await readBody(req, limit);
  return read.ok ? { ok: true, text: read.bytes.toString('utf8') } : tooLarge;
}

const SESSION_NOT_FOUND: Rejection = {
  status: 404,
  code: JSONRPC.unauthorized,
  message: 'Session not found: it expired or was closed. Send initialize without Mcp-Session-Id to start a new one.',
};

const NOT_AN_ACCOUNT = unauthorizedRejection(
  'Invalid credentials: the access id and secret key do not match an account. Check both, or get new ones from the developer portal.',
);

const gatewayFull = (limit: number, idleMinutes: number): Rejection => ({
  status: 503,
  code: JSONRPC.serverError,
  message: `Service busy: the gateway holds its maximum of ${limit} sessions. Retry later; sessions idle for ${idleMinutes} min are closed.`,
  headers: { 'retry-after': '60' },
});

const isInitialize = (body: unknown) =>
  (Array.isArray(body) ? body : [body]).some(
    (m) => m !== null && typeof m === 'object' && (m as { method?: unknown }).method === 'initialize',
  );

const requestId = (body: unknown) =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? ((body as { id?: unknown }).id ?? null) : null;

/**
 * The MCP endpoint's HTTP layer: path, Host and Origin checks, credential headers, body limit and
 * JSON parsing, then the session's Streamable HTTP transport. Everything it rejects gets a JSON-RPC
 * error body with a message that says what to fix.
 */
export function createHttpHandler(options: HttpHandlerOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { sessions } = options;
  const pathOf = (target: string) => new URL(target, 'https://gateway.invalid').pathname;
  // Clients send the same target and Host on every request; both checks are pure, so the common
  // answer is remembered instead of parsing two URLs per call.
  const exactTargetOk = pathOf(options.path) === options.path;
  let acceptedHost: string | undefined;
  return async (req, res) => {
    if (!(exactTargetOk && req.url === options.path) && pathOf(req.url ?? '/') !== options.path) {
      return reject(res, { status: 404, code: JSONRPC.invalidRequest, message: `Not found: the MCP endpoint is ${options.path}.` });
    }
    const fault = options.faults?.[0];
    if (fault) {
      if ((fault.times ?? 1) <= 1) options.faults?.shift();
      else options.faults?.splice(0, 1, { ...fault, times: (fault.times ?? 1) - 1 });
      res.writeHead(fault.status, { 'content-type': fault.contentType ?? 'text/html', ...fault.headers });
      return void res.end(fault.body ?? `<html><body><h1>${fault.status}</h1></body></html>`);
    }
    if (req.headers.host === undefined || req.headers.host !== acceptedHost) {
      const hostProblem = checkHost(req.headers, options.bindHost, options.hostNames);
      if (hostProblem) return reject(res, hostProblem);
      acceptedHost = req.headers.host;
    }
    const origin = req.headers.origin;
    const originProblem = checkOrigin(origin, options.allowedOrigins);
    if (originProblem) return reject(res, originProblem);
    if (origin !== undefined) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('vary', 'Origin');
      for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
    }
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') return void res.writeHead(204).end();
    if (method !== 'POST' && method !== 'GET' && method !== 'DELETE') {
      return reject(res, {
        status: 405,
        code: JSONRPC.invalidRequest,
        message: `Method not allowed: use POST, GET or DELETE on ${options.path}.`,
        headers: { allow: 'POST, GET, DELETE' },
      });
    }
    const credentials = readCredentials(req.headers);
    if (!credentials.ok) return reject(res, credentials.rejection);
    const { accessId, secretKey } = credentials.value;

    let body: unknown;
    if (method === 'POST') {
      const type = String(req.headers['content-type'] ?? '');
      if (!/^application\/json\b/i.test(type)) {
        return reject(res, {
          status: 415,
          code: JSONRPC.invalidRequest,
          message: `Unsupported media type "${type.slice(0, 60)}": POST a JSON-RPC message as application/json.`,
        });
      }
      const read = await readRequestBody(req, options.maxBodyBytes);
      if (!read.ok) {
        res.setHeader('connection', 'close');
        return reject(res, read.rejection);
      }
      try {
        body = JSON.parse(read.text);
      } catch {
        return reject(res, { status: 400, code: JSONRPC.parseError, message: 'Parse error: the body is not valid JSON.' });
      }
      if (body === null || typeof body !== 'object') {
        return reject(res, {
          status: 400,
          code: JSONRPC.invalidRequest,
          message: 'Invalid request: the body must be a JSON-RPC message object (or an array of them).',
        });
      }
    }

    // The transport reads the credentials back as auth info for the tool handlers.
    (req as IncomingMessage & { auth?: unknown }).auth = { token: secretKey, clientId: accessId, scopes: [] };
    const sessionId = req.headers['mcp-session-id'];
    try {
      if (typeof sessionId === 'string') {
        const session = sessions.get(sessionId, sessions.credentialOf(accessId, secretKey));
        // One answer for an unknown, expired or another pair's session, so a wrong secret learns nothing.
        if (!session) return reject(res, SESSION_NOT_FOUND, requestId(body));
        if (session.direct && (await session.direct.handle(req, res, body))) return;
        return await session.transport.handleRequest(req, res, body);
      }
      if (method === 'POST' && isInitialize(body)) {
        if (options.authenticate && !options.authenticate(accessId, secretKey)) return reject(res, NOT_AN_ACCOUNT, requestId(body));
        let opened: Awaited<ReturnType<SessionManager['open']>>;
        try {
          opened = await sessions.open(sessions.credentialOf(accessId, secretKey));
        } catch (error) {
          if (!(error instanceof SessionLimitError)) throw error;
          return reject(res, gatewayFull(error.limit, sessions.idleMinutes), requestId(body));
        }
        try {
          await opened.transport.handleRequest(req, res, body);
        } finally {
          await opened.abandonIfUninitialized();
        }
        return;
      }
      // Not a session's and not initialize: a 2026-07-28 request (stateless, with its _meta envelope) or a mistake.
      // The SDK's own classifier decides, so this routing never disagrees with the endpoint behind it.
      if (options.modern && method === 'POST' && !(await isLegacyRequest(await toWebRequest(req as NodeIncomingMessageLike, body), body))) {
        if (options.authenticate && !options.authenticate(accessId, secretKey)) return reject(res, NOT_AN_ACCOUNT, requestId(body));
        return await options.modern.handle(req, res, body);
      }
      return reject(
        res,
        {
          status: 400,
          code: JSONRPC.invalidRequest,
          message:
            'Bad request: missing Mcp-Session-Id header. Send initialize first; its response carries the session id. (A 2026-07-28 request carries its protocol version in params._meta instead.)',
        },
        requestId(body),
      );
    } catch (error) {
      process.stderr.write(`reference gateway: ${method} ${options.path} failed: ${(error as Error).stack ?? String(error)}\n`);
      return reject(res, { status: 500, code: JSONRPC.internal, message: 'Internal error while handling the request.' }, requestId(body));
    }
  };
}
