import { describe, expect, it } from 'vitest';
import { toBridgeError, type ErrorContext } from './bridge-error';
import { BridgeError, ErrorCode } from './jsonrpc';
import { httpFailure, networkFailure, UpstreamFailure } from './upstream-failure';

const context: ErrorContext = {
  what: 'tools/call "echo"',
  url: 'https://gw.example/mcp',
  profile: 'work',
  maxMessageBytes: 4096,
};

function response(status: number, statusText: string, headers: Record<string, string> = {}) {
  return { status, statusText, header: (name: string) => headers[name] };
}

function socketError(code: string, message = `connect ${code}`): Error {
  return Object.assign(new Error(message), { code });
}

describe('toBridgeError: an HTTP answer that is no MCP reply', () => {
  it.each([
    {
      status: 401,
      statusText: 'Unauthorized',
      headers: {},
      body: '{"error":"bad key"}',
      code: ErrorCode.AuthRejected,
      message:
        'The gateway refused the credentials of profile "work" (HTTP 401 Unauthorized: bad key). Open Gateway Companion → Settings, or run `companion login --profile work`, to store valid ones.',
      data: { cause: 'auth_rejected', httpStatus: 401 },
    },
    {
      status: 403,
      statusText: '',
      headers: {},
      body: undefined,
      code: ErrorCode.AuthRejected,
      message:
        'The gateway refused the credentials of profile "work" (HTTP 403). Open Gateway Companion → Settings, or run `companion login --profile work`, to store valid ones.',
      data: { cause: 'auth_rejected', httpStatus: 403 },
    },
    {
      status: 429,
      statusText: 'Too Many Requests',
      headers: { 'retry-after': '30' },
      body: '{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"slow down"}}',
      code: ErrorCode.UpstreamError,
      message: 'The gateway rate-limited tools/call "echo" (HTTP 429 Too Many Requests, retry after 30 s): slow down.',
      data: { cause: 'rate_limited', httpStatus: 429, retryAfter: '30' },
    },
    {
      status: 429,
      statusText: '',
      headers: {},
      body: '',
      code: ErrorCode.UpstreamError,
      message: 'The gateway rate-limited tools/call "echo" (HTTP 429).',
      data: { cause: 'rate_limited', httpStatus: 429 },
    },
    {
      status: 404,
      statusText: 'Not Found',
      headers: {},
      body: '<html><body><h1>Not here</h1></body></html>',
      code: ErrorCode.UpstreamError,
      message: "There is no MCP endpoint at https://gw.example/mcp (HTTP 404 Not Found); check the profile's URL.",
      data: { cause: 'http_error', httpStatus: 404 },
    },
    {
      status: 503,
      statusText: 'Service Unavailable',
      headers: {},
      body: '<html><head><style>p{}</style></head><body><p>Down   for\nmaintenance</p><script>x()</script></body></html>',
      code: ErrorCode.UpstreamError,
      message: 'The gateway failed to handle tools/call "echo" (HTTP 503 Service Unavailable: Down for maintenance).',
      data: { cause: 'http_error', httpStatus: 503 },
    },
    {
      status: 500,
      statusText: 'Internal Server Error',
      headers: {},
      body: '{"message":"boom"}',
      code: ErrorCode.UpstreamError,
      message: 'The gateway failed to handle tools/call "echo" (HTTP 500 Internal Server Error: boom).',
      data: { cause: 'http_error', httpStatus: 500 },
    },
  ])('HTTP $status $body → $code', ({ status, statusText, headers, body, code, message, data }) => {
    const error = toBridgeError(httpFailure(response(status, statusText, headers), body), context);
    expect(error).toBeInstanceOf(BridgeError);
    expect({ code: error.code, message: error.message, data: error.data }).toEqual({ code, message, data });
  });

  it('truncates a long body to 200 visible characters', () => {
    const error = toBridgeError(httpFailure(response(500, ''), 'x'.repeat(500)), context);
    expect(error.message).toBe(`The gateway failed to handle tools/call "echo" (HTTP 500: ${'x'.repeat(200)}…).`);
  });

  it('names "the gateway" and profile "default" before a target is known', () => {
    const bare = { what: 'initialize', maxMessageBytes: 1 };
    expect(toBridgeError(httpFailure(response(404, ''), ''), bare).message).toBe(
      "There is no MCP endpoint at the gateway (HTTP 404); check the profile's URL.",
    );
    expect(toBridgeError(httpFailure(response(401, ''), ''), bare).message).toContain('profile "default"');
  });
});

