import { useId, useMemo, useState } from 'react';
import {
  argumentsSummary,
  filterActivity,
  formatDuration,
  formatTime,
  resultLabel,
  toolCounts,
  type ActivityFilters,
} from './activity-format';
import { useApi } from '../../app/api-context';
import { useActivity, useOverview } from './assistants-queries';
import { SaveRecordingButton } from './SaveRecordingButton';

const PAGE = 100;
const NO_RECORDS: never[] = [];

/** The tool calls assistants made through the bridge, from its audit log, live. */
export function ActivityPanel() {
  const activity = useActivity();
  const records = activity.data?.records ?? NO_RECORDS;
  const logFile = activity.data?.logFile;
  const error = activity.error?.message;
  const [filters, setFilters] = useState<ActivityFilters>({ tool: '', errorsOnly: false });
  const [shown, setShown] = useState(PAGE);
  const toolId = useId();
  const errorsId = useId();
  const tools = useMemo(() => toolCounts(records), [records]);
  const visible = useMemo(() => filterActivity(records, filters), [records, filters]);
  const errors = useMemo(() => records.filter((r) => !r.ok).length, [records]);
  const now = new Date();
  const api = useApi();
  const recording = useOverview().data?.clients.filter((c) => c.entry?.recording) ?? [];

  return (
    <section className="panel activity-panel" aria-labelledby="activity-title">
      <div className="panel-head">
        <div>
          <h2 id="activity-title">
            Activity <span className="live-dot">Live</span>
          </h2>
          <p className="muted small">
            Tool calls your assistants made through the bridge, newest first, with secrets redacted.
            {logFile && (
              <>
                {' '}
                From <code>{logFile}</code>.
              </>
            )}
          </p>
          {recording.map((c) => (
            <SaveRecordingButton key={c.id} clientName={c.name} onSave={() => api.assistants.saveRecordingAsCollection(c.id)} />
          ))}
        </div>
        <div className="activity-filters">
          <div className="field">
            <label htmlFor={toolId}>Tool</label>
            <select id={toolId} value={filters.tool} onChange={(e) => setFilters((f) => ({ ...f, tool: e.target.value }))}>
              <option value="">All tools ({records.length})</option>
              {tools.map((t) => (
                <option key={t.tool} value={t.tool}>
                  {t.tool} ({t.count})
                </option>
              ))}
            </select>
          </div>
          <label className="check" htmlFor={errorsId}>
            <input
              id={errorsId}
              type="checkbox"
              checked={filters.errorsOnly}
              onChange={(e) => setFilters((f) => ({ ...f, errorsOnly: e.target.checked }))}
            />
            Errors only ({errors})
          </label>
        </div>
      </div>
      {error && (
        <p className="callout error" role="alert">
          Could not read the activity log: {error}
        </p>
      )}
      {records.length === 0 && !error ? (
        <div className="empty-state">
          <p>
            <strong>No tool calls yet.</strong>
          </p>
          <p className="muted">When an assistant uses the gateway through the bridge, each call appears here as it happens.</p>
        </div>
      ) : visible.length === 0 ? (
        <p className="muted empty-state">No calls match these filters.</p>
      ) : (
        <>
          <p className="visually-hidden" aria-live="polite">
            {visible.length} of {records.length} tool calls shown
          </p>
          {/* At narrow widths the table scrolls inside its own box, never the whole view. */}
          <div className="activity-scroll" role="region" aria-label="Tool call log" tabIndex={0} data-scroll-x>
            <table className="data activity-table" aria-label="Tool calls">
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Tool</th>
                  <th scope="col">Arguments</th>
                  <th scope="col" className="num">
                    Duration
                  </th>
                  <th scope="col">Result</th>
                  <th scope="col">Called by</th>
                  <th scope="col">Profile</th>
                </tr>
              </thead>
              <tbody>
                {visible.slice(0, shown).map((r, i) => {
                  const args = argumentsSummary(r.arguments);
                  return (
                    <tr key={`${r.time}-${r.tool}-${i}`} className={r.ok ? undefined : 'failed'}>
                      <td className="time">
                        <time dateTime={r.time} title={r.time}>
                          {formatTime(r.time, now)}
                        </time>
                      </td>
                      <td>
                        <code>{r.tool}</code>
                      </td>
                      <td className="args">{args ? <code title={args}>{args}</code> : <span className="muted">–</span>}</td>
                      <td className="num">{formatDuration(r.durationMs)}</td>
                      <td>
                        <span className={r.ok ? 'badge ok' : 'badge bad'}>{resultLabel(r)}</span>
                      </td>
                      <td>
                        {r.source === 'playground' ? (
                          <span className="badge accent">Tool playground</span>
                        ) : (
                          <span className="badge">Assistant</span>
                        )}
                      </td>
                      <td className="muted">{r.profile}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {visible.length > shown && (
            <button type="button" className="button show-more" onClick={() => setShown((n) => n + PAGE)}>
              Show {Math.min(PAGE, visible.length - shown)} more
            </button>
          )}
        </>
      )}
    </section>
  );
}
