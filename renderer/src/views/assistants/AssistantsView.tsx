/**
 * "Assistants": connect Claude, Cursor, VS Code and the other MCP clients to the gateway in one click,
 * test the connection as the assistant would make it, and watch the tool calls they make.
 */
import { useId } from 'react';
import { ActivityPanel } from './ActivityPanel';
import { useActivity, useFollowActivity, useOverview, useSelectedProfile } from './assistants-queries';
import { chooseProfile } from './assistants-ui-store';
import { ClientCard } from './ClientCard';
import './assistants.css';

export function AssistantsView() {
  // Opening the view reads the clients and the log again; live tool calls arrive as events meanwhile.
  useFollowActivity();
  useOverview({ refresh: true });
  useActivity({ refresh: true });
  return (
    <div className="stack assistants-view">
      <ConnectPanel />
      <ClientsPanel />
      <ActivityPanel />
    </div>
  );
}

function ConnectPanel() {
  const overview = useOverview().data;
  const profile = useSelectedProfile();
  const profileId = useId();
  const configured = overview?.clients.filter((c) => c.state === 'configured').length ?? 0;
  const connected = overview?.clients.filter((c) => c.state === 'configured' && c.handshake).length ?? 0;
  const launcher = overview?.launcher;
  return (
    <section className="panel hero assistants-hero" aria-labelledby="assistants-title">
      <div className="assistants-hero-text">
        <h2 id="assistants-title">Connect your assistants</h2>
        <p>
          Install adds one server, <code>gateway-companion</code>, to the assistant’s own config file. It starts Gateway Companion’s bridge,
          which reads your credentials from the OS keychain: nothing secret is written, and everything else in the file stays exactly as it
          was.
        </p>
        <p className="muted small">
          Every change is written atomically, and the previous file is kept as a timestamped backup
          {overview ? (
            <>
              {' '}
              in <code>{overview.backupsDir}</code>
            </>
          ) : null}
          .
        </p>
      </div>
      <div className="assistants-hero-side">
        <div className="field">
          <label htmlFor={profileId}>Profile</label>
          <select
            id={profileId}
            value={profile}
            onChange={(e) => chooseProfile(e.target.value)}
            disabled={!overview}
            aria-describedby={`${profileId}-hint`}
          >
            {(overview?.profiles ?? [profile]).map((p) => (
              <option key={p} value={p}>
                {p === 'default' ? 'default (reference gateway)' : p}
              </option>
            ))}
          </select>
          <span className="hint" id={`${profileId}-hint`}>
            The gateway and keychain credentials the bridge uses.
          </span>
        </div>
        {overview && (
          <p className="connected-count" aria-live="polite">
            <strong>{configured}</strong> of {overview.clients.length} assistants set up · <strong>{connected}</strong> connected (tested)
          </p>
        )}
      </div>
      {launcher && 'error' in launcher && (
        <p className="callout error assistants-hero-wide" role="alert">
          Install is not available: {launcher.error}
        </p>
      )}
    </section>
  );
}

function ClientsPanel() {
  const { data: overview, isFetching: loading, error, refetch } = useOverview();
  const loadError = error?.message;
  const found = overview?.clients.filter((c) => c.state !== 'not-installed') ?? [];
  const missing = overview?.clients.filter((c) => c.state === 'not-installed') ?? [];
  return (
    <section className="panel" aria-labelledby="clients-title">
      <div className="panel-head">
        <div>
          <h2 id="clients-title">Assistants</h2>
          <p className="muted small">Found by their config files and app folders on this computer.</p>
        </div>
        <button type="button" className="button" onClick={() => void refetch()} disabled={loading}>
          {loading ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {loadError && (
        <p className="callout error" role="alert">
          Could not read the assistants’ configs: {loadError}
        </p>
      )}
      {!overview && !loadError && <p className="muted">Looking for assistants…</p>}
      {overview && (
        <>
          {found.length > 0 ? (
            <ul className="client-list" aria-label="Assistants on this computer">
              {found.map((c) => (
                <li key={c.id}>
                  <ClientCard client={c} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="callout">
              No supported assistant was found on this computer. You can still install for one below; it will pick the entry up once it is
              installed.
            </p>
          )}
          {missing.length > 0 && (
            <>
              <h3 className="group-title">Not found on this computer</h3>
              <ul className="client-list compact" aria-label="Assistants not found on this computer">
                {missing.map((c) => (
                  <li key={c.id}>
                    <ClientCard client={c} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
