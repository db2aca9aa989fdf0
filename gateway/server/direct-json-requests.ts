import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { isJSONRPCRequest, SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

type RequestId = string | number;

/** A JSON-RPC response (result or error), told apart from requests and notifications by its shape. */
function responseId(message: JSONRPCMessage): RequestId | undefined {
  return ('result' in message || 'error' in message) && 'id' in message ? message.id : undefined;
}

/** What a request still waiting when its session closes gets, as the SDK answers a closed session's requests. */
const SESSION_CLOSED: JSONRPCMessage = {
  jsonrpc: '2.0',
  error: { code: -32001, message: 'Session not found' },
  id: null,
} as unknown as JSONRPCMessage;

/**
 * The one exchange a session's traffic is made of, a single JSON-RPC request answered with one JSON
 * body, handled on Node's own request and response. The SDK's transport serves it through web-standard
 * Request and Response objects (an adapter per request, a body stream read back) and parses each message
 * with its full message union: ~25 % of the gateway's CPU per `tools/call` in a profile. Everything
 * else, and anything this path does not take as valid, goes to the SDK's transport unchanged, which
 * answers it as it always does (initialize, notifications, batches, GET, DELETE, a bad Accept or
 * MCP-Protocol-Version header, a malformed message).
 *
 * The message still reaches the SDK's protocol layer through the transport's `onmessage`, and the
 * answer is caught where the protocol layer hands it to the transport (`send`): the MCP server, its
 * validation and its handlers are the SDK's.
 */
export class DirectJsonRequests {
  /** Requests taken by this path and not yet answered, by JSON-RPC id. */
  private readonly pending = new Map<RequestId, (message: JSONRPCMessage, status?: number) => void>();

  constructor(private readonly transport: StreamableHTTPServerTransport) {
    const send = transport.send.bind(transport);
    transport.send = async (message: JSONRPCMessage, options?: Parameters<StreamableHTTPServerTransport['send']>[1]) => {
      const id = responseId(message);
      const answer = this.pending.get(id ?? (options?.relatedRequestId as RequestId));
      if (!answer) return send(message, options);
      // A notification about a request answered with one JSON body has nowhere to go (as in the SDK's JSON mode).
      if (id === undefined) return;
      this.pending.delete(id);
      answer(message);
    };
    const close = transport.close.bind(transport);
    transport.close = async () => {
      for (const answer of this.pending.values()) answer(SESSION_CLOSED, 404);
      this.pending.clear();
      return close();
    };
  }

  /**
   * Serves `body` if it is a single request this path takes and returns true once it is answered;
   * returns false, having done nothing, for anything to leave to the SDK's transport.
   */
  async handle(req: IncomingMessage & { auth?: AuthInfo }, res: ServerResponse, body: unknown): Promise<boolean> {
    const sessionId = this.transport.sessionId;
    if (req.method !== 'POST' || sessionId === undefined || req.headers['mcp-session-id'] !== sessionId) return false;
    const accept = req.headers.accept ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return false;
    const version = req.headers['mcp-protocol-version'];
    if (version !== undefined && (typeof version !== 'string' || !SUPPORTED_PROTOCOL_VERSIONS.includes(version))) return false;
    if (!isJSONRPCRequest(body) || body.method === 'initialize' || this.pending.has(body.id)) return false;
    const onmessage = this.transport.onmessage;
    if (!onmessage) return false;

    await new Promise<void>((done) => {
      this.pending.set(body.id, (message, status = 200) => {
        const text = JSON.stringify(message);
        // A client that has gone away gets nothing; the answer is dropped as the SDK's transport drops it.
        if (!res.destroyed && !res.headersSent) {
          res.writeHead(status, {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(text),
            ...(status === 200 ? { 'mcp-session-id': sessionId } : {}),
          });
          res.end(text);
        }
        done();
      });
      onmessage(body, { ...(req.auth ? { authInfo: req.auth } : {}), requestInfo: { headers: req.headers } });
    });
    return true;
  }
}
