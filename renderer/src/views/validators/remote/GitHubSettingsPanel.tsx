/**
 * Settings' GitHub panel: who is signed in for pull requests, sign in or out, and where the app talks to.
 * The OAuth app that browser sign-in runs as is a developer's setting (a published build has its own), so
 * its field sits folded under "For developers".
 */
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../app/api-context';
import { ClientIdSetting } from './ClientIdSetting';
import { GitHubAccount } from './GitHubSignIn';
import { githubStatusQuery } from './github-queries';
import './remote.css';

export function GitHubSettingsPanel() {
  const api = useApi();
  const status = useQuery(githubStatusQuery(api));
  return (
    <section className="panel stack-sm" aria-labelledby="github-settings-title">
      <h2 id="github-settings-title">GitHub</h2>
      <p className="muted">
        Used by “Submit a validator” to open your pull request without a copy of the registry.{' '}
        {status.data?.sessionOnly ? '' : 'The sign-in lives in your operating system’s keychain.'}
      </p>
      <GitHubAccount />
      {status.data && (
        <details
          className="advanced"
          open={
            status.data.clientId.source === 'settings' || status.data.clientId.source === 'environment' || !!status.data.clientId.problem
          }
        >
          <summary>For developers: sign in through your own OAuth app</summary>
          <ClientIdSetting state={status.data.clientId} />
        </details>
      )}
      {status.data && (
        <p className="muted small">
          GitHub at <code>{status.data.apiUrl}</code>. Pull requests go to <code>{status.data.defaultUpstream}</code> unless another
          repository is chosen in the wizard’s first step (Advanced).
        </p>
      )}
    </section>
  );
}
