/**
 * A value the bridge and the gateway put into, or accept from, an HTTP header as one opaque token (a session
 * id, a protocol version, a credential): printable ASCII without spaces or controls (0x21–0x7e), bounded.
 * Anything else could split a header, smuggle a second one, or be an unbounded buffer from a stranger.
 */
const TOKEN = /^[\x21-\x7e]+$/;

/** True when `value` is a non-empty header token of at most `maxLength` characters. */
export function isHeaderToken(value: string, maxLength: number): boolean {
  return value.length > 0 && value.length <= maxLength && TOKEN.test(value);
}

/**
 * An HTTP field name (RFC 9110 `token`): letters, digits and ``!#$%&'*+-.^_`|~``. The longest a profile may
 * name is 64 characters; a name outside this set could split the request or be dropped by a proxy.
 */
const FIELD_NAME = /^[A-Za-z0-9!#$%&'*+\-.^_`|~]+$/;

/** True when `name` can be sent as an HTTP header name of at most `maxLength` characters. */
export function isHeaderName(name: string, maxLength = 64): boolean {
  return name.length > 0 && name.length <= maxLength && FIELD_NAME.test(name);
}
