import { useEffect } from 'react';
import { getRegistryChain } from '../../../../../domain/index';
import { useApi } from '../../../app/api-context';
import { formatBytes } from '../logo-checklist';
import { GitCommitPanel } from '../parts/GitCommitPanel';
import { NextSteps } from '../parts/NextSteps';
import { Spinner, StepHeading } from '../parts/common';
import { suggestedBranch, suggestedTitle } from '../pull-request';
import { makePlan, reviseAfterUndo, startOver, undoWrite, writeFiles } from '../wizard-actions';
import { planKey, stepChecks } from '../wizard-progress';
import { useWizardStore } from '../wizard-store';

export function WriteStep() {
  const api = useApi();
  const state = useWizardStore();
  const { written } = state.draft;
  const key = planKey(state);
  useEffect(() => {
    if (!written) void makePlan(api);
  }, [api, key, written]);

  if (written) return <Written />;

  const plan = state.plan.status === 'done' && state.plan.key === key ? state.plan.data : null;
  const ready = stepChecks(state).review;
  return (
    <>
      <StepHeading number={7} title="Write">
        The wizard writes the files into your registry folder in one safe step: either every file is written, or none is. You can undo it
        afterwards.
      </StepHeading>
      {state.writing.status === 'error' && (
        <div className="callout error" role="alert">
          <p>
            <strong>Nothing was written.</strong> {state.writing.message}
          </p>
        </div>
      )}
      {!plan && state.plan.status !== 'error' && <Spinner label="Preparing the changes…" />}
      {state.plan.status === 'error' && <p className="callout error">{state.plan.message}</p>}
      {plan && (
        <>
          <p>{plan.summary}. These files will be written:</p>
          <ul className="path-list">
            {plan.files.map((f) => (
              <li key={f.path}>
                <code>{f.absolutePath}</code>{' '}
                <span className="muted small">
                  ({f.action === 'create' ? 'new' : 'replaced'}, {formatBytes(f.bytesAfter)})
                </span>
              </li>
            ))}
          </ul>
          {!ready.ok && !ready.pending && <p className="callout error">{ready.reason}</p>}
          <div className="row">
            <button
              type="button"
              className="button primary large"
              disabled={!ready.ok || state.writing.status === 'loading'}
              onClick={() => void writeFiles(api)}
            >
              Write files
            </button>
            {state.writing.status === 'loading' && <Spinner label="Writing…" />}
          </div>
        </>
      )}
    </>
  );
}

function Written() {
  const api = useApi();
  const state = useWizardStore();
  const written = state.draft.written!;
  const chainName = getRegistryChain(written.chain)?.name ?? written.chain;
  const title = suggestedTitle(written.kind, written.name, chainName);
  const branch = suggestedBranch(written.kind, written.name, written.chain);
  const git = state.folder.status === 'done' && state.folder.data.root === written.root ? state.folder.data.git : null;

  if (written.undone) {
    return (
      <>
        <StepHeading number={7} title="Write">
          The files are back as they were.
        </StepHeading>
        <div className="callout ok" role="status">
          <p>
            <strong>Undone.</strong> Every file was restored to its previous content: {written.paths.map((p) => p.path).join(', ')}.
          </p>
        </div>
        <div className="row">
          <button type="button" className="button primary" onClick={reviseAfterUndo}>
            Back to review
          </button>
          <button type="button" className="button" onClick={() => void startOver(api)}>
            Start a new submission
          </button>
        </div>
      </>
    );
  }
  return (
    <>
      <StepHeading number={7} title="Write">
        Done: your registry folder now holds the new files.
      </StepHeading>
      <section className="callout ok written" aria-labelledby="written-title">
        <h3 id="written-title">Files written</h3>
        <p>{written.summary}.</p>
        <ul className="path-list">
          {written.paths.map((p) => (
            <li key={p.path}>
              <code>{p.absolutePath}</code>
            </li>
          ))}
        </ul>
        <div className="row">
          <button
            type="button"
            className="button"
            disabled={state.undoing.status === 'loading' || written.commit !== null}
            onClick={() => void undoWrite(api)}
          >
            Undo
          </button>
          <span className="muted small">
            {written.commit
              ? 'Already committed: undo the commit with git if you need to.'
              : 'Undo puts back the exact previous content of every file.'}
          </span>
        </div>
        {state.undoing.status === 'error' && <p className="callout error">{state.undoing.message}</p>}
      </section>
      {git && <GitCommitPanel git={git} written={written.paths.length} suggestedBranch={branch} suggestedTitle={title} />}
      <NextSteps branch={written.commit?.branch ?? branch} title={title} committed={written.commit !== null} />
      <div className="row">
        <button type="button" className="button" onClick={() => void startOver(api)}>
          Start a new submission
        </button>
      </div>
    </>
  );
}
