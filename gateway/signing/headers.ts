/**
 * Header names. Clients send the two credential headers to the gateway; the gateway sends the
 * signature headers to the upstream (the public service's X-TW-* scheme under our own names).
 * Node lower-cases incoming header names, so these are lower case for direct lookups.
 */
export const CREDENTIAL_HEADER = 'x-svc-credential';
export const NONCE_HEADER = 'x-svc-nonce';
export const DATE_HEADER = 'x-svc-date';
export const AUTHORIZATION_HEADER = 'authorization';
export const SIGNATURE_SCHEME = 'HMAC-SHA256';

/** How the header names are written in messages and docs. */
export const DISPLAY = {
  credential: 'X-SVC-CREDENTIAL',
  secretKey: 'X-SVC-SECRET-KEY',
  nonce: 'X-SVC-NONCE',
  date: 'X-SVC-DATE',
  authorization: 'Authorization',
} as const;
