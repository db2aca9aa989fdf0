import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { TrafficEntry } from '../../../../../domain/ipc/playground-channels';
import { formatBytes, formatDuration } from '../result/format';
import { VirtualList } from '../result/VirtualList';
import { useActivityStore } from '../state/activity-store';
import { playgroundKeys, useTraffic } from '../state/playground-queries';

const ROW = 28;
const NONE: TrafficEntry[] = [];
const all = (traffic: TrafficEntry[]) => traffic;

function pretty(entry: TrafficEntry): string {
  if (entry.truncated) return `${entry.text}\n… (cut: the message is ${formatBytes(entry.bytes)})`;
  try {
    return JSON.stringify(JSON.parse(entry.text), null, 2);
  } catch {
    return entry.text;
  }
}

function label(entry: TrafficEntry): string {
  if (entry.method) return entry.method;
  return entry.kind === 'error' ? 'error' : 'result';
}

/**
 * The session's JSON-RPC messages between the playground and the bridge, both ways, with the time each
 * response took. Credentials never travel in these messages (the bridge adds them as HTTP headers), and
 * main redacts any that appear in a payload.
 */
export function TrafficPanel() {
  const traffic = useTraffic(all) ?? NONE;
  const selected = useActivityStore((s) => s.selectedTraffic);
  const selectTraffic = useActivityStore((s) => s.selectTraffic);
  const client = useQueryClient();
  // The view only: main keeps the session's log.
  const clearTraffic = () => {
    client.setQueryData<TrafficEntry[]>(playgroundKeys.traffic, []);
    selectTraffic(undefined);
  };
  const [hidePings, setHidePings] = useState(false);
  const rows = useMemo(
    () => (hidePings ? traffic.filter((t) => t.method !== 'ping' && !(t.kind === 'response' && t.text.endsWith('"result":{}}'))) : traffic),
    [traffic, hidePings],
  );
  const start = traffic[0]?.at ?? 0;
  const current = traffic.find((t) => t.seq === selected);

  return (
    <div className="pg-traffic">
      <div className="row pg-spread">
        <span className="muted pg-small">{traffic.length} messages this session · → sent to the bridge · ← received</span>
        <div className="row">
          <label className="pg-small">
            <input type="checkbox" checked={hidePings} onChange={(e) => setHidePings(e.target.checked)} /> Hide pings
          </label>
          <button type="button" className="button small" disabled={traffic.length === 0} onClick={clearTraffic}>
            Clear view
          </button>
        </div>
      </div>
      {traffic.length === 0 ? (
        <p className="muted pg-empty">Connect to see the JSON-RPC messages: initialize, tools/list, each tools/call and its result.</p>
      ) : (
        <div className="pg-traffic-split">
          <VirtualList
            count={rows.length}
            rowHeight={ROW}
            label="JSON-RPC messages"
            className="pg-traffic-list"
            followTail
            renderRow={(i) => {
              const t = rows[i]!;
              return (
                <button
                  type="button"
                  className={t.seq === selected ? 'pg-msg active' : 'pg-msg'}
                  onClick={() => selectTraffic(t.seq)}
                  aria-pressed={t.seq === selected}
                >
                  <span className="pg-msg-time">+{formatDuration(t.at - start)}</span>
                  <span
                    className={t.dir === 'send' ? 'pg-msg-dir send' : 'pg-msg-dir receive'}
                    aria-label={t.dir === 'send' ? 'sent' : 'received'}
                  >
                    {t.dir === 'send' ? '→' : '←'}
                  </span>
                  <span className={`pg-msg-kind ${t.kind}`}>{t.kind === 'notification' ? 'notify' : t.kind}</span>
                  <span className="pg-msg-method" title={label(t)}>
                    {label(t)}
                  </span>
                  {t.tool && (
                    <span className="pg-msg-tool" title={t.tool}>
                      {t.tool}
                    </span>
                  )}
                  {t.id !== undefined && <span className="pg-msg-id">#{String(t.id)}</span>}
                  <span className="pg-grow" />
                  {t.durationMs !== undefined && <span className="pg-msg-dur">{formatDuration(t.durationMs)}</span>}
                  <span className="pg-msg-size">{formatBytes(t.bytes)}</span>
                </button>
              );
            }}
          />
          <div className="pg-msg-detail" aria-label="Message">
            {current ? (
              <pre className="pg-pre">{pretty(current)}</pre>
            ) : (
              <p className="muted pg-small">Select a message to see it in full.</p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
