import { createHash, timingSafeEqual } from 'node:crypto';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether a credential pair belongs to an account, given the accounts' secrets. The secrets are
 * compared as equal-length digests in constant time, and an unknown access id does the same work.
 */
export function accountCheck(secretFor: (accessId: string) => string | undefined): (accessId: string, secretKey: string) => boolean {
  return (accessId, secretKey) => {
    const expected = secretFor(accessId);
    const same = timingSafeEqual(sha256(expected ?? ''), sha256(secretKey));
    return expected !== undefined && same;
  };
}
