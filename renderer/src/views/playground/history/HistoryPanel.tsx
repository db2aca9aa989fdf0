import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, memo, use, useDeferredValue, useState } from 'react';
import type { HistorySummary } from '../../../../../domain/ipc/playground-channels';
import type { CompanionApi } from '../../../../../domain/ipc/facade';
import { useApi } from '../../../app/api-context';
import { ExportDialog } from '../export/ExportDialog';
import { SaveToCollectionButton } from '../../collections/SaveToCollectionButton';
import { formatBytes, formatDuration, formatWhen as when } from '../result/format';
import { useActivityStore, useCompare } from '../state/activity-store';
import { rereadHistory, useConnection, useHistory, type History } from '../state/playground-queries';
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

/** Runs an action of the list, its failure shown above the list. */
async function act(setError: (message: string | undefined) => void, run: () => Promise<unknown>): Promise<void> {
  try {
    setError(undefined);
    await run();
  } catch (e) {
    setError((e as Error).message);
  }
}

async function remove(api: CompanionApi, client: QueryClient, id: string): Promise<void> {
  await api.playground.historyRemove(id);
  await rereadHistory(client);
}

/**
 * Calls listed at first, newest first; "Show earlier calls" adds as many again. The history keeps up to
 * 500, and with all of them on the page the browser's own style, layout and paint of the table took
 * 45-90 ms whenever a row was added or the Re-run buttons changed, while a large result was rendering.
 */
export const HISTORY_PAGE = 100;
const NO_CALLS: HistorySummary[] = [];
const all = (history: History) => history;

/** Connected, and no call running: the Re-run buttons take it from here rather than through their rows. */
const CanRun = createContext(false);

function RerunButton({ known, onClick }: { known: boolean; onClick: () => void }) {
  const canRun = use(CanRun);
  return (
    <button type="button" className="pg-link-button" disabled={!canRun || !known} onClick={onClick}>
      Re-run
    </button>
  );
}

/**
 * One call of the list. A row renders again only when its own props change: the history keeps up to 500
 * calls, and rendering every row again (a checkbox each, which React updates at some cost) when a call
 * started or ended held the page for 50-80 ms.
 */
const HistoryRow = memo(function HistoryRow({
  entry,
  compared,
  known,
  onError,
  onExport,
}: {
  entry: HistorySummary;
  compared: boolean;
  /** The connected server has this tool. */
  known: boolean;
  onError: (message: string | undefined) => void;
  onExport: (entry: HistorySummary) => void;
}) {
  const api = useApi();
  const client = useQueryClient();
  const [tone, label] = STATUS_BADGE[entry.status];
  const edit = () => {
    useWorkbenchStore.getState().load(entry.tool, entry.arguments);
    document.getElementById('pg-tool-heading')?.focus();
  };
  const rerun = () => {
    useWorkbenchStore.getState().load(entry.tool, entry.arguments);
    void runTool(api, client, entry.tool, entry.arguments);
  };
  return (
    <tr>
      <td>
        <input
          type="checkbox"
          aria-label={`Compare the ${entry.tool} call of ${when(entry.startedAt)}`}
          checked={compared}
          onChange={() => useActivityStore.getState().toggleCompare(entry.id)}
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
        <button type="button" className="pg-link-button" onClick={() => void act(onError, () => showHistoryEntry(api, entry.id))}>
          View
        </button>
        <RerunButton known={known} onClick={rerun} />
        <button type="button" className="pg-link-button" disabled={!known} onClick={edit}>
          Edit
        </button>
        <button type="button" className="pg-link-button" onClick={() => onExport(entry)}>
          Export
        </button>
        <SaveToCollectionButton call={{ tool: entry.tool, historyId: entry.id }} className="pg-link-button" label="Save" />
        <button
          type="button"
          className="pg-link-button danger"
          aria-label={`Remove the ${entry.tool} call of ${when(entry.startedAt)}`}
          onClick={() => void act(onError, () => remove(api, client, entry.id))}
        >
          ×
        </button>
      </td>
    </tr>
  );
});

/** Every call, newest first: view, re-run, edit and re-run, compare two, export, remove. */
export function HistoryPanel() {
  const api = useApi();
  const client = useQueryClient();
  const read = useHistory(all);
  const history = read.data?.entries ?? NO_CALLS;
  const historyLimit = read.data?.limit ?? 500;
  const historyError = read.error?.message;
  const compare = useCompare();
  const setTab = useActivityStore((s) => s.setTab);
  const tools = useConnection()?.tools;
  const connected = tools !== undefined;
  // The Re-run buttons follow a call's start and end a moment later, in a render React may interrupt.
  const running = useWorkbenchStore((s) => Boolean(s.running));
  const canRun = useDeferredValue(connected && !running);
  const [exporting, setExporting] = useState<HistorySummary>();
  const [error, setError] = useState<string>();
  const [shown, setShown] = useState(HISTORY_PAGE);
  const rows = history.slice(Math.max(0, history.length - shown)).reverse();
  const earlier = history.length - rows.length;
  const known = (tool: string) => Boolean(tools?.some((t) => t.name === tool));

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
            onClick={() => void act(setError, async () => (await api.playground.historyClear(), await rereadHistory(client)))}
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
          <CanRun value={canRun}>
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
                {rows.map((entry) => (
                  <HistoryRow
                    key={entry.id}
                    entry={entry}
                    compared={compare.includes(entry.id)}
                    known={known(entry.tool)}
                    onError={setError}
                    onExport={setExporting}
                  />
                ))}
              </tbody>
            </table>
          </CanRun>
          {earlier > 0 && (
            <button type="button" className="button small pg-history-more" onClick={() => setShown((n) => n + HISTORY_PAGE)}>
              Show earlier calls ({Math.min(earlier, HISTORY_PAGE)} of {earlier} more)
            </button>
          )}
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
