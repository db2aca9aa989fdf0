/**
 * The wizard's first choice: submit through GitHub with no clone (the default), or write into a copy of
 * the registry on this computer. In remote mode this step also shows the upstream the wizard reads, which
 * can be changed under "Advanced".
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../app/api-context';
import { plural, Spinner } from '../parts/common';
import { useWizardStore } from '../wizard-store';
import { GitHubAccount } from './GitHubSignIn';
import { remoteRegistryQuery } from './github-queries';
import { chooseSource, chooseUpstream, rereadUpstream } from './remote-actions';
import { isRepoName } from './source';
import './remote.css';

export function SourceChoice() {
  const source = useWizardStore((s) => s.draft.source);
  return (
    <fieldset className="source-choice">
      <legend className="visually-hidden">How to submit</legend>
      <label className={`choice-card ${source === 'github' ? 'selected' : ''}`}>
        <input type="radio" name="source" value="github" checked={source === 'github'} onChange={() => chooseSource('github')} />
        <span>
          <strong>No clone needed: submit through GitHub</strong>
          <span className="muted small">
            The wizard reads the registry on GitHub and, at the end, opens the pull request from your GitHub account. Nothing to install.
          </span>
        </span>
      </label>
      <label className={`choice-card ${source === 'folder' ? 'selected' : ''}`}>
        <input type="radio" name="source" value="folder" checked={source === 'folder'} onChange={() => chooseSource('folder')} />
        <span>
          <strong>Use a copy of the registry on this computer</strong>
          <span className="muted small">For people who already have a clone of the assets repository and use git.</span>
        </span>
      </label>
    </fieldset>
  );
}

/**
 * Why the registry could not be read through GitHub. Offline (or GitHub unreachable), one sentence says so
 * and offers the one path that works without a connection: a copy of the registry on this computer.
 */
export function ReadFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const offline = (error as { code?: unknown }).code === 'network';
  return (
    <div className="callout error stack-sm" role="alert">
      <p>
        {offline
          ? 'GitHub cannot be reached from this computer right now, so the registry cannot be read from there; you can work on a copy of the registry on this computer instead, or try again once you are online.'
          : error.message}
      </p>
      <div className="row">
        {offline && (
          <button type="button" className="button small primary" onClick={() => chooseSource('folder')}>
            Use a copy of the registry on this computer
          </button>
        )}
        <button type="button" className="button small" onClick={onRetry}>
          Try again
        </button>
      </div>
    </div>
  );
}

/** Remote mode's step 1 below the choice: the upstream as read, who is signed in, and the advanced upstream field. */
export function RemoteSource() {
  const api = useApi();
  const client = useQueryClient();
  const upstream = useWizardStore((s) => s.draft.upstream);
  const registry = useQuery(remoteRegistryQuery(api, upstream));
  const [field, setField] = useState(upstream);
  const valid = isRepoName(field.trim());
  return (
    <div className="stack-sm remote-source" aria-live="polite">
      {registry.isPending && <Spinner label={`Reading ${upstream} on GitHub…`} />}
      {registry.isError && <ReadFailure error={registry.error} onRetry={() => rereadUpstream(client)} />}
      {registry.isSuccess && (
        <p className="callout ok">
          Submitting to{' '}
          <a href={registry.data.url} target="_blank" rel="noreferrer">
            {registry.data.upstream}
          </a>{' '}
          on GitHub: {plural(registry.data.chains.length, 'chain')}, read at commit <code>{registry.data.commit.slice(0, 7)}</code> of{' '}
          {registry.data.defaultBranch}.
        </p>
      )}
      <GitHubAccount compact />
      <details className="advanced">
        <summary>Advanced: submit to another repository</summary>
        <div className="field">
          <label htmlFor="upstream-repo">Registry repository on GitHub</label>
          <div className="input-row">
            <input
              id="upstream-repo"
              type="text"
              className="mono"
              spellCheck={false}
              autoComplete="off"
              value={field}
              aria-describedby="upstream-repo-hint"
              aria-invalid={!valid ? true : undefined}
              onChange={(e) => setField(e.target.value)}
            />
            <button
              type="button"
              className="button"
              disabled={!valid || field.trim() === upstream}
              onClick={() => chooseUpstream(client, field.trim())}
            >
              Use this repository
            </button>
          </div>
          <p id="upstream-repo-hint" className={`hint ${valid ? '' : 'error'}`}>
            {valid
              ? 'OWNER/REPOSITORY. The public registry is trustwallet/assets.'
              : 'Write it as OWNER/REPOSITORY, for example trustwallet/assets.'}
          </p>
        </div>
      </details>
    </div>
  );
}
