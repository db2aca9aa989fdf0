/**
 * Signing in to GitHub inside the wizard: in the browser with a short code (the device flow, when the app
 * has an OAuth app: built into a published build, or set by a developer), or by pasting a classic token
 * made on GitHub's page with the right box already ticked, which comes first when there is no OAuth app.
 * The token goes to main once and is kept in the system keychain (or, where none can be reached, in main's
 * memory for the session, which the view says); this view forgets it.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { GitHubStatus } from '../../../../../domain/ipc/github-channels';
import { useApi } from '../../../app/api-context';
import { Spinner } from '../parts/common';
import { CopyButton } from './CopyButton';
import {
  cancelDeviceFlowMutation,
  deviceFlowQuery,
  githubStatusQuery,
  signOutMutation,
  startDeviceFlowMutation,
  tokenSignInMutation,
} from './github-queries';
import { openLink } from './open-link';

/** "Signed in as @login" with a sign-out button, or the ways to sign in. */
export function GitHubAccount({ compact = false }: { compact?: boolean }) {
  const api = useApi();
  const status = useQuery(githubStatusQuery(api));
  const signOut = useMutation(signOutMutation(api));
  if (status.isPending) return <Spinner label="Checking your GitHub sign-in…" />;
  if (status.isError) return <p className="callout error">{status.error.message}</p>;
  const s = status.data;
  if (s.signedIn)
    return (
      <div className="github-account row">
        <span className="badge ok">Signed in to GitHub as @{s.login}</span>
        {s.source === 'environment' ? (
          <span className="muted small">(from COMPANION_GITHUB_TOKEN)</span>
        ) : (
          <>
            {s.source === 'session' && <span className="muted small">(for this session only)</span>}
            <button type="button" className="button small subtle" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
              Sign out
            </button>
          </>
        )}
        {s.source === 'session' && s.sessionOnly && !compact && <p className="muted small session-only">{s.sessionOnly}</p>}
      </div>
    );
  return compact ? (
    <p className="muted small">You sign in to GitHub at the last step, before the pull request is opened.</p>
  ) : (
    <SignIn status={s} />
  );
}

