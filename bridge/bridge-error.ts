import { BridgeError, ErrorCode } from './jsonrpc';
import { UpstreamFailure } from './upstream-failure';

/** What the error message names: the request, where it went, and the limits that applied. */
export interface ErrorContext {
  /** The request as the operator knows it: `tools/call "name"` or the method. */
  readonly what: string;
  /** The gateway's URL, once connected. */
  readonly url?: string | undefined;
  /** The profile whose credentials were sent, once connected. */
  readonly profile?: string | undefined;
  readonly maxMessageBytes: number;
}

/**
 * The JSON-RPC error a host request is answered with when forwarding it failed: one code, a message in
 * plain words that names the cause and what to do, and `data.cause` for programs. Pure, so every failure
 * kind is tested from a table (`bridge-error.test.ts`). One switch over the kinds, hence the length.
 */
export function toBridgeError(error: unknown, context: ErrorContext): BridgeError {
  if (error instanceof BridgeError) return error;
  const url = context.url ?? 'the gateway';
  const { what } = context;
  if (error instanceof UpstreamFailure) {
    const { code } = error.extra;
    const detail = error.message ? `: ${error.message}` : '';
    switch (error.kind) {
      case 'network':
        return new BridgeError(
          ErrorCode.UpstreamUnreachable,
          `Cannot reach the gateway at ${url}${detail}. The bridge keeps running and reconnects on the next request.`,
          { cause: 'upstream_unreachable', ...(code ? { code } : {}) },
        );
      case 'reset':
        return new BridgeError(
          ErrorCode.UpstreamUnreachable,
          `The connection to the gateway at ${url} was cut before it answered ${what}${detail}. The bridge reconnects on the next request.`,
          { cause: 'connection_reset', code: code ?? 'ECONNRESET' },
        );
      case 'tls':
        return new BridgeError(
          ErrorCode.UpstreamUnreachable,
          `TLS verification of ${url} failed${detail}. Trust the gateway's certificate authority with the profile's CA file (companion login --ca-file) or NODE_EXTRA_CA_CERTS.`,
          { cause: 'tls_failed', ...(code ? { code } : {}) },
        );
      case 'too_large':
        return new BridgeError(ErrorCode.TooLarge, `The gateway's reply to ${what} is too large${detail} (see --max-message-bytes).`, {
          cause: 'too_large',
          limit: context.maxMessageBytes,
        });
      case 'invalid':
        return new BridgeError(ErrorCode.UpstreamError, `The gateway sent an invalid reply to ${what}${detail}.`, {
          cause: 'invalid_response',
        });
      case 'session_expired':
        return new BridgeError(ErrorCode.UpstreamError, `The gateway session expired and could not be re-established${detail}.`, {
          cause: 'session_expired',
        });
      case 'aborted':
        return new BridgeError(ErrorCode.ShuttingDown, `${what} was aborted because the bridge is stopping.`, { cause: 'shutting_down' });
      case 'http':
        return httpError(error, context, url, detail);
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return new BridgeError(ErrorCode.UpstreamError, `The bridge could not forward ${what}: ${message}`, { cause: 'internal' });
}

function httpError(error: UpstreamFailure, context: ErrorContext, url: string, detail: string): BridgeError {
  const { status, statusText, retryAfter, waitedSeconds } = error.extra;
  const { what } = context;
  const profile = context.profile ?? 'default';
  const http = `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  if (status === 401 || status === 403) {
    return new BridgeError(
      ErrorCode.AuthRejected,
      `The gateway refused the credentials of profile "${profile}" (${http}${detail}). Open Gateway Companion → Settings, or run \`companion login --profile ${profile}\`, to store valid ones.`,
      { cause: 'auth_rejected', httpStatus: status },
    );
  }
  if (status === 429) {
    return new BridgeError(
      ErrorCode.UpstreamError,
      `The gateway rate-limited ${what} (${http}${retryAfter ? `, retry after ${retryAfter} s` : ''})${detail.replace(/\.$/, '')}.${waitedSeconds !== undefined ? ` The bridge already waited ${waitedSeconds} s, as the gateway asked, and tried once more; lower the pace (the profile's rate) or wait before trying again.` : ''}`,
      {
        cause: 'rate_limited',
        httpStatus: status,
        ...(retryAfter ? { retryAfter } : {}),
        ...(waitedSeconds !== undefined ? { waitedSeconds } : {}),
      },
    );
  }
  if (status === 404) {
    return new BridgeError(ErrorCode.UpstreamError, `There is no MCP endpoint at ${url} (${http}); check the profile's URL.`, {
      cause: 'http_error',
      httpStatus: status,
    });
  }
  return new BridgeError(ErrorCode.UpstreamError, `The gateway failed to handle ${what} (${http}${detail}).`, {
    cause: 'http_error',
    httpStatus: status,
  });
}
