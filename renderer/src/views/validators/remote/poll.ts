/**
 * How often the pull request page asks GitHub again: every 15 seconds at first, twice as long each time
 * nothing changed (up to 5 minutes), never before the rate limit resets when it is nearly used up, and
 * not at all once the pull request is merged or closed. Failures back off the same way.
 */
import type { PullRequestStatus } from '../../../../../domain/ipc/github-channels';

export const FIRST_POLL_MS = 15_000;
export const MAX_POLL_MS = 5 * 60_000;
/** Below this many requests left, wait for the reset (other tools of the user share the same limit). */
export const RATE_LIMIT_RESERVE = 50;

export interface PollInput {
  readonly status: PullRequestStatus | undefined;
  /** Answers in a row that changed nothing the page shows. */
  readonly unchanged: number;
  /** Failures in a row. */
  readonly failures: number;
  readonly now: number;
}

export function pollDelay({ status, unchanged, failures, now }: PollInput): number | false {
  if (status && status.state !== 'open') return false;
  const steps = Math.max(unchanged, failures);
  let delay = Math.min(MAX_POLL_MS, FIRST_POLL_MS * 2 ** Math.min(steps, 10));
  const rate = status?.rateLimit;
  if (rate?.remaining !== null && rate?.remaining !== undefined && rate.remaining < RATE_LIMIT_RESERVE && rate.resetAt !== null)
    delay = Math.max(delay, rate.resetAt - now + 1000);
  return delay;
}

/** What the page shows of a status: a change here resets the backoff. */
export function statusFingerprint(status: PullRequestStatus): string {
  return JSON.stringify([
    status.state,
    status.draft,
    status.checks.runs.map((r) => [r.name, r.status, r.conclusion]),
    status.comments.map((c) => [c.id, c.body]),
    status.labels,
    status.reviews.map((r) => [r.author, r.state]),
  ]);
}
