import { useHealth } from './status-queries';

export type Health = { state: 'checking' } | { state: 'ok'; ms: number } | { state: 'down'; message: string };

/** Shows which host runs the app and whether its services answer (re-checked every 30 s). */
export function StatusArea({ host }: { host: 'electron' | 'browser' | undefined }) {
  const health = useHealth();
  // The latest check decides: a failed re-check shows "unreachable" even after an earlier success.
  const shown: Health = health.isError
    ? { state: 'down', message: health.error.message }
    : health.data
      ? { state: 'ok', ms: health.data.ms }
      : { state: 'checking' };
  return <StatusLine host={host} health={shown} />;
}

/** The host badge and the services' state, as given. */
export function StatusLine({ host, health }: { host: 'electron' | 'browser' | undefined; health: Health }) {
  return (
    <div className="status-area" role="status" aria-label="Status">
      {host && <span className="badge">{host === 'electron' ? 'Desktop app' : 'Browser mode'}</span>}
      {health.state === 'checking' && <span className="status-dot pending">Connecting to services…</span>}
      {health.state === 'ok' && <span className="status-dot ok">Services ready · {health.ms} ms</span>}
      {health.state === 'down' && (
        <span className="status-dot bad" title={health.message}>
          Services unreachable
        </span>
      )}
    </div>
  );
}
