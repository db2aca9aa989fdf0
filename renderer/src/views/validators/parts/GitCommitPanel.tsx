/**
 * After a write to a clone: one button commits exactly the written files on a branch, pushes it to the
 * user's fork and opens the pull request (signed in to GitHub first). "Create branch and commit" alone
 * stays for people who push with their own git tool. A failed push leaves the folder as it was, and
 * pressing again resumes without a second commit or pull request.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SubmitStep } from '../../../../../domain/ipc/github-channels';
import type { GitInfo } from '../../../../../domain/ipc/registry-channels';
import { useApi } from '../../../app/api-context';
import { GitHubAccount } from '../remote/GitHubSignIn';
import { githubStatusQuery } from '../remote/github-queries';
import { STEP_WORDS } from '../remote/step-words';
import { commitWrittenMutation, pushWrittenMutation } from '../wizard-mutations';
import { useWizardStore } from '../wizard-store';
import { Spinner } from './common';

const newSubmissionId = () => `push-${crypto.randomUUID()}`;

/** `written`: how many of the uncommitted changes are the wizard's own files. */
export function GitCommitPanel({
  git,
  written,
  suggestedBranch,
  suggestedTitle,
}: {
  git: GitInfo;
  written: number;
  suggestedBranch: string;
  suggestedTitle: string;
}) {
  const api = useApi();
  const committing = useMutation(commitWrittenMutation(api));
  const status = useQuery(githubStatusQuery(api));
  const result = useWizardStore((s) => s.draft.written);
  const upstream = useWizardStore((s) => s.draft.upstream);
  const commit = result?.commit ?? null;
  const [branch, setBranch] = useState(suggestedBranch);
  const [title, setTitle] = useState(suggestedTitle);
  const [submissionId, setSubmissionId] = useState(newSubmissionId);
  const [progress, setProgress] = useState<SubmitStep>();
  useEffect(() => api.on('github:progress', (e) => e.submissionId === submissionId && setProgress(e.step)), [api, submissionId]);
  const pushing = useMutation({
    ...pushWrittenMutation(api),
    onSettled: () => {
      setProgress(undefined);
      setSubmissionId(newSubmissionId());
    },
  });
  const signedIn = status.data?.signedIn === true;
  const busy = committing.isPending || pushing.isPending;
  const branchToUse = commit?.branch ?? branch.trim();

  const push = () =>
    result && pushing.mutate({ written: result, branch: branchToUse, title: commit?.title ?? title.trim(), upstream, submissionId });

  return (
    <section className="git-panel" aria-labelledby="git-title">
      <h3 id="git-title">Pull request</h3>
      {commit ? (
        <p className="callout ok">
          Commit <code>{commit.commit.slice(0, 8)}</code> “{commit.title}” is on branch <code>{commit.branch}</code>. Only the files above
          are in it.
        </p>
      ) : (
        <>
          <p className="muted small">
            One click puts exactly these files on a new branch, sends it to your copy (fork) of the registry on GitHub and opens the pull
            request. You are on <code>{git.branch ?? 'a detached HEAD'}</code>
            {git.changes > written
              ? `; your ${git.changes - written} other uncommitted change${git.changes - written === 1 ? '' : 's'} stay${git.changes - written === 1 ? 's' : ''} as ${git.changes - written === 1 ? 'it is' : 'they are'}, uncommitted.`
              : '.'}
          </p>
          <div className="form-grid two">
            <div className="field">
              <label htmlFor="git-branch">Branch name</label>
              <input
                id="git-branch"
                type="text"
                className="mono"
                value={branch}
                spellCheck={false}
                onChange={(e) => setBranch(e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="git-title-input">Commit title</label>
              <input id="git-title-input" type="text" value={title} onChange={(e) => setTitle(e.target.value)} />
            </div>
          </div>
        </>
      )}
      <GitHubAccount />
      {pushing.isError && (
        <div className="callout error" role="alert">
          <p>
            <strong>The pull request is not open yet.</strong> {pushing.error.message}
          </p>
          <p>Pressing the button again is safe: it reuses what already reached GitHub and never opens a second pull request.</p>
        </div>
      )}
      {pushing.isPending && <Spinner label={progress ? STEP_WORDS[progress] : 'Starting…'} />}
      <div className="row">
        <button
          type="button"
          className="button primary"
          disabled={busy || !signedIn || branchToUse === '' || (!commit && title.trim() === '')}
          onClick={push}
        >
          {pushing.isError ? 'Try again' : 'Push and open pull request'}
        </button>
        {!commit && (
          <button
            type="button"
            className="button"
            disabled={busy || branch.trim() === '' || title.trim() === ''}
            onClick={() => result && committing.mutate({ written: result, branch: branch.trim(), title: title.trim() })}
          >
            Create branch and commit
          </button>
        )}
        {committing.isPending && <Spinner label="Committing…" />}
        {!signedIn && status.isSuccess && <span className="muted small">Sign in to GitHub above to push and open the pull request.</span>}
      </div>
      {committing.isError && (
        <p className="callout error" role="alert">
          {committing.error.message}
        </p>
      )}
    </section>
  );
}
