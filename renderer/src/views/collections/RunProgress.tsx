/** The running collection's progress bar, the item it is on (and, when it runs in both eras, in which), and Cancel. */
export function RunProgress({
  done,
  total,
  current,
  era,
  onCancel,
  cancelling,
}: {
  done: number;
  /** Every item once per era. */
  total: number;
  current: string;
  /** Shown beside the item when the run covers both eras. */
  era?: string | undefined;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="col-progress">
      <label htmlFor="col-progress-bar">Running</label>
      <progress id="col-progress-bar" max={total || 1} value={done} aria-valuetext={`${percent}%`} />
      <button type="button" className="button" onClick={onCancel} disabled={cancelling}>
        {cancelling ? 'Cancelling…' : 'Cancel'}
      </button>
      <span className="muted small" aria-live="polite">
        {done} of {total} item{total === 1 ? '' : 's'}
        {current ? ` · ${current}` : ''}
        {current && era ? ` (${era})` : ''}
      </span>
    </div>
  );
}
