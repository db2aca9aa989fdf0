import { useQueryClient } from '@tanstack/react-query';
import { getRegistryChain } from '../../../../../domain/index';
import type { RegistryFinding } from '../../../../../domain/ipc/registry-channels';
import { LongText } from '../../../app/parts/CopyButton';
import { STEPS } from '../draft';
import { stepForFinding } from '../finding-steps';
import { formatBytes } from '../logo-checklist';
import { dedentEntry } from '../diff-lines';
import { CirclePreviews } from '../parts/CirclePreviews';
import { DiffView } from '../parts/DiffView';
import { FindingList } from '../parts/FindingList';
import { plural, Spinner, StepHeading } from '../parts/common';
import { entryCard, reviewKind, reviewSentence } from '../review-sentence';
import type { WizardState } from '../wizard-state';
import { useWizardState, wizardKeys } from '../wizard-queries';
import { goToStep } from '../wizard-store';
import { RemoteReviewNote } from '../remote/RemoteReviewNote';

/** The logo as the wallet will show it: the fixed one, else the chosen file, else the one already in the registry. */
function logoPreviews(state: WizardState): { light: string; dark: string } | undefined {
  if (state.draft.logo?.fix && state.fix.status === 'done') return state.fix.data.previews;
  if (state.draft.logo && state.logo.status === 'done') return state.logo.data.previews;
  if (state.existingLogo.status === 'done') return state.existingLogo.data.previews;
  return undefined;
}

/**
 * Step 6, the review. Long because it lays out the review's parts in order (the sentence, the entry card,
 * the files and their diff, the checks, the way on); the words are review-sentence.ts's, the plan is a query.
 */
export function ReviewStep() {
  const client = useQueryClient();
  // The plan is asked for on this step and the next (wizard-queries.ts), once per change to the submission.
  const state = useWizardState();
  const { plan, draft } = state;
  const remote = draft.source === 'github';
  const chainName = getRegistryChain(draft.chain)?.name ?? draft.chain;
  const kind = reviewKind(draft.mode, draft.disable.disabled);
  const card = plan.status === 'done' ? entryCard(plan.data.entryJson, plan.data.id) : null;
  const previews = logoPreviews(state);

  const same = (a: RegistryFinding, b: RegistryFinding) => a.code === b.code && a.field === b.field && a.path === b.path;
  const others = plan.status === 'done' ? plan.data.findings.filter((f) => !plan.data.blocking.some((b) => same(b, f))) : [];
  const goFix = (f: RegistryFinding) => {
    const step = stepForFinding(f);
    return { label: `Go to ${STEPS.find((s) => s.id === step)!.title}`, run: () => goToStep(step) };
  };

  return (
    <>
      <StepHeading number={6} title="Review">
        {remote
          ? 'What your pull request will change in the registry. Nothing is sent to GitHub until you press “Open pull request” in the next step.'
          : 'What will change in your registry folder. Nothing is written until you press “Write files” in the next step.'}
      </StepHeading>
      {remote && plan.status === 'done' && <RemoteReviewNote plan={plan.data} />}
      {plan.status === 'loading' && <Spinner label="Preparing the changes…" />}
      {plan.status === 'error' && (
        <div className="callout error" role="alert">
          <p>{plan.message}</p>
          <button type="button" className="button small" onClick={() => void client.resetQueries({ queryKey: wizardKeys.plans })}>
            Try again
          </button>
        </div>
      )}
      {plan.status === 'done' && (
        <div className="review stack-md">
          <p className="review-summary">
            <strong>{reviewSentence(kind, card?.name ?? draft.form.name, chainName)}</strong>
          </p>
          {plan.data.blocking.length > 0 && (
            <section className="callout error" aria-labelledby="blocking-title">
              <h3 id="blocking-title">{plural(plan.data.blocking.length, 'problem')} to fix before writing</h3>
              <FindingList findings={plan.data.blocking} action={goFix} />
            </section>
          )}

          <section className="entry-card" aria-labelledby="entry-card-title">
            <h3 id="entry-card-title" className="visually-hidden">
              Your entry as the registry will list it
            </h3>
            {previews ? (
              <CirclePreviews previews={previews} what={`The logo of ${card?.name || 'your validator'}`} />
            ) : (
              <p className="muted small">{kind === 'disable' ? 'The logo stays as it is.' : 'No logo yet.'}</p>
            )}
            <div className="entry-card-text">
              <p className="entry-card-name">{card?.name || draft.form.name || 'Your validator'}</p>
              <p className="muted small">{chainName}</p>
              <LongText text={card?.id ?? plan.data.id} what="the validator id" />
              {card?.description && <p className="entry-card-description">{card.description}</p>}
              {card?.website && <p className="mono small">{card.website}</p>}
              {card?.disabledNote !== null && card?.disabledNote !== undefined && (
                <p className="badge warn">Disabled{card.disabledNote ? `: ${card.disabledNote}` : ''}</p>
              )}
            </div>
          </section>

          <details className="file-change">
            <summary>Show the file change</summary>
            <section aria-labelledby="entry-title">
              <h3 id="entry-title">The entry in list.json</h3>
              <pre className="code-block" tabIndex={0} aria-labelledby="entry-title">
                {dedentEntry(plan.data.entryJson)}
              </pre>
            </section>
            <section aria-labelledby="diff-title">
              <h3 id="diff-title">Changes to {plan.data.files.find((f) => f.path.endsWith('list.json'))?.path ?? 'list.json'}</h3>
              <DiffView diff={plan.data.diff} label="Changes to list.json" />
            </section>
          </details>

          <section aria-labelledby="files-title">
            <h3 id="files-title">Files that will be written</h3>
            <table className="data files-table">
              <thead>
                <tr>
                  <th>File</th>
                  <th>Change</th>
                  <th className="num">Size</th>
                </tr>
              </thead>
              <tbody>
                {plan.data.files.map((f) => (
                  <tr key={f.path}>
                    <td className="path-cell">
                      <LongText text={f.absolutePath} what={`the path of ${f.path}`} />
                    </td>
                    <td>
                      {f.action === 'create' ? <span className="badge ok">New file</span> : <span className="badge accent">Replaced</span>}
                    </td>
                    <td className="num">
                      {f.bytesBefore === null ? formatBytes(f.bytesAfter) : `${formatBytes(f.bytesBefore)} → ${formatBytes(f.bytesAfter)}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {plan.data.logo && (
              <div className="review-logo">
                <img src={plan.data.logo} alt="The logo that will be written" width={64} height={64} />
                <span className="muted small">The logo that will be written as logo.png.</span>
              </div>
            )}
          </section>

          <section aria-labelledby="warnings-title">
            <h3 id="warnings-title">Warnings and notes</h3>
            {others.length === 0 ? (
              <p className="callout ok">No warnings: the entry and the logo meet every rule the wizard checks.</p>
            ) : (
              <>
                {others.some((f) => f.severity === 'error') && (
                  <p className="muted small">
                    Problems marked “Already there” existed before this change; they do not stop you writing, but reviewers may ask you to
                    fix them.
                  </p>
                )}
                <FindingList findings={others} action={goFix} existing />
              </>
            )}
          </section>
        </div>
      )}
    </>
  );
}
