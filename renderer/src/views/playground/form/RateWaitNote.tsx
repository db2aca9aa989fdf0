import type { RateWaitReason } from '../state/rate-wait-store';

/**
 * Shown beside the running call while the bridge holds it back: for the profile's rate limit, or out the
 * gateway's 429 (its Retry-After) before sending it once more. Presentational.
 */
export function RateWaitNote({ waitMs, reason = 'pace' }: { waitMs: number; reason?: RateWaitReason }) {
  const seconds = waitMs < 10_000 ? (Math.ceil(waitMs / 100) / 10).toFixed(1) : String(Math.ceil(waitMs / 1000));
  return (
    <span className="muted pg-small pg-rate-wait" role="status">
      {reason === 'pace'
        ? `Waiting for the rate limit (${seconds} s)…`
        : `The gateway refused it for its rate limit (HTTP 429): sending it once more in ${seconds} s…`}
    </span>
  );
}
