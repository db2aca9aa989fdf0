/** The running scan's progress bar and what it is on; the only part a progress event re-renders. */
import { getRegistryChain } from '../../../../domain/index';
import type { ScanProgress as Progress } from './check-store';

export function ScanProgress({ progress }: { progress: Progress }) {
  const { done, total, chain } = progress;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="scan-progress">
      <label htmlFor="scan-progress">Checking registry</label>
      <progress id="scan-progress" max={total || 1} value={done} aria-valuetext={`${percent}%`} />
      <span className="muted small" aria-live="polite">
        {total === 0
          ? 'Finding lists and logos…'
          : `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} files (${percent}%)${chain ? ` · ${getRegistryChain(chain)?.name ?? chain}` : ''}`}
      </span>
    </div>
  );
}
