/**
 * The validator submission wizard: seven steps from an empty form to correct files in the user's
 * registry clone. The draft lives in the wizard store and survives restarts (see draft.ts); what main
 * answers about it is in the query cache (wizard-queries.ts).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { useApi } from '../../app/api-context';
import { useNavStore } from '../../app/nav-store';
import { STEPS, hasContent, type StepId } from './draft';
import { Spinner } from './parts/common';
import { PathSwitch } from './parts/PathSwitch';
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
import { errorsShown, submitDetails, useDetailsTouch } from './details-touch';
import { askLiveCheck, hydrate, startOver } from './wizard-actions';
import { liveKey, reachableSteps, stepChecks, stepIndex, type StepCheck } from './wizard-progress';
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

const isStep = (part: string | undefined): part is StepId => STEPS.some((s) => s.id === part);

/**
 * Keeps the step in the address bar (`#/validators/<step>`): a new step is a new history entry, so Back
 * and Forward move between steps, and a reload opens the step the address names when it can be reached.
 */
function useStepInAddress(current: StepId | undefined, checks: Record<StepId, StepCheck> | undefined): void {
  const part = useNavStore((s) => s.part);
  const last = useRef<string | undefined | null>(null);
  // A step the address asked for that waits for a check still running (after a reload, the folder is re-read).
  const wanted = useRef<StepId | undefined>(undefined);
  useEffect(() => {
    if (!current || !checks) return;
    const first = last.current === null;
    if (first || last.current !== part) wanted.current = isStep(part) && part !== current && current !== 'write' ? part : undefined;
    last.current = part;
    const want = wanted.current;
    if (want) {
      // Back is always allowed; forward only as far as the checks allow.
      if (stepIndex(want) < stepIndex(current) || reachableSteps(checks).has(want)) {
        wanted.current = undefined;
        goToStep(want);
        return;
      }
      // The first step not complete is what blocks it: wait only while its check is still running.
      const blocker = STEPS.find((s) => !checks[s.id].ok);
      if (blocker && checks[blocker.id].pending) return;
      wanted.current = undefined;
    }
    if (part !== current) useNavStore.getState().show('validators', current, { replace: first || !isStep(part) || want !== undefined });
  }, [part, current, checks]);
}

export function WizardView() {
  const api = useApi();
  const client = useQueryClient();
  const state = useWizardState();
  const detailsTouch = useDetailsTouch();
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

  useStepInAddress(
    state.hydrated ? (state.draft.written !== null && !state.draft.written.undone ? 'write' : state.draft.step) : undefined,
    state.hydrated ? stepChecks(state) : undefined,
  );

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
  // Details: an error in a field the user has not touched yet is not shown, so Next stays pressable and
  // pressing it shows every error and moves to the first (details-touch.ts).
  const unshownError =
    current === 'details' && !check.ok && !check.pending && check.field !== undefined && !errorsShown(check.field, detailsTouch);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (unshownError) submitDetails();
    else if (next && check.ok && next.id !== undefined) goToStep(next.id);
  };

  return (
    <div className="wizard">
      <div className="wizard-top">
        <div>
          <p className="muted wizard-lede">
            Add your validator to the registry, or update or disable an entry, without editing files by hand.
          </p>
          {!locked && current !== 'folder' && <PathSwitch source={state.draft.source} />}
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
                  !unshownError &&
                  check.reason &&
                  (check.pending ? <Spinner label={check.reason} /> : <span>{check.hint ?? check.reason}</span>)}
              </div>
              <button type="submit" className="button primary" disabled={!check.ok && !unshownError} aria-describedby="nav-reason">
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
