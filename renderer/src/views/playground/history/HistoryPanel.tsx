import { useState } from 'react';
import type { HistorySummary } from '../../../../../domain/ipc/playground-channels';
import { useApi } from '../../../app/api-context';
import { ExportDialog } from '../export/ExportDialog';
import { formatBytes, formatDuration, formatWhen as when } from '../result/format';
import { useActivityStore } from '../state/activity-store';
import { useConnectionStore } from '../state/connection-store';
import { runTool, showHistoryEntry } from '../state/run-call';
import { useWorkbenchStore } from '../state/workbench-store';

const STATUS_BADGE: Record<HistorySummary['status'], [string, string]> = {
  ok: ['ok', 'OK'],
  'tool-error': ['bad', 'tool error'],
  error: ['bad', 'failed'],
  cancelled: ['warn', 'cancelled'],
};

function argsSummary(args: Record<string, unknown>): string {
  const text = JSON.stringify(args);
  return text === '{}' ? '(no arguments)' : text.length > 90 ? `${text.slice(0, 89)}…` : text;
}

/** Every call, newest first: view, re-run, edit and re-run, compare two, export, remove. */
export function HistoryPanel() {
  const api = useApi();
  const { history, historyLimit, historyError, compare } = useActivityStore();
  const { toggleCompare, setTab, loadHistory } = useActivityStore.getState();
  const connected = useConnectionStore((s) => s.status === 'connected');
  const tools = useConnectionStore((s) => s.connection?.tools);
  const running = useWorkbenchStore((s) => Boolean(s.running));
  const [exporting, setExporting] = useState<HistorySummary>();
  const [error, setError] = useState<string>();
  const rows = [...history].reverse();
  const known = (tool: string) => Boolean(tools?.some((t) => t.name === tool));

  const act = async (run: () => Promise<unknown>) => {
    try {
      setError(undefined);
      await run();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const edit = (entry: HistorySummary) => {
    useWorkbenchStore.getState().load(entry.tool, entry.arguments);
    document.getElementById('pg-tool-heading')?.focus();
  };
  const rerun = (entry: HistorySummary) => {
    useWorkbenchStore.getState().load(entry.tool, entry.arguments);
    void runTool(api, entry.tool, entry.arguments);
  };

  return (
    <div className="pg-history">
      <div className="row pg-spread">
        <span className="muted pg-small">
          {history.length} of at most {historyLimit} calls, kept across restarts.{' '}
          {compare.length === 1 ? 'Pick one more to compare.' : compare.length === 2 ? '' : 'Tick two to compare their results.'}
        </span>
        <div className="row">
          {compare.length === 2 && (
            <button type="button" className="button small primary" onClick={() => setTab('compare')}>
              Compare the two
            </button>
          )}
          <button
            type="button"
            className="button small danger"
            disabled={history.length === 0}
            onClick={() => void act(async () => (await api.playground.historyClear(), await loadHistory(api)))}
          >
            Clear history
          </button>
        </div>
      </div>
      {(historyError ?? error) && <p className="callout error">{historyError ?? error}</p>}
      {rows.length === 0 ? (
        <p className="muted pg-empty">No calls yet. Every call you run is listed here.</p>
      ) : (
        <div className="pg-history-scroll">
          <table className="data pg-history-table" aria-label="Call history">
            <thead>
              <tr>
                <th aria-label="Compare" />
                <th>When</th>
                <th>Tool</th>
                <th>Arguments</th>
                <th>Status</th>
                <th className="num">Time</th>
                <th className="num">Size</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {rows.map((entry) => {
                const [tone, label] = STATUS_BADGE[entry.status];
                return (
                  <tr key={entry.id}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Compare the ${entry.tool} call of ${when(entry.startedAt)}`}
                        checked={compare.includes(entry.id)}
                        onChange={() => toggleCompare(entry.id)}
                      />
                    </td>
                    <td className="pg-nowrap">{when(entry.startedAt)}</td>
                    <td className="pg-history-tool">
                      <code>{entry.tool}</code>
                      {entry.profile !== 'default' && <span className="pg-history-profile">{entry.profile}</span>}
                    </td>
                    <td className="pg-args" title={entry.message ?? JSON.stringify(entry.arguments)}>
                      <code>{argsSummary(entry.arguments)}</code>
                    </td>
                    <td>
                      <span className={`badge ${tone}`}>{label}</span>
                    </td>
                    <td className="num pg-nowrap">{formatDuration(entry.durationMs)}</td>
                    <td className="num pg-nowrap">{entry.bytes ? formatBytes(entry.bytes) : '—'}</td>
                    <td className="pg-row-actions">
                      <button type="button" className="pg-link-button" onClick={() => void act(() => showHistoryEntry(api, entry.id))}>
                        View
                      </button>
                      <button
                        type="button"
                        className="pg-link-button"
                        disabled={!connected || running || !known(entry.tool)}
                        onClick={() => rerun(entry)}
                      >
                        Re-run
                      </button>
                      <button type="button" className="pg-link-button" disabled={!known(entry.tool)} onClick={() => edit(entry)}>
                        Edit
                      </button>
                      <button type="button" className="pg-link-button" onClick={() => setExporting(entry)}>
                        Export
                      </button>
                      <button
                        type="button"
                        className="pg-link-button danger"
                        aria-label={`Remove the ${entry.tool} call of ${when(entry.startedAt)}`}
                        onClick={() => void act(async () => (await api.playground.historyRemove(entry.id), await loadHistory(api)))}
                      >
                        ×
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {exporting && (
        <ExportDialog
          tool={exporting.tool}
          args={exporting.arguments}
          profile={exporting.profile}
          onClose={() => setExporting(undefined)}
        />
      )}
    </div>
  );
}