describe('toBridgeError: socket errors and the other failure kinds', () => {
  it.each([
    {
      error: socketError('ECONNREFUSED'),
      code: ErrorCode.UpstreamUnreachable,
      message:
        'Cannot reach the gateway at https://gw.example/mcp: connect ECONNREFUSED. The bridge keeps running and reconnects on the next request.',
      data: { cause: 'upstream_unreachable', code: 'ECONNREFUSED' },
    },
    {
      error: socketError('ENOTFOUND', 'getaddrinfo failed'),
      code: ErrorCode.UpstreamUnreachable,
      message:
        'Cannot reach the gateway at https://gw.example/mcp: getaddrinfo failed (ENOTFOUND). The bridge keeps running and reconnects on the next request.',
      data: { cause: 'upstream_unreachable', code: 'ENOTFOUND' },
    },
    {
      error: socketError('ECONNRESET', 'read ECONNRESET'),
      code: ErrorCode.UpstreamUnreachable,
      message:
        'The connection to the gateway at https://gw.example/mcp was cut before it answered tools/call "echo": read ECONNRESET. The bridge reconnects on the next request.',
      data: { cause: 'connection_reset', code: 'ECONNRESET' },
    },
    {
      error: new Error('socket hang up'),
      code: ErrorCode.UpstreamUnreachable,
      message:
        'The connection to the gateway at https://gw.example/mcp was cut before it answered tools/call "echo": socket hang up. The bridge reconnects on the next request.',
      data: { cause: 'connection_reset', code: 'ECONNRESET' },
    },
    {
      error: socketError('UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'unable to verify the first certificate'),
      code: ErrorCode.UpstreamUnreachable,
      message:
        "TLS verification of https://gw.example/mcp failed: unable to verify the first certificate (UNABLE_TO_VERIFY_LEAF_SIGNATURE). Trust the gateway's certificate authority with the profile's CA file (companion login --ca-file) or NODE_EXTRA_CA_CERTS.",
      data: { cause: 'tls_failed', code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' },
    },
    {
      error: Object.assign(new Error('This operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR' }),
      code: ErrorCode.ShuttingDown,
      message: 'tools/call "echo" was aborted because the bridge is stopping.',
      data: { cause: 'shutting_down' },
    },
  ])('$error.message → $code $data.cause', ({ error, code, message, data }) => {
    const e = toBridgeError(networkFailure(error), context);
    expect({ code: e.code, message: e.message, data: e.data }).toEqual({ code, message, data });
  });

  it.each([
    {
      failure: new UpstreamFailure('too_large', 'the response exceeds the 4096 byte limit'),
      code: ErrorCode.TooLarge,
      message:
        'The gateway\'s reply to tools/call "echo" is too large: the response exceeds the 4096 byte limit (see --max-message-bytes).',
      data: { cause: 'too_large', limit: 4096 },
    },
    {
      failure: new UpstreamFailure('invalid', 'the response body is not JSON: "oops"'),
      code: ErrorCode.UpstreamError,
      message: 'The gateway sent an invalid reply to tools/call "echo": the response body is not JSON: "oops".',
      data: { cause: 'invalid_response' },
    },
    {
      failure: new UpstreamFailure('session_expired', 're-initialising failed: nope'),
      code: ErrorCode.UpstreamError,
      message: 'The gateway session expired and could not be re-established: re-initialising failed: nope.',
      data: { cause: 'session_expired' },
    },
  ])('$failure.kind → $code', ({ failure, code, message, data }) => {
    const e = toBridgeError(failure, context);
    expect({ code: e.code, message: e.message, data: e.data }).toEqual({ code, message, data });
  });

  it('passes a BridgeError through and wraps anything else as internal', () => {
    const own = new BridgeError(ErrorCode.CredentialsMissing, 'no credentials', { cause: 'credentials_missing' });
    expect(toBridgeError(own, context)).toBe(own);
    const e = toBridgeError(new TypeError('x is undefined'), context);
    expect({ code: e.code, message: e.message, data: e.data }).toEqual({
      code: ErrorCode.UpstreamError,
      message: 'The bridge could not forward tools/call "echo": x is undefined',
      data: { cause: 'internal' },
    });
  });
});
