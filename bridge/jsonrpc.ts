/** JSON-RPC ids as MCP allows them. Kept as parsed so they are echoed back exactly (1 and "1" differ). */
export type JsonRpcId = string | number;

export type Classified =
  | { readonly kind: 'request'; readonly id: JsonRpcId; readonly method: string; readonly message: Record<string, unknown> }
  | { readonly kind: 'notification'; readonly method: string; readonly message: Record<string, unknown> }
  | { readonly kind: 'response'; readonly id: JsonRpcId; readonly message: Record<string, unknown> }
  | { readonly kind: 'invalid'; readonly id: JsonRpcId | null; readonly reason: string };

/**
 * Error codes of the bridge's own errors. -32000 and -32001 match the SDK's ConnectionClosed and
 * RequestTimeout; the rest are in the implementation-defined server-error range.
 */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  UpstreamUnreachable: -32000,
  Timeout: -32001,
  AuthRejected: -32003,
  UpstreamError: -32004,
  CredentialsMissing: -32005,
  TooLarge: -32006,
  ShuttingDown: -32007,
} as const;

/** Machine-readable cause carried in `error.data.cause`, so a host or the app can branch on it. */
export type Cause =
  | 'parse_error'
  | 'invalid_request'
  | 'batch_unsupported'
  | 'duplicate_id'
  | 'too_many_in_flight'
  | 'too_large'
  | 'credentials_missing'
  | 'keychain_unavailable'
  | 'profile_invalid'
  | 'upstream_unreachable'
  | 'connection_reset'
  | 'tls_failed'
  | 'timeout'
  | 'auth_rejected'
  | 'http_error'
  | 'rate_limited'
  | 'invalid_response'
  | 'session_expired'
  | 'shutting_down'
  | 'internal';

export function isId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/** Classifies one parsed message (never an array). Anything unusable becomes `invalid` with a reason. */
export function classify(value: unknown): Classified {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { kind: 'invalid', id: null, reason: 'a JSON-RPC message must be a JSON object' };
  }
  const message = value as Record<string, unknown>;
  const rawId = message.id;
  const id = isId(rawId) ? rawId : null;
  if (message.jsonrpc !== '2.0') return { kind: 'invalid', id, reason: 'the "jsonrpc" member must be exactly "2.0"' };
  if ('method' in message) {
    if (typeof message.method !== 'string' || message.method.length === 0)
      return { kind: 'invalid', id, reason: 'the "method" member must be a non-empty string' };
    if (message.params !== undefined && (typeof message.params !== 'object' || message.params === null)) {
      return { kind: 'invalid', id, reason: 'the "params" member must be an object or an array' };
    }
    if (!('id' in message)) return { kind: 'notification', method: message.method, message };
    if (id === null) return { kind: 'invalid', id: null, reason: 'the "id" member must be a string or a number' };
    return { kind: 'request', id, method: message.method, message };
  }
  if ('result' in message || 'error' in message) {
    // Error replies to a message whose id could not be read carry id null; they are valid but go nowhere.
    if (id === null) return { kind: 'invalid', id: null, reason: 'a response must carry the id of the request it answers' };
    return { kind: 'response', id, message };
  }
  return { kind: 'invalid', id, reason: 'a JSON-RPC message needs "method" (request or notification) or "result"/"error" (response)' };
}

/** Key for maps of pending ids: distinguishes 1 from "1". */
export function idKey(id: JsonRpcId): string {
  return typeof id === 'number' ? `n${id}` : `s${id}`;
}

export interface ErrorData {
  readonly cause: Cause;
  readonly [key: string]: unknown;
}

export function errorResponse(id: JsonRpcId | null, code: number, message: string, data?: ErrorData): string {
  return JSON.stringify({ jsonrpc: '2.0', id, error: data ? { code, message, data } : { code, message } });
}

/** An error the bridge answers a request with: code, a message naming the cause, and structured data. */
export class BridgeError extends Error {
  override readonly name = 'BridgeError';
  constructor(
    readonly code: number,
    message: string,
    readonly data: ErrorData,
  ) {
    super(message);
  }
}
