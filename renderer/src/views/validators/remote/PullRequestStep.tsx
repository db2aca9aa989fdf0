/**
 * Remote mode's last step: sign in if needed, then "Open pull request". Main forks the registry into the
 * user's account, commits exactly the reviewed files and opens the pull request; pressing again after a
 * failure resumes and never makes a second pull request. Afterwards the step is the pull request's page.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { RemotePlanView, SubmitStep } from '../../../../../domain/ipc/github-channels';
import { useApi } from '../../../app/api-context';
import { formatBytes } from '../logo-checklist';
import { Spinner, StepHeading } from '../parts/common';
import { startOver } from '../wizard-actions';
import { operationOf, stepChecks } from '../wizard-progress';
import { useWizardState } from '../wizard-queries';
import { GitHubAccount } from './GitHubSignIn';
import { githubStatusQuery } from './github-queries';
import { PullRequestPanel } from './PullRequestPanel';
import { pullRequestOpened } from './remote-actions';
import { STEP_WORDS } from './step-words';
import './remote.css';

const newSubmissionId = () => `sub-${crypto.randomUUID()}`;

export function PullRequestStep() {
  const api = useApi();
  const client = useQueryClient();
  const state = useWizardState();
  const status = useQuery(githubStatusQuery(api));
  const [submissionId, setSubmissionId] = useState(newSubmissionId);
  const [progress, setProgress] = useState<SubmitStep>();
  useEffect(() => api.on('github:progress', (e) => e.submissionId === submissionId && setProgress(e.step)), [api, submissionId]);
  const open = useMutation({
    mutationFn: (plan: RemotePlanView) =>
      api.github.openPullRequest({ upstream: state.draft.upstream, operation: operationOf(state), planId: plan.planId, submissionId }),
    onSuccess: (result, plan) =>
      pullRequestOpened({
        upstream: result.upstream,
        number: result.number,
        url: result.url,
        branch: result.branch,
        title: plan.title,
        reused: result.reusedPullRequest,
        notes: [...(result.replanned?.changes ?? []), ...result.notes],
      }),
    onSettled: () => {
      setProgress(undefined);
      setSubmissionId(newSubmissionId());
    },
  });

  const pr = state.draft.pullRequest;
  if (pr)
    return (
      <>
        <StepHeading number={7} title="Open pull request">
          Your pull request is open on GitHub. This page follows it: the checks, the comments and whether it is merged.
        </StepHeading>
        <PullRequestPanel pr={pr} />
        <NextAfterOpening />
        <div className="row">
          <button type="button" className="button" onClick={() => void startOver(api, client)}>
            Start another submission
          </button>
        </div>
      </>
    );

  const plan = state.plan.status === 'done' ? (state.plan.data as RemotePlanView) : null;
  const ready = stepChecks(state).review;
  const signedIn = status.data?.signedIn === true;
  return (
    <>
      <StepHeading number={7} title="Open pull request">
        The app opens the pull request from your GitHub account: it makes your own copy (fork) of the registry, saves exactly the files you
        reviewed on a new branch, and asks the registry to take them. Nothing is changed in the registry itself until its maintainers merge.
      </StepHeading>
      {!plan && state.plan.status !== 'error' && <Spinner label="Preparing the changes…" />}
      {state.plan.status === 'error' && <p className="callout error">{state.plan.message}</p>}
      {plan && (
        <div className="stack-sm">
          <p>
            Title: <strong>{plan.title}</strong>
          </p>
          <ul className="path-list">
            {plan.files.map((f) => (
              <li key={f.path}>
                <code>{f.path}</code>{' '}
                <span className="muted small">
                  ({f.action === 'create' ? 'new' : 'changed'}, {formatBytes(f.bytesAfter)})
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <GitHubAccount />
      {!ready.ok && !ready.pending && <p className="callout error">{ready.reason}</p>}
      {open.isError && (
        <div className="callout error" role="alert">
          <p>
            <strong>The pull request is not open yet.</strong> {open.error.message}
          </p>
          <p>Pressing the button again is safe: it continues where this stopped and never opens a second pull request.</p>
        </div>
      )}
      {open.isPending && <Spinner label={progress ? STEP_WORDS[progress] : 'Starting…'} />}
      <div className="row">
        <button
          type="button"
          className="button primary large"
          disabled={!plan || !ready.ok || !signedIn || open.isPending}
          onClick={() => plan && open.mutate(plan)}
        >
          {open.isError ? 'Try again' : 'Open pull request'}
        </button>
        {!signedIn && status.isSuccess && <span className="muted small">Sign in to GitHub above first.</span>}
      </div>
    </>
  );
}

export function NextAfterOpening() {
  return (
    <section className="next-steps" aria-labelledby="next-steps-title">
      <h3 id="next-steps-title">What happens next</h3>
      <ol className="steps-list">
        <li>
          <strong>Pay the processing fee as the registry’s bot says.</strong> The account merge-fee-bot[bot] comments on your pull request
          with the fee and where to pay it; the fee panel above shows what it asks, read from that account’s comments only. Pay from your
          own wallet: this app never pays. Ignore anyone else who asks for money.
        </li>
        <li>
          <strong>Wait for review.</strong> Reviewers check the entry and the logo; they may ask for changes in the comments.
        </li>
      </ol>
      <div className="callout warn fee-warning" role="note" aria-label="Before you pay">
        <ul>
          <li>Unpaid pull requests are closed automatically after 48 hours. Never pay for a pull request that is already closed.</li>
          <li>There are no refunds, also not for entries that are not merged.</li>
        </ul>
      </div>
    </section>
  );
}
