/** Name-based validator ids: NEAR staking pools and IoTeX delegates. */
import { fail, ok, type Check } from '../result';
import { firstBadChar } from '../input';

const NEAR_PART = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
const NEAR_CHAR = /^[a-z0-9._-]$/;

/**
 * NEAR account ids: 2–64 characters; lower-case letters, digits and `-` `_` `.` separators, never two in a
 * row nor at either end. With `suffix` (e.g. ".poolv1.near") the id must be a sub-account of it.
 */
export function checkNearAccount(id: string, label: string, suffix?: string): Check<string> {
  const lower = id.toLowerCase();
  const bad = firstBadChar(lower, NEAR_CHAR);
  if (bad) return fail('bad-char', `character ${bad.position} (${bad.ch}) is not allowed; NEAR names use only a-z, 0-9, "-", "_" and "."`);
  if (lower.length < 2 || lower.length > 64) return fail('bad-length', `${label} are 2 to 64 characters long`);
  const parts = lower.split('.');
  if (parts.some((p) => !NEAR_PART.test(p))) {
    return fail(
      'bad-format',
      `"${id}" is not a valid NEAR name: ".", "-" and "_" must sit between letters or digits, never at the start or end or twice in a row`,
    );
  }
  if (suffix && (!lower.endsWith(suffix) || lower.length === suffix.length)) {
    return fail('wrong-suffix', `${label} end with ${suffix}, e.g. mypool${suffix}`);
  }
  return ok(lower);
}

/**
 * IoTeX delegate names: 1–12 lower-case letters and digits, the rule iotex-core enforces on registration.
 * Delegates from before that rule may end in "#" (two real registry entries do), so that form is accepted too.
 */
export function checkIotexDelegate(id: string, label: string): Check<string> {
  const lower = id.toLowerCase();
  const body = lower.endsWith('#') ? lower.slice(0, -1) : lower;
  const bad = firstBadChar(body, /^[a-z0-9]$/);
  if (bad)
    return fail(
      'bad-char',
      `character ${bad.position} (${bad.ch}) is not allowed; ${label} use only a-z and 0-9 (older names may end in #)`,
    );
  if (body.length === 0 || lower.length > 12) return fail('bad-length', `${label} are 1 to 12 characters long`);
  return ok(lower);
}
