import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../app/api-context';
import { useConnectionStore } from '../state/connection-store';
import {
  connectMutation,
  disconnectMutation,
  dismissConnectionError,
  pingMutation,
  useConnecting,
  useConnectionError,
} from '../state/playground-mutations';
import { useConnection, useConnectionNotice } from '../state/playground-queries';
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
  const connection = useConnection();
  const error = useConnectionError();
  const notice = useConnectionNotice();
  const profilesOpen = useConnectionStore((s) => s.profilesOpen);
  const { select, toggleProfiles } = useConnectionStore.getState();
  const client = useQueryClient();
  const connect = useMutation(connectMutation(api));
  const disconnect = useMutation(disconnectMutation(api));
  const ping = useMutation(pingMutation(api));
  const busy = useConnecting();
  const selected = connection?.profile ?? profileInEffect(chosen, profiles);
  const connected = connection;

  return (
    <section className="panel pg-connection" aria-label="Connection">
      <div className="pg-conn-row">
        <div className="field pg-profile-pick">
          <label htmlFor="pg-profile">Profile</label>
          <select
            id="pg-profile"
            value={selected}
            disabled={busy || Boolean(connected)}
            onChange={(e) => {
              dismissConnectionError(client);
              select(e.target.value);
            }}
          >
            {profiles.length === 0 && <option value="default">default — reference gateway (built-in)</option>}
            {profiles.map((p) => (
              <option key={p.name} value={p.name}>
                {profileLabel(p)}
              </option>
            ))}
          </select>
        </div>
        {connected ? (
          <button type="button" className="button" onClick={() => disconnect.mutate()}>
            Disconnect
          </button>
        ) : (
          <button type="button" className="button primary" disabled={busy} onClick={() => connect.mutate(selected)}>
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
      {connected && <ConnectionFacts connection={connection} pinging={ping.isPending} onPing={() => ping.mutate()} />}
      {error && (
        <p className="callout error pg-conn-error" role="alert">
          {error}
        </p>
      )}
      {notice && !error && <p className="callout warn">{notice}</p>}
    </section>
  );
}
