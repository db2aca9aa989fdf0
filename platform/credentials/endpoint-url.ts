import { isLoopbackHost } from '../../domain/loopback-host';

/** The one loopback rule (a literal loopback address or exactly `localhost`), for callers that import it from here. */
export { isLoopbackHost };

/**
 * Parses a gateway endpoint URL: HTTPS is required, because the credentials travel as plaintext headers;
 * http is allowed only to loopback. Throws an Error whose message says what to change.
 */
export function parseEndpointUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`"${value}" is not a valid URL; expected something like https://gateway.example.com/mcp`);
  }
  if (url.username || url.password)
    throw new Error('the endpoint URL must not contain a user name or password; credentials live in the OS keychain');
  if (url.hash) throw new Error('the endpoint URL must not contain a #fragment');
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:') {
    if (isLoopbackHost(url.hostname)) return url;
    throw new Error(
      `refusing plain http to ${url.hostname}: the credentials would travel unencrypted. Use https:// (http is allowed only to loopback addresses)`,
    );
  }
  throw new Error(`unsupported URL scheme "${url.protocol}"; use https://`);
}
