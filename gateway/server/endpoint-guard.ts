import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CredentialHeaderNames } from '../../domain/profile-gateway';
import type { EmulatedTier } from './endpoint-rate';
import { JSONRPC, checkHost, checkOrigin, readCredentials, type RequestCredentials } from './request-guards';
import { sendRejection } from './send-rejection';

export interface EndpointGuardOptions {
  readonly path: string;
  readonly bindHost: string;
  readonly allowedOrigins: readonly string[];
  /** Extra Host names accepted on a loopback bind (e.g. the certificate's names). */
  readonly hostNames: readonly string[];
  /** The headers credentials are read from (default the spec's X-SVC-CREDENTIAL / X-SVC-SECRET-KEY). */
  readonly credentialHeaders?: CredentialHeaderNames | undefined;
  /** Emulates a tier: requests per second per access id, 429 with Retry-After beyond it (its rate may change while serving). */
  readonly tier?: EmulatedTier | undefined;
}

export interface EndpointGuard {
  /** Whether the request is for the MCP endpoint; anything else gets `notFound`. */
  readonly targets: (req: IncomingMessage) => boolean;
  readonly notFound: (res: ServerResponse) => void;
  /**
   * Host, Origin (with CORS headers for an allowed browser), HTTP method and the credential headers. Returns
   * the caller's credentials, or undefined when the request was answered here (rejected, or a preflight).
   */
  readonly admit: (req: IncomingMessage, res: ServerResponse) => RequestCredentials | undefined;
}

const corsHeaders = (names: CredentialHeaderNames | undefined) =>
  ({
    'access-control-allow-methods': 'POST, GET, DELETE',
    'access-control-allow-headers': `content-type, accept, mcp-session-id, mcp-protocol-version, mcp-method, mcp-name, last-event-id, ${
      names ? `${names.credential.toLowerCase()}, ${names.secret.toLowerCase()}` : 'x-svc-credential, x-svc-secret-key'
    }`,
    'access-control-expose-headers': 'mcp-session-id, mcp-protocol-version, www-authenticate, retry-after',
    'access-control-max-age': '600',
  }) as const;

/** The checks every request to the endpoint passes before its body is read. */
export function createEndpointGuard(options: EndpointGuardOptions): EndpointGuard {
  const pathOf = (target: string) => new URL(target, 'https://gateway.invalid').pathname;
  // Clients send the same target and Host on every request; both checks are pure, so the common
  // answer is remembered instead of parsing two URLs per call.
  const exactTargetOk = pathOf(options.path) === options.path;
  let acceptedHost: string | undefined;
  const cors = corsHeaders(options.credentialHeaders);
  const tier = options.tier;
  return {
    targets: (req) => (exactTargetOk && req.url === options.path) || pathOf(req.url ?? '/') === options.path,
    notFound: (res) =>
      sendRejection(res, { status: 404, code: JSONRPC.invalidRequest, message: `Not found: the MCP endpoint is ${options.path}.` }),
    admit: (req, res) => {
      if (req.headers.host === undefined || req.headers.host !== acceptedHost) {
        const hostProblem = checkHost(req.headers, options.bindHost, options.hostNames);
        if (hostProblem) return void sendRejection(res, hostProblem);
        acceptedHost = req.headers.host;
      }
      const origin = req.headers.origin;
      const originProblem = checkOrigin(origin, options.allowedOrigins);
      if (originProblem) return void sendRejection(res, originProblem);
      if (origin !== undefined) {
        res.setHeader('access-control-allow-origin', origin);
        res.setHeader('vary', 'Origin');
        for (const [k, v] of Object.entries(cors)) res.setHeader(k, v);
      }
      const method = req.method ?? 'GET';
      if (method === 'OPTIONS') return void res.writeHead(204).end();
      if (method !== 'POST' && method !== 'GET' && method !== 'DELETE') {
        return void sendRejection(res, {
          status: 405,
          code: JSONRPC.invalidRequest,
          message: `Method not allowed: use POST, GET or DELETE on ${options.path}.`,
          headers: { allow: 'POST, GET, DELETE' },
        });
      }
      const credentials = readCredentials(req.headers, options.credentialHeaders);
      if (!credentials.ok) return void sendRejection(res, credentials.rejection);
      const limited = tier?.admit(credentials.value.accessId);
      if (limited) return void sendRejection(res, limited);
      return credentials.value;
    },
  };
}