function SignIn({ status }: { status: GitHubStatus }) {
  return (
    <section className="github-sign-in stack-sm" aria-labelledby="github-sign-in-title">
      <h3 id="github-sign-in-title">Sign in to GitHub</h3>
      <p className="muted">
        The pull request is opened from your own GitHub account, so GitHub needs to know it is you.{' '}
        {status.sessionOnly ? '' : 'The app keeps the sign-in in this computer’s keychain, never in a file.'}
      </p>
      {status.sessionOnly && (
        <p className="callout warn session-only" role="note">
          {status.sessionOnly}
        </p>
      )}
      {status.problem && (
        <p className="callout warn" role="alert">
          {status.problem}
        </p>
      )}
      {status.deviceFlow ? (
        <>
          <DeviceSignIn status={status} />
          <TokenSignIn status={status} />
        </>
      ) : (
        <>
          <TokenSignIn status={status} />
          {status.clientId.problem && (
            <p className="callout warn" role="alert">
              Signing in through the browser is off: {status.clientId.problem}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** Where a developer's OAuth app client id comes from, in words (a published build's own is not worth a line). */
function clientIdOrigin(status: GitHubStatus): string | undefined {
  if (status.clientId.source === 'environment') return 'COMPANION_GITHUB_CLIENT_ID (set where the app was started)';
  if (status.clientId.source === 'settings') return 'Settings';
  return undefined;
}

function DeviceSignIn({ status }: { status: GitHubStatus }) {
  const api = useApi();
  const start = useMutation(startDeviceFlowMutation(api));
  const cancel = useMutation(cancelDeviceFlowMutation(api));
  const flow = start.data;
  const state = useQuery({ ...deviceFlowQuery(api, flow?.flowId ?? ''), enabled: flow !== undefined && !cancel.isSuccess });
  const [openError, setOpenError] = useState<string>();
  const open = (url: string) => {
    setOpenError(undefined);
    try {
      openLink(url);
    } catch (e) {
      setOpenError(e instanceof Error ? e.message : String(e));
    }
  };
  const cancelled = cancel.isSuccess && cancel.variables === flow?.flowId;
  const failed = cancelled ? undefined : state.data?.state === 'failed' ? state.data.message : undefined;
  const begin = () => {
    cancel.reset();
    start.mutate();
  };
  return (
    <div className="sign-in-option stack-sm">
      <h4>In your browser (recommended)</h4>
      {clientIdOrigin(status) && (
        <p className="muted small">
          Uses the OAuth app <code>{status.clientId.inUse}</code> from {clientIdOrigin(status)}.
        </p>
      )}
      {!flow || failed || cancelled ? (
        <>
          {failed && <p className="callout error">{failed}</p>}
          {cancelled && <p className="muted">Sign-in cancelled; nothing was stored.</p>}
          {start.isError && <p className="callout error">{start.error.message}</p>}
          <button type="button" className="button primary" onClick={begin} disabled={start.isPending}>
            {start.isPending ? 'Asking GitHub for a code…' : 'Sign in with GitHub'}
          </button>
        </>
      ) : (
        <div className="device-code stack-sm">
          <p>
            1. Copy this code:{' '}
            <code className="user-code" aria-label="Your sign-in code">
              {flow.userCode}
            </code>{' '}
            <CopyButton text={flow.userCode} label="Copy the sign-in code" />
          </p>
          <p>
            2. Open{' '}
            <a href={flow.verificationUri} target="_blank" rel="noreferrer">
              {flow.verificationUri}
            </a>
            , enter the code and press “Authorize”.{' '}
            {flow.verificationUri.startsWith('https://') && (
              <button type="button" className="button small" onClick={() => open(flow.verificationUri)}>
                Open GitHub’s page
              </button>
            )}
          </p>
          {openError && <p className="field-message error">{openError}</p>}
          <Spinner
            label={`Waiting for you to enter the code on GitHub (it works for ${Math.round(flow.expiresInSeconds / 60)} minutes)…`}
          />
          <p>
            <button type="button" className="button small subtle" onClick={() => cancel.mutate(flow.flowId)} disabled={cancel.isPending}>
              Cancel
            </button>
          </p>
          {cancel.isError && <p className="field-message error">{cancel.error.message}</p>}
        </div>
      )}
    </div>
  );
}

function TokenSignIn({ status }: { status: GitHubStatus }) {
  const api = useApi();
  const signIn = useMutation(tokenSignInMutation(api));
  const [token, setToken] = useState('');
  const fineGrained = token.trim().startsWith('github_pat_');
  const submit = () => {
    if (!token.trim() || fineGrained) return;
    signIn.mutate(token, { onSettled: () => setToken('') });
  };
  return (
    <div className="sign-in-option stack-sm">
      <h4>{status.deviceFlow ? 'Or paste a token' : 'With a token from GitHub'}</h4>
      <ol className="steps-list">
        <li>
          Open GitHub’s{' '}
          <a href={status.tokenUrl} target="_blank" rel="noreferrer">
            new token page
          </a>{' '}
          (the one box needed, <strong>public_repo</strong>, is already ticked). Choose an expiry, then press “Generate token”.
        </li>
        <li>Copy the token (it starts with ghp_) and paste it here.</li>
      </ol>
      <div className="field">
        <label htmlFor="github-token">GitHub token</label>
        <div className="input-row">
          <input
            id="github-token"
            type="password"
            className="mono"
            autoComplete="off"
            spellCheck={false}
            value={token}
            aria-describedby="github-token-message"
            aria-invalid={fineGrained ? true : undefined}
            onChange={(e) => setToken(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                submit();
              }
            }}
          />
          <button type="button" className="button" onClick={submit} disabled={!token.trim() || fineGrained || signIn.isPending}>
            {signIn.isPending ? 'Checking with GitHub…' : 'Sign in'}
          </button>
        </div>
        <p id="github-token-message" className={`field-message ${fineGrained || signIn.isError ? 'error' : ''}`} role="status">
          {fineGrained
            ? 'This is a fine-grained token (it starts with github_pat_). GitHub does not let those open a pull request on the registry, because you are not a member of it. Make a classic token on the page linked above instead.'
            : signIn.isError
              ? signIn.error.message
              : ''}
        </p>
      </div>
    </div>
  );
}
