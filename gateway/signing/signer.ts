import { createHmac, randomUUID } from 'node:crypto';
import { stringToSign, splitTarget, type SignedParts } from './canonical';
import { DISPLAY, SIGNATURE_SCHEME } from './headers';

/** HMAC-SHA256 of the string to sign, keyed with the secret as UTF-8, in standard base64. */
export function computeSignature(secret: string, parts: SignedParts): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(stringToSign(parts), 'utf8').digest('base64');
}

export interface SignRequestInput {
  readonly method: string;
  /** The request target: path plus optional `?query`, no host. */
  readonly target: string;
  readonly accessId: string;
  readonly secret: string;
  /** Fixed values for test vectors; a fresh UUID v4 and the current time otherwise. */
  readonly nonce?: string;
  readonly date?: Date | string;
}

/** The headers that authenticate one upstream request. */
export function signRequest(input: SignRequestInput): Record<string, string> {
  const { path, query } = splitTarget(input.target);
  const nonce = input.nonce ?? randomUUID();
  const date = typeof input.date === 'string' ? input.date : (input.date ?? new Date()).toUTCString();
  const signature = computeSignature(input.secret, { method: input.method, path, query, accessId: input.accessId, nonce, date });
  return {
    [DISPLAY.credential]: input.accessId,
    [DISPLAY.nonce]: nonce,
    [DISPLAY.date]: date,
    [DISPLAY.authorization]: `${SIGNATURE_SCHEME} Signature=${signature}`,
  };
}
