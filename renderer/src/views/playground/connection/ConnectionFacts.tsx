import type { ConnectionInfo } from '../../../../../domain/ipc/playground-channels';
import { formatDuration } from '../result/format';

export type ConnectionStatus = 'idle' | 'connecting' | 'connected';

/** The one-line state of the connection, announced politely to screen readers. */
export function ConnectionState({ status }: { status: ConnectionStatus }) {
  return (
    <div className="pg-conn-state" role="status" aria-live="polite">
      {status === 'connected' ? (
        <span className="status-dot ok">Connected</span>
      ) : status === 'connecting' ? (
        <span className="status-dot pending">Starting the bridge…</span>
      ) : (
        <span className="status-dot">Not connected</span>
      )}
    </div>
  );
}

/** The facts of a live connection, with a button that measures latency again. */
export function ConnectionFacts({ connection, pinging, onPing }: { connection: ConnectionInfo; pinging: boolean; onPing: () => void }) {
  return (
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
          <button type="button" className="pg-link-button" disabled={pinging} onClick={onPing} aria-label="Measure latency again">
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
  );
}
