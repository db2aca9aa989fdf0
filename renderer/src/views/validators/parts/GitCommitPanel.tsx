/** The optional one-click branch and commit of exactly the written files, with a suggested title. */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { GitInfo } from '../../../../../domain/ipc/registry-channels';
import { useApi } from '../../../app/api-context';
import { commitWrittenMutation } from '../wizard-mutations';
import { useWizardStore } from '../wizard-store';
import { Spinner } from './common';

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
  const committing = useMutation(commitWrittenMutation(useApi()));
  const result = useWizardStore((s) => s.draft.written);
  const commit = result?.commit ?? null;
  const [branch, setBranch] = useState(suggestedBranch);
  const [title, setTitle] = useState(suggestedTitle);

  if (commit) {
    return (
      <section className="git-panel" aria-labelledby="git-title">
        <h3 id="git-title">Committed</h3>
        <p className="callout ok">
          Commit <code>{commit.commit.slice(0, 8)}</code> “{commit.title}” is on branch <code>{commit.branch}</code>. Only the files above
          are in it.
        </p>
      </section>
    );
  }
  return (
    <section className="git-panel" aria-labelledby="git-title">
      <h3 id="git-title">Branch and commit (optional)</h3>
      <p className="muted small">
        One click puts exactly these files on a new branch, ready to push. You are on <code>{git.branch ?? 'a detached HEAD'}</code>
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
      <div className="row">
        <button
          type="button"
          className="button"
          disabled={committing.isPending || branch.trim() === '' || title.trim() === ''}
          onClick={() => result && committing.mutate({ written: result, branch: branch.trim(), title: title.trim() })}
        >
          Create branch and commit
        </button>
        {committing.isPending && <Spinner label="Committing…" />}
      </div>
      {committing.isError && (
        <p className="callout error" role="alert">
          {committing.error.message}
        </p>
      )}
    </section>
  );
}
