import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getRegistryChain } from '../../../../../domain/index';
import { useApi } from '../../../app/api-context';
import { formatBytes } from '../logo-checklist';
import { GitCommitPanel } from '../parts/GitCommitPanel';
import { NextSteps } from '../parts/NextSteps';
import { PullRequestPanel } from '../remote/PullRequestPanel';
import { NextAfterOpening } from '../remote/PullRequestStep';
import { Spinner, StepHeading } from '../parts/common';
import { suggestedBranch, suggestedTitle } from '../pull-request';
import { continueOnGitHub, reviseAfterUndo, startNew, type Keep } from '../wizard-actions';
import { undoWriteMutation, writeFilesMutation, writeRequest } from '../wizard-mutations';
import { stepChecks } from '../wizard-progress';
import { remotesQuery, useFolder, useWizardState } from '../wizard-queries';
import { useWizardStore } from '../wizard-store';

export function WriteStep() {
  const api = useApi();
  const state = useWizardState();
  const writing = useMutation(writeFilesMutation(api));
  if (state.draft.written) return <Written />;

  const plan = state.plan.status === 'done' ? state.plan.data : null;
  const ready = stepChecks(state).review;
  return (
    <>
      <StepHeading number={7} title="Write">
        The wizard writes the files into your registry folder in one safe step: either every file is written, or none is. You can undo it
        afterwards.
      </StepHeading>
      {writing.isError && (
        <div className="callout error" role="alert">
          <p>
            <strong>Nothing was written.</strong> {writing.error.message}
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
              disabled={!ready.ok || writing.isPending}
              onClick={() => writing.mutate(writeRequest(state, plan.planId))}
            >
              Write files
            </button>
            {writing.isPending && <Spinner label="Writing…" />}
          </div>
        </>
      )}
    </>
  );
}

function Written() {
  const api = useApi();
  const client = useQueryClient();
  const written = useWizardStore((s) => s.draft.written)!;
  const pr = useWizardStore((s) => s.draft.pullRequest);
  const folder = useFolder();
  const undoing = useMutation(undoWriteMutation(api));
  const chainName = getRegistryChain(written.chain)?.name ?? written.chain;
  const title = suggestedTitle(written.kind, written.name, chainName);
  const branch = suggestedBranch(written.kind, written.name, written.chain);
  const git = folder.status === 'done' && folder.data.root === written.root ? folder.data.git : null;
  const upstream = useWizardStore((s) => s.draft.upstream);
  const remotes = useQuery({ ...remotesQuery(api, written.root, upstream), enabled: git !== null && !written.undone });

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
        </div>
        <NewSubmission onStart={(keep) => void startNew(api, client, keep)} />
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
            disabled={undoing.isPending || written.commit !== null}
            onClick={() => undoing.mutate(written)}
          >
            Undo
          </button>
          <span className="muted small">
            {written.commit
              ? 'Already committed: undo the commit with git if you need to.'
              : 'Undo puts back the exact previous content of every file.'}
          </span>
        </div>
        {undoing.isError && <p className="callout error">{undoing.error.message}</p>}
      </section>
      {pr ? (
        <>
          <PullRequestPanel pr={pr} />
          <NextAfterOpening />
        </>
      ) : (
        <>
          {git && <GitCommitPanel git={git} written={written.paths.length} suggestedBranch={branch} suggestedTitle={title} />}
          <NextSteps
            branch={written.commit?.branch ?? branch}
            title={title}
            committed={written.commit !== null}
            pushHere={git !== null}
            remotes={remotes.data}
          />
          <div className="row">
            <button type="button" className={`button ${git ? '' : 'primary'}`} onClick={continueOnGitHub}>
              Open the pull request through GitHub
            </button>
            <span className="muted small">
              Takes this submission to “No clone needed”, ready for review: the app opens the pull request from your GitHub account.
            </span>
          </div>
        </>
      )}
      <NewSubmission onStart={(keep) => void startNew(api, client, keep)} />
    </>
  );
}

/** "Start a new submission" asks what to keep instead of clearing everything at once. */
function NewSubmission({ onStart }: { onStart: (keep: Keep) => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <div className="row">
        <button type="button" className="button" onClick={() => setAsking(true)}>
          Start a new submission
        </button>
      </div>
    );
  return (
    <div className="confirm-inline new-submission" role="group" aria-labelledby="new-submission-text">
      <span id="new-submission-text">
        What should the new submission keep? The chain and details come with the logo; only the validator ID is new. Files already written
        stay on disk.
      </span>
      <button type="button" className="button small primary" onClick={() => onStart('chain-and-details')} autoFocus>
        Keep the chain and details
      </button>
      <button type="button" className="button small" onClick={() => onStart('nothing')}>
        Keep nothing
      </button>
      <button type="button" className="button small subtle" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </div>
  );
}
