import { useEffect, useState } from 'react';
import { useApi } from './api-context';

type Health = { state: 'checking' } | { state: 'ok'; ms: number } | { state: 'down'; message: string };

/** Shows which host runs the app and whether its services answer, re-checked every 30 s. */
export function StatusArea({ host }: { host: 'electron' | 'browser' | undefined }) {
  const api = useApi();
  const [health, setHealth] = useState<Health>({ state: 'checking' });

  useEffect(() => {
    let alive = true;
    const check = async () => {
      const started = performance.now();
      try {
        await api.app.ping('status');
        if (alive) setHealth({ state: 'ok', ms: Math.max(1, Math.round(performance.now() - started)) });
      } catch (error) {
        if (alive) setHealth({ state: 'down', message: (error as Error).message });
      }
    };
    void check();
    const timer = setInterval(check, 30_000);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [api]);

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
