import { useApi } from '../../../app/api-context';
import { useConnectionStore } from '../state/connection-store';
import { formatDuration } from '../result/format';

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
  const { profiles, selected, status, connection, error, notice, profilesOpen, pinging } = useConnectionStore();
  const { select, connect, disconnect, ping, toggleProfiles } = useConnectionStore.getState();
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
          <button type="button" className="button primary" disabled={busy} onClick={() => void connect(api)}>
            {busy ? 'Connecting…' : 'Connect'}
          </button>
        )}
        <div className="pg-conn-state" role="status" aria-live="polite">
          {connected ? (
            <span className="status-dot ok">Connected</span>
          ) : busy ? (
            <span className="status-dot pending">Starting the bridge…</span>
          ) : (
            <span className="status-dot">Not connected</span>
          )}
        </div>
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
      {connected && (
        <dl className="pg-facts" aria-label="Connection details">
          <div>
            <dt>Server</dt>
            <dd title={connection.serverTitle}>{connection.serverName}</dd>
          </div>
          <div>
            <dt>Version</dt>
            <dd>{connection.serverVersion}</dd>
          </div>
          <div>
            <dt>Protocol</dt>
            <dd>{connection.protocolVersion}</dd>
          </div>
          <div>
            <dt>Latency</dt>
            <dd>
              <span>{formatDuration(connection.latencyMs)}</span>
              <button
                type="button"
                className="pg-link-button"
                disabled={pinging}
                onClick={() => void ping(api)}
                aria-label="Measure latency again"
              >
                {pinging ? 'pinging…' : 'ping'}
              </button>
            </dd>
          </div>
          <div>
            <dt>Connected in</dt>
            <dd>{formatDuration(connection.connectMs)}</dd>
          </div>
          <div className="pg-facts-url">
            <dt>Endpoint</dt>
            <dd title={connection.url}>{connection.url}</dd>
          </div>
        </dl>
      )}
      {error && (
        <p className="callout error pg-conn-error" role="alert">
          {error}
        </p>
      )}
      {notice && !error && <p className="callout warn">{notice}</p>}
    </section>
  );
}
