/**
 * The validator submission wizard: seven steps from an empty form to correct files in the user's
 * registry clone. The draft lives in the wizard store and survives restarts (see draft.ts); what main
 * answers about it is in the query cache (wizard-queries.ts).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { useApi } from '../../app/api-context';
import { STEPS, hasContent, type StepId } from './draft';
import { Spinner } from './parts/common';
import { Stepper } from './parts/Stepper';
import { SubmissionSummary } from './parts/SubmissionSummary';
import { ChainStep } from './steps/ChainStep';
import { DetailsStep } from './steps/DetailsStep';
import { FolderStep } from './steps/FolderStep';
import { IdStep } from './steps/IdStep';
import { LogoStep } from './steps/LogoStep';
import { ReviewStep } from './steps/ReviewStep';
import { WriteStep } from './steps/WriteStep';
import { PullRequestStep } from './remote/PullRequestStep';
import { stepTitle } from './remote/source';
import { askLiveCheck, hydrate, startOver } from './wizard-actions';
import { liveKey, reachableSteps, stepChecks, stepIndex } from './wizard-progress';
import { useWizardState } from './wizard-queries';
import { goToStep } from './wizard-store';
import './wizard.css';

/** Live checks wait for a short pause in typing. */
const LIVE_DELAY_MS = 180;

const VIEWS: Record<StepId, () => ReactElement> = {
  folder: FolderStep,
  chain: ChainStep,
  id: IdStep,
  details: DetailsStep,
  logo: LogoStep,
  review: ReviewStep,
  write: WriteStep,
};

export function WizardView() {
  const api = useApi();
  const client = useQueryClient();
  const state = useWizardState();
  const [confirmReset, setConfirmReset] = useState(false);
  useEffect(() => {
    void hydrate(api);
  }, [api]);
  // The engine's entry rules run after a short pause in typing, whichever step is open (a restored draft needs them too).
  const key = state.hydrated ? liveKey(state) : '';
  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => askLiveCheck(key), LIVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key]);

  if (!state.hydrated) {
    return (
      <div className="panel">
        <Spinner label="Opening your submission…" />
      </div>
    );
  }
  const { step } = state.draft;
  const checks = stepChecks(state);
  const reachable = reachableSteps(checks);
  // Once written, the flow is finished: the result stays until the user undoes it or starts again.
  const remote = state.draft.source === 'github';
  const locked = remote ? state.draft.pullRequest !== null : state.draft.written !== null && !state.draft.written.undone;
  const current = locked ? 'write' : step;
  // Remote mode ends with the pull request instead of writing files.
  const View = remote && current === 'write' ? PullRequestStep : VIEWS[current];
  const title = (s: (typeof STEPS)[number] | undefined) => (s ? stepTitle(s, state.draft.source) : '');
  const index = stepIndex(current);
  const check = checks[current];
  const next = STEPS[index + 1];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (next && check.ok && next.id !== undefined) goToStep(next.id);
  };

  return (
    <div className="wizard">
      <div className="wizard-top">
        <div>
          <p className="muted wizard-lede">
            Add your validator to the registry, or update or disable an entry, without editing files by hand.
          </p>
        </div>
        {hasContent(state.draft) && !confirmReset && (
          <button type="button" className="button subtle" onClick={() => setConfirmReset(true)}>
            Start over
          </button>
        )}
        {confirmReset && (
          <div className="confirm-inline" role="alertdialog" aria-labelledby="confirm-reset-text">
            <span id="confirm-reset-text">Clear this submission? Files already written stay on disk.</span>
            <button
              type="button"
              className="button danger small"
              onClick={() => {
                setConfirmReset(false);
                void startOver(api, client);
              }}
            >
              Clear it
            </button>
            <button type="button" className="button small" onClick={() => setConfirmReset(false)} autoFocus>
              Keep it
            </button>
          </div>
        )}
      </div>
      <Stepper current={current} checks={checks} reachable={reachable} onGo={goToStep} locked={locked} />
      <div className="wizard-body">
        <form
          className="panel wizard-step"
          aria-label={`Step ${index + 1} of ${STEPS.length}: ${title(STEPS[index])}`}
          onSubmit={submit}
          noValidate
          key={current}
        >
          <View />
          {current !== 'write' && (
            <div className="wizard-nav">
              <button type="button" className="button" disabled={index === 0} onClick={() => goToStep(STEPS[index - 1]!.id)}>
                Back
              </button>
              <div className="nav-reason" id="nav-reason" aria-live="polite">
                {!check.ok &&
                  check.reason &&
                  (check.pending ? <Spinner label={check.reason} /> : <span>{check.hint ?? check.reason}</span>)}
              </div>
              <button type="submit" className="button primary" disabled={!check.ok} aria-describedby="nav-reason">
                Next: {title(next)}
              </button>
            </div>
          )}
          {current === 'write' && !locked && (
            <div className="wizard-nav">
              <button type="button" className="button" onClick={() => goToStep('review')}>
                Back
              </button>
            </div>
          )}
        </form>
        <SubmissionSummary />
      </div>
    </div>
  );
}
