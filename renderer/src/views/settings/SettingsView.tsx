import { useEffect } from 'react';
import { useApi } from '../../app/api-context';
import { ProfilesPanel } from '../playground/connection/ProfilesPanel';
import { useConnectionStore } from '../playground/state/connection-store';
import '../playground/playground.css';
import { GitHubSettingsPanel } from '../validators/remote/GitHubSettingsPanel';

/**
 * Settings: the gateway profiles and their keychain credentials, shared by the playground, the bridge and
 * every connected assistant. The bridge's "missing credentials" errors send users here. Also the GitHub sign-in used for pull requests.
 */
export function SettingsView() {
  const api = useApi();
  useEffect(() => {
    void useConnectionStore.getState().loadProfiles(api);
  }, [api]);
  return (
    <div className="stack">
      <p className="muted">
        A profile is a gateway URL. Its access id and secret key live only in your operating system&apos;s keychain: they are never shown
        again, written to a file, or sent to this window. Assistants connected through the bridge use the same profiles.
      </p>
      <ProfilesPanel />
      <GitHubSettingsPanel />
    </div>
  );
}
