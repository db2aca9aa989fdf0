import { useApi } from '../../../app/api-context';
import { useConnectionStore } from '../state/connection-store';
import { profileInEffect, useProfiles } from '../state/profiles-queries';
import { ConnectionFacts, ConnectionState } from './ConnectionFacts';

function profileLabel(p: { name: string; kind: string; url: string }): string {
  if (p.kind === 'embedded') return `${p.name} — reference gateway (built-in)`;
  try {
    return `${p.name} — ${new URL(p.url).host}`;
  } catch {
    return p.name;
  }
}

/** Profile choice, connect/disconnect, and the facts of the live connection. */
export function ConnectionBar() {
  const api = useApi();
  const profiles = useProfiles().data ?? [];
  const chosen = useConnectionStore((s) => s.selected);
  const status = useConnectionStore((s) => s.status);
  const connection = useConnectionStore((s) => s.connection);
  const error = useConnectionStore((s) => s.error);
  const notice = useConnectionStore((s) => s.notice);
  const profilesOpen = useConnectionStore((s) => s.profilesOpen);
  const pinging = useConnectionStore((s) => s.pinging);
  const { select, connect, disconnect, ping, toggleProfiles } = useConnectionStore.getState();
  const selected = connection?.profile ?? profileInEffect(chosen, profiles);
  const connected = status === 'connected' && connection;
  const busy = status === 'connecting';

  return (
    <section className="panel pg-connection" aria-label="Connection">
      <div className="pg-conn-row">
        <div className="field pg-profile-pick">
          <label htmlFor="pg-profile">Profile</label>
          <select id="pg-profile" value={selected} disabled={busy || Boolean(connected)} onChange={(e) => select(e.target.value)}>
            {profiles.length === 0 && <option value="default">default — reference gateway (built-in)</option>}
            {profiles.map((p) => (
              <option key={p.name} value={p.name}>
                {profileLabel(p)}
              </option>
            ))}
          </select>
        </div>
        {connected ? (
          <button type="button" className="button" onClick={() => void disconnect(api)}>
            Disconnect
          </button>
        ) : (
          <button type="button" className="button primary" disabled={busy} onClick={() => void connect(api, selected)}>
            {busy ? 'Connecting…' : 'Connect'}
          </button>
        )}
        <ConnectionState status={connected ? 'connected' : busy ? 'connecting' : 'idle'} />
        <button
          type="button"
          className="button subtle pg-profiles-toggle"
          aria-expanded={profilesOpen}
          aria-controls="pg-profiles"
          onClick={() => toggleProfiles()}
        >
          Profiles &amp; credentials
        </button>
      </div>
      {connected && <ConnectionFacts connection={connection} pinging={pinging} onPing={() => void ping(api)} />}
      {error && (
        <p className="callout error pg-conn-error" role="alert">
          {error}
        </p>
      )}
      {notice && !error && <p className="callout warn">{notice}</p>}
    </section>
  );
}
