/** The registry folder, Start check, the running scan's progress and a failed scan's error. */
import { useApi } from '../../app/api-context';
import { FolderField } from '../validators/parts/FolderField';
import { Spinner } from '../validators/parts/common';
import { useWizardStore } from '../validators/wizard-store';
import { runCheck, useCheckStore } from './check-store';
import { ScanProgress } from './ScanProgress';

/** Progress has its own subscriber, so a progress event re-renders the bar and nothing else. */
function RunningScan() {
  const progress = useCheckStore((s) => s.progress);
  return <ScanProgress progress={progress} />;
}

export function ScanPanel({ root }: { root: string | null }) {
  const api = useApi();
  const hydrated = useWizardStore((s) => s.hydrated);
  const status = useCheckStore((s) => s.status);
  const error = useCheckStore((s) => s.error);
  return (
    <section className="panel stack-sm" aria-labelledby="check-title">
      <div>
        <h2 id="check-title">Check the whole registry</h2>
        <p className="muted">
          Every chain’s list.json, every entry and every logo, against the rules the registry’s CI, its bot and its reviewers apply, and
          more (id checksums, duplicate ids, websites, empty descriptions).
        </p>
      </div>
      {hydrated ? <FolderField /> : <Spinner label="Loading…" />}
      <div className="row">
        <button
          type="button"
          className="button primary"
          disabled={!root || status === 'running'}
          onClick={() => root && void runCheck(api, root)}
        >
          {status === 'done' ? 'Check again' : 'Start check'}
        </button>
        {!root && <span className="muted small">Enter a registry folder first.</span>}
      </div>
      {status === 'running' && <RunningScan />}
      {status === 'error' && (
        <p className="callout error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
