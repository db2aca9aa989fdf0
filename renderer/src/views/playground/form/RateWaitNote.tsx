/** Shown beside the running call while the bridge holds it back for the profile's rate limit. Presentational. */
export function RateWaitNote({ waitMs }: { waitMs: number }) {
  const seconds = waitMs < 10_000 ? (Math.ceil(waitMs / 100) / 10).toFixed(1) : String(Math.ceil(waitMs / 1000));
  return (
    <span className="muted pg-small pg-rate-wait" role="status">
      Waiting for the rate limit ({seconds} s)…
    </span>
  );
}
