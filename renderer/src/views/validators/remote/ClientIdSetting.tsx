/**
 * Settings' field for the OAuth app's client id, which turns on "Sign in with GitHub" in the browser (the
 * device flow). Checked as it is typed with the same rule main applies before saving; saved in the app's
 * settings file, since it names the app and is not a secret. COMPANION_GITHUB_CLIENT_ID, when set, wins;
 * the id built into a published build is used when neither is set.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { clientIdKind, clientIdProblem, normalizeClientId } from '../../../../../domain/github-client-id';
import type { GitHubClientIdState } from '../../../../../domain/ipc/github-channels';
import { useApi } from '../../../app/api-context';
import { setClientIdMutation } from './github-queries';

export function ClientIdSetting({ state }: { state: GitHubClientIdState }) {
  const api = useApi();
  const save = useMutation(setClientIdMutation(api));
  const [draft, setDraft] = useState(state.saved ?? '');
  const value = normalizeClientId(draft);
  const problem = value ? clientIdProblem(value) : undefined;
  const unchanged = value === (state.saved ?? '');
  const githubApp = !problem && clientIdKind(value) === 'github-app';
  const submit = () => {
    if (!value || problem || unchanged) return;
    save.mutate(value, { onSuccess: (saved) => setDraft(saved.saved ?? '') });
  };
  const message = problem
    ? problem
    : save.isError
      ? save.error.message
      : save.isSuccess && unchanged
        ? save.variables === null
          ? 'Cleared. Browser sign-in is off until a client id is saved again.'
          : 'Saved. “Sign in with GitHub” now uses this OAuth app.'
        : '';
  return (
    <div className="field stack-sm">
      <label htmlFor="github-client-id">OAuth app client id (for signing in through the browser)</label>
      <p className="muted small">
        “Sign in with GitHub” runs as a GitHub OAuth app with “Enable Device Flow” ticked. Paste its Client ID here (from the app’s page on
        GitHub: Settings → Developer settings → OAuth Apps). It names the app and is not a secret; it is saved in{' '}
        <code>{state.settingsFile}</code>.{' '}
        {state.source === 'built-in'
          ? 'This copy of the app already has its own OAuth app built in; an id saved here replaces it.'
          : 'Without one, sign in with a token instead.'}
      </p>
      <div className="input-row">
        <input
          id="github-client-id"
          className="mono"
          autoComplete="off"
          spellCheck={false}
          placeholder="Ov23li…"
          value={draft}
          aria-describedby="github-client-id-message"
          aria-invalid={problem ? true : undefined}
          onChange={(e) => {
            save.reset();
            setDraft(e.target.value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              submit();
            }
          }}
        />
        <button type="button" className="button" onClick={submit} disabled={!value || !!problem || unchanged || save.isPending}>
          Save
        </button>
        {state.saved !== undefined && (
          <button
            type="button"
            className="button subtle"
            onClick={() => save.mutate(null, { onSuccess: () => setDraft('') })}
            disabled={save.isPending}
          >
            Clear
          </button>
        )}
      </div>
      <p id="github-client-id-message" className={`field-message ${problem || save.isError ? 'error' : ''}`} role="status">
        {message}
      </p>
      {githubApp && (
        <p className="callout warn">
          This is a GitHub App’s client id, not an OAuth app’s. A GitHub App’s sign-in reaches only the repositories the app is installed
          on, so GitHub may refuse the fork or the pull request on the registry. An OAuth app’s client id (Ov23li…) is the one this needs.
        </p>
      )}
      {state.source === 'environment' && (
        <p className="callout warn">
          COMPANION_GITHUB_CLIENT_ID is set where the app was started, so the sign-in uses <code>{state.inUse}</code> from there, whatever
          is saved here.
        </p>
      )}
      {state.problem && (
        <p className="callout error" role="alert">
          {state.problem}
        </p>
      )}
    </div>
  );
}
