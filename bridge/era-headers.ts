import { isHeaderToken } from '../domain/header-token';

/**
 * The 2026-07-28 revision of MCP is stateless: every request carries its protocol version in
 * `params._meta`, and over Streamable HTTP the client repeats it, the method and the name the request
 * acts on in headers (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`), which servers cross-check with
 * the body. A stdio host has no headers to give, so the bridge derives them from the message, as the
 * official SDK's HTTP client does. Messages without the envelope (the 2025 era) get none of them.
 */
const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';

/** Which field of params `Mcp-Name` mirrors, per method (the spec's table, as in the SDK). */
const NAME_SOURCE: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

/** The longest protocol version carried in a header. */
const MAX_VERSION = 64;

/** A header value as the spec encodes it: printable ASCII as is, anything else base64 between `=?base64?` and `?=`. */
export function encodeHeaderValue(value: string): string {
  const plain = value.length > 0 && value === value.trim() && /^[\t\x20-\x7e]*$/.test(value) && !/^=\?base64\?.*\?=$/.test(value);
  return plain ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** The protocol version a message claims in its `_meta` envelope, if it is a 2026-era message. */
export function envelopeVersion(message: Record<string, unknown>): string | undefined {
  const params = message.params;
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return undefined;
  const meta = (params as { _meta?: unknown })._meta;
  if (meta === null || typeof meta !== 'object') return undefined;
  const version = (meta as Record<string, unknown>)[PROTOCOL_VERSION_META_KEY];
  return typeof version === 'string' && isHeaderToken(version, MAX_VERSION) ? version : undefined;
}

/** The headers a 2026-era message needs on its POST; undefined for a 2025-era message. */
export function eraHeaders(message: Record<string, unknown>): Record<string, string> | undefined {
  const version = envelopeVersion(message);
  if (version === undefined) return undefined;
  const headers: Record<string, string> = { 'mcp-protocol-version': version };
  const method = message.method;
  if (typeof method !== 'string' || !('id' in message)) return headers;
  headers['mcp-method'] = encodeHeaderValue(method);
  const field = Object.hasOwn(NAME_SOURCE, method) ? NAME_SOURCE[method] : undefined;
  const name = field === undefined ? undefined : (message.params as Record<string, unknown>)[field];
  if (typeof name === 'string') headers['mcp-name'] = encodeHeaderValue(name);
  return headers;
}
