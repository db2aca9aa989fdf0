/**
 * Signing in to GitHub inside the wizard: in the browser with a short code (the device flow, when the app
 * has an OAuth app configured), or by pasting a classic token made on GitHub's page with the right box
 * already ticked. The token goes to main once and is kept in the system keychain; this view forgets it.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { GitHubStatus } from '../../../../../domain/ipc/github-channels';
import { useApi } from '../../../app/api-context';
import { useNavStore } from '../../../app/nav-store';
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
          <button type="button" className="button small subtle" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Sign out
          </button>
        )}
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
        The pull request is opened from your own GitHub account, so GitHub needs to know it is you. The app keeps the sign-in in this
        computer’s keychain, never in a file.
      </p>
      {status.problem && (
        <p className="callout warn" role="alert">
          {status.problem}
        </p>
      )}
      {status.deviceFlow ? <DeviceSignIn status={status} /> : <NoBrowserSignIn status={status} />}
      <TokenSignIn status={status} />
    </section>
  );
}

/** Where the OAuth app's client id comes from, in words. */
function clientIdOrigin(status: GitHubStatus): string {
  return status.clientId.source === 'environment' ? 'COMPANION_GITHUB_CLIENT_ID (set where the app was started)' : 'Settings';
}

/** No OAuth app is configured: what to do about it, in plain words. */
function NoBrowserSignIn({ status }: { status: GitHubStatus }) {
  const section = useNavStore((s) => s.section);
  const go = useNavStore((s) => s.go);
  return (
    <div className="sign-in-option stack-sm">
      <h4>In your browser</h4>
      {status.clientId.problem ? (
        <p className="callout warn" role="alert">
          {section === 'settings' ? 'The client id set for it cannot be used (see below).' : status.clientId.problem} Until it is fixed,
          sign in with a token.
        </p>
      ) : (
        <p className="muted">
          Signing in through your browser needs the client id of a GitHub OAuth app, and none is set yet. If someone set one up for you (or
          you create one on GitHub with “Enable Device Flow” ticked), enter its client id in Settings, under GitHub. Until then, sign in
          with a token: the link below opens GitHub’s page with the one box needed already ticked.
        </p>
      )}
      {section !== 'settings' && (
        <p>
          <button type="button" className="button small" onClick={() => go('settings')}>
            Open Settings
          </button>
        </p>
      )}
    </div>
  );
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
      <p className="muted small">
        Uses the OAuth app <code>{status.clientId.inUse}</code> from {clientIdOrigin(status)}.
      </p>
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
