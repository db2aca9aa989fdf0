/**
 * The string the upstream signature covers: `METHOD;PATH;SORTED_QUERY;ACCESS_ID;NONCE;DATE`.
 * The body is not signed. Query values are used raw, exactly as they appear in the URL, so the
 * signer and the verifier agree without either decoding anything.
 */
export interface SignedParts {
  readonly method: string;
  /** Path without host or `?`. */
  readonly path: string;
  /** The raw query string without the leading `?` (may be empty). */
  readonly query: string;
  readonly accessId: string;
  readonly nonce: string;
  readonly date: string;
}

/** `k=v` pairs sorted by key (stable for repeated keys), joined with `&`; a bare `k` counts as `k=`. */
export function sortedQuery(rawQuery: string): string {
  if (rawQuery === '') return '';
  const pairs = rawQuery
    .split('&')
    .filter((p) => p !== '')
    .map((p) => {
      const eq = p.indexOf('=');
      return eq === -1 ? { key: p, value: '' } : { key: p.slice(0, eq), value: p.slice(eq + 1) };
    });
  // Array#sort is stable, so repeated keys keep their order.
  pairs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return pairs.map((p) => `${p.key}=${p.value}`).join('&');
}

/** Splits a request target (`/path?query`) into its path and raw query. */
export function splitTarget(target: string): { path: string; query: string } {
  const q = target.indexOf('?');
  return q === -1 ? { path: target, query: '' } : { path: target.slice(0, q), query: target.slice(q + 1) };
}

export function stringToSign(parts: SignedParts): string {
  return [parts.method.toUpperCase(), parts.path, sortedQuery(parts.query), parts.accessId, parts.nonce, parts.date].join(';');
}
