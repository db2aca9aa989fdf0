import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CredentialHeaderNames } from '../../domain/profile-gateway';
import { createEndpointGuard } from './endpoint-guard';
import type { EmulatedTier } from './endpoint-rate';
import { withInjectedFaults, type HttpFault } from './injected-faults';
import { readMessageBody } from './message-body';
import { createMcpRoutes } from './mcp-routes';
import type { ModernEndpoint } from './modern-server';
import { sendRejection } from './send-rejection';
import type { SessionManager } from './sessions';

export type { HttpFault } from './injected-faults';

export interface HttpHandlerOptions {
  readonly path: string;
  readonly bindHost: string;
  readonly maxBodyBytes: number;
  readonly allowedOrigins: readonly string[];
  /** Extra Host names accepted on a loopback bind (e.g. the certificate's names). */
  readonly hostNames: readonly string[];
  readonly sessions: SessionManager;
  /** The headers credentials are read from (default the spec's). */
  readonly credentialHeaders?: CredentialHeaderNames | undefined;
  /** Emulates a tier: requests per second per access id (429 with Retry-After beyond it). */
  readonly tier?: EmulatedTier | undefined;
  /**
   * Whether the pair belongs to an account; only such callers may open a session. Without it (an
   * upstream the gateway cannot ask without spending the caller's quota) every well-formed pair may,
   * and the upstream judges each call.
   */
  readonly authenticate?: (accessId: string, secretKey: string) => boolean;
  /** The 2026-07-28 era's stateless endpoint; without it only the 2025 era (sessions) is served. */
  readonly modern?: ModernEndpoint;
  /**
   * Test hooks only: canned answers for the next requests, to exercise clients' fault handling. Give it
   * only when test hooks are on: without it the handler has no fault layer at all.
   */
  readonly faults?: HttpFault[];
}

/**
 * The MCP endpoint's HTTP layer, in three parts: the guard (path, Host and Origin, method, credential
 * headers: `endpoint-guard.ts`), the body reader (media type, size limit, JSON: `message-body.ts`) and the
 * routes to a session, a new session or the 2026-07-28 endpoint (`mcp-routes.ts`). Everything it rejects
 * gets a JSON-RPC error body with a message that says what to fix.
 */
export function createHttpHandler(options: HttpHandlerOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const guard = createEndpointGuard(options);
  const route = createMcpRoutes(options);
  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const credentials = guard.admit(req, res);
    if (!credentials) return;
    const read = await readMessageBody(req, options.maxBodyBytes);
    if (!read.ok) {
      if (read.closeConnection) res.setHeader('connection', 'close');
      return sendRejection(res, read.rejection);
    }
    return route(req, res, credentials, read.body);
  };
  // A fault answers in place of everything after the path check, as a broken gateway would.
  const afterPath = options.faults ? withInjectedFaults(options.faults, serve) : serve;
  return async (req, res) => {
    if (!guard.targets(req)) return guard.notFound(res);
    return afterPath(req, res);
  };
}
