import type { ExistingLogo } from '../../../../../../domain/ipc/registry-channels';
import { CirclePreviews } from '../../parts/CirclePreviews';
import { Spinner } from '../../parts/common';
import type { Load } from '../../wizard-state';

/** An update's current logo: shown in the wallet's circle, whether it meets the rules, and whether it stays. */
export function ExistingLogoCard({ existing, replaced }: { existing: Load<ExistingLogo>; replaced: boolean }) {
  if (existing.status === 'loading') return <Spinner label="Reading the current logo…" />;
  if (existing.status === 'error') return <p className="callout warn">{existing.message}</p>;
  if (existing.status !== 'done') return null;
  const current = existing.data;
  const problems = current.findings.filter((f) => f.severity === 'error');
  return (
    <section className="existing-logo panel-inset" aria-labelledby="existing-logo-title">
      <h3 id="existing-logo-title">Current logo</h3>
      {!current.present && (
        <p className="muted">
          This validator has no logo yet. Adding one is optional for an update, but entries without a logo look unfinished in the wallet.
        </p>
      )}
      {current.present && (
        <div className="existing-row">
          {current.previews ? (
            <CirclePreviews previews={current.previews} what="The current logo" />
          ) : (
            <p className="muted">The current logo cannot be displayed.</p>
          )}
          <div>
            {problems.length === 0 ? (
              <p className="callout ok">The current logo meets the rules.</p>
            ) : (
              <p className="callout warn">The current logo breaks a rule: {problems[0]!.message} Drop a new image below to replace it.</p>
            )}
            <p className="muted small">
              {replaced ? 'It will be replaced by the image below.' : 'It stays as it is unless you drop a new image below.'}
            </p>
          </div>
        </div>
      )}
    </section>
  );
}
