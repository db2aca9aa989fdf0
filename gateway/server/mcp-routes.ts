import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLegacyRequest } from '@modelcontextprotocol/server';
import { toWebRequest, type NodeIncomingMessageLike } from '@modelcontextprotocol/node';
import type { ModernEndpoint } from './modern-server';
import { JSONRPC, unauthorizedRejection, type Rejection, type RequestCredentials } from './request-guards';
import { sendRejection } from './send-rejection';
import { SessionLimitError, type SessionManager } from './sessions';

export interface McpRoutesOptions {
  readonly path: string;
  readonly sessions: SessionManager;
  /** Whether the pair belongs to an account (see HttpHandlerOptions.authenticate). */
  readonly authenticate?: (accessId: string, secretKey: string) => boolean;
  /** The 2026-07-28 era's stateless endpoint; without it only the 2025 era (sessions) is served. */
  readonly modern?: ModernEndpoint;
}

/** Serves one admitted request whose body (undefined for GET and DELETE) has been read. */
export type McpRoute = (req: IncomingMessage, res: ServerResponse, credentials: RequestCredentials, body: unknown) => Promise<void>;

const SESSION_NOT_FOUND: Rejection = {
  status: 404,
  code: JSONRPC.unauthorized,
  message: 'Session not found: it expired or was closed. Send initialize without Mcp-Session-Id to start a new one.',
};

const MISSING_SESSION: Rejection = {
  status: 400,
  code: JSONRPC.invalidRequest,
  message:
    'Bad request: missing Mcp-Session-Id header. Send initialize first; its response carries the session id. (A 2026-07-28 request carries its protocol version in params._meta instead.)',
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
 * Where a request goes: a session's own transport (Mcp-Session-Id), a new session (a 2025 initialize), the
 * stateless 2026-07-28 endpoint (a request with the per-request _meta envelope), or a 400 that says how to
 * start. The era is the SDK's own classifier's call, so this routing never disagrees with the endpoint
 * behind it: a 2025 `initialize` carries no envelope and opens a session on the same URL.
 */
export function createMcpRoutes(options: McpRoutesOptions): McpRoute {
  const { sessions, modern, authenticate } = options;
  const isAccount = (c: RequestCredentials) => !authenticate || authenticate(c.accessId, c.secretKey);
  const isModern = async (req: IncomingMessage, body: unknown) =>
    modern !== undefined &&
    req.method === 'POST' &&
    !(await isLegacyRequest(await toWebRequest(req as NodeIncomingMessageLike, body), body));

  const openSession = async (req: IncomingMessage, res: ServerResponse, credentials: RequestCredentials, body: unknown) => {
    if (!isAccount(credentials)) return sendRejection(res, NOT_AN_ACCOUNT, requestId(body));
    let opened: Awaited<ReturnType<SessionManager['open']>>;
    try {
      opened = await sessions.open(sessions.credentialOf(credentials.accessId, credentials.secretKey));
    } catch (error) {
      if (!(error instanceof SessionLimitError)) throw error;
      return sendRejection(res, gatewayFull(error.limit, sessions.idleMinutes), requestId(body));
    }
    try {
      await opened.transport.handleRequest(req, res, body);
    } finally {
      await opened.abandonIfUninitialized();
    }
  };

  const route: McpRoute = async (req, res, credentials, body) => {
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId, sessions.credentialOf(credentials.accessId, credentials.secretKey));
      // One answer for an unknown, expired or another pair's session, so a wrong secret learns nothing.
      if (!session) return sendRejection(res, SESSION_NOT_FOUND, requestId(body));
      if (session.direct && (await session.direct.handle(req, res, body))) return;
      return session.transport.handleRequest(req, res, body);
    }
    // Classified before the handshake: a 2026-07-28 `initialize` (a method that era removed) is the 2026
    // endpoint's to answer (404, -32601), not a 2025 handshake to fail with "Server not initialized".
    if (await isModern(req, body)) {
      if (!isAccount(credentials)) return sendRejection(res, NOT_AN_ACCOUNT, requestId(body));
      return modern!.handle(req, res, body);
    }
    if (req.method === 'POST' && isInitialize(body)) return openSession(req, res, credentials, body);
    return sendRejection(res, MISSING_SESSION, requestId(body));
  };

  return async (req, res, credentials, body) => {
    // The transport reads the credentials back as auth info for the tool handlers.
    (req as IncomingMessage & { auth?: unknown }).auth = { token: credentials.secretKey, clientId: credentials.accessId, scopes: [] };
    try {
      await route(req, res, credentials, body);
    } catch (error) {
      process.stderr.write(`reference gateway: ${req.method} ${options.path} failed: ${(error as Error).stack ?? String(error)}\n`);
      sendRejection(res, { status: 500, code: JSONRPC.internal, message: 'Internal error while handling the request.' }, requestId(body));
    }
  };
}
