import { ProfilesPanel } from '../playground/connection/ProfilesPanel';
import { useProfiles } from '../playground/state/profiles-queries';
import '../playground/playground.css';
import { GitHubSettingsPanel } from '../validators/remote/GitHubSettingsPanel';
import { BuiltInGatewayPanel } from './BuiltInGatewayPanel';

/**
 * Settings: the gateway profiles and their keychain credentials, shared by the playground, the bridge and
 * every connected assistant. The bridge's "missing credentials" errors send users here. Also the built-in
 * gateway's rate limit and the GitHub sign-in used for pull requests.
 */
export function SettingsView() {
  // Read again each time Settings opens: a profile may have changed from the CLI meanwhile.
  useProfiles({ refresh: true });
  return (
    <div className="stack">
      <p className="muted">
        A profile is a gateway URL. Its access id and secret key live only in your operating system&apos;s keychain: they are never shown
        again, written to a file, or sent to this window. Assistants connected through the bridge use the same profiles.
      </p>
      <ProfilesPanel />
      <BuiltInGatewayPanel />
      <GitHubSettingsPanel />
    </div>
  );
}
