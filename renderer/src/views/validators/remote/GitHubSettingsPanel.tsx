/**
 * Settings' GitHub panel: who is signed in for pull requests, sign in or out, the OAuth app that browser
 * sign-in runs as, and where the app talks to.
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
        Used by “Submit a validator” to open your pull request without a copy of the registry. The sign-in lives in your operating system’s
        keychain.
      </p>
      <GitHubAccount />
      {status.data && <ClientIdSetting state={status.data.clientId} />}
      {status.data && (
        <p className="muted small">
          GitHub at <code>{status.data.apiUrl}</code>. Pull requests go to <code>{status.data.defaultUpstream}</code> unless another
          repository is chosen in the wizard’s first step (Advanced).
        </p>
      )}
    </section>
  );
}
