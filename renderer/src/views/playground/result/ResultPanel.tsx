import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { CallOutcome, ToolResult } from '../../../../../domain/ipc/playground-channels';
import { useApi } from '../../../app/api-context';
import { ExportDialog } from '../export/ExportDialog';
import { SaveToCollectionButton } from '../../collections/SaveToCollectionButton';
import { runWith } from '../state/run-call';
import { useWorkbenchStore, type ShownResult } from '../state/workbench-store';
import { formatBytes, formatCount, formatDuration, formatTime } from './format';
import { copyText } from '../../../app/parts/CopyButton';
import { JsonTree } from './JsonTree';
import { richViewOf } from './rich/index';

/** The bridge's default limit for assistants (bridge --max-message-bytes). */
const ASSISTANT_LIMIT = 4 * 1024 * 1024;
/** Above this the Raw tab shows a preview; the whole text is one click away on the clipboard. */
const RAW_PREVIEW_CHARS = 200_000;

/** What the tree shows: structuredContent, else the one text item parsed as JSON, else the content list. */
export function resultData(result: ToolResult | undefined): unknown {
  if (!result) return undefined;
  if (result.structuredContent !== undefined) return result.structuredContent;
  const texts = result.content.filter(
    (c): c is { type: 'text'; text: string } =>
      (c as { type?: unknown }).type === 'text' && typeof (c as { text?: unknown }).text === 'string',
  );
  if (texts.length === 1 && result.content.length === 1) {
    try {
      return JSON.parse(texts[0]!.text);
    } catch {
      return texts[0]!.text;
    }
  }
  return result.content;
}

/** The CallToolResult as the server sent it, text items that repeat structuredContent abbreviated. */
function rawText(result: ToolResult, compact: boolean): string {
  const same = new Set(result.textSameAsStructured ?? []);
  const content = result.content.map((c, i) =>
    same.has(i) ? { ...(c as object), text: '«the JSON of structuredContent, repeated as text»' } : c,
  );
  const { textSameAsStructured: _s, ...rest } = result;
  return JSON.stringify({ ...rest, content }, null, compact ? undefined : 2);
}

const STATUS: Record<CallOutcome['status'], { label: string; tone: string }> = {
  ok: { label: 'OK', tone: 'ok' },
  'tool-error': { label: 'Tool error', tone: 'bad' },
  error: { label: 'Failed', tone: 'bad' },
  cancelled: { label: 'Cancelled', tone: 'warn' },
};

function Outcome({ shown }: { shown: ShownResult }) {
  const api = useApi();
  const client = useQueryClient();
  const { outcome } = shown;
  const data = useMemo(() => resultData(outcome.result), [outcome]);
  // A summary only for a result its tool's output schema accepts; anything else opens in the JSON tree.
  const rich = useMemo(() => richViewOf(outcome, data), [outcome, data]);
  const richPossible = rich !== null;
  const [tab, setTab] = useState<'rich' | 'tree' | 'raw'>(richPossible ? 'rich' : 'tree');
  const active = tab === 'rich' && !richPossible ? 'tree' : tab;
  const big = outcome.bytes > 1024 * 1024;
  const raw = useMemo(() => (active === 'raw' && outcome.result ? rawText(outcome.result, big) : ''), [active, outcome, big]);
  const onRun = (tool: string, args: Record<string, unknown>) => runWith(api, client, tool, args);

  return (
    <>
      {outcome.status === 'tool-error' && outcome.error && (
        <div className="pg-tool-error" role="alert">
          <div className="pg-tool-error-head">
            <span className="pg-tool-error-icon" aria-hidden="true">
              !
            </span>
            <strong>The tool returned an error</strong>
            <code className="badge bad">{outcome.error.code}</code>
          </div>
          <p>{outcome.error.message}</p>
        </div>
      )}
      {outcome.status === 'error' && outcome.error && (
        <div className="callout error" role="alert">
          <strong>The call failed.</strong> {outcome.error.message}
        </div>
      )}
      {outcome.status === 'cancelled' && <div className="callout warn">{outcome.error?.message ?? 'Cancelled.'}</div>}
      {shown.dropped !== undefined && (
        <div className="callout">
          This result ({formatBytes(shown.dropped)}) was too large to keep across restarts. Re-run the call to see it again.
        </div>
      )}
      {outcome.bytes > ASSISTANT_LIMIT && (
        <div className="callout warn pg-small">
          This result is {formatBytes(outcome.bytes)}: above the bridge&apos;s default limit for assistants ({formatBytes(ASSISTANT_LIMIT)},{' '}
          <code>--max-message-bytes</code>), an assistant would get an error instead.
        </div>
      )}
      {data !== undefined && (
        <>
          <div className="pg-tabs" role="tablist" aria-label="Result views">
            {richPossible && (
              <button
                type="button"
                role="tab"
                aria-selected={active === 'rich'}
                className={active === 'rich' ? 'pg-tab active' : 'pg-tab'}
                onClick={() => setTab('rich')}
              >
                Summary
              </button>
            )}
            <button
              type="button"
              role="tab"
              aria-selected={active === 'tree'}
              className={active === 'tree' ? 'pg-tab active' : 'pg-tab'}
              onClick={() => setTab('tree')}
            >
              JSON tree
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={active === 'raw'}
              className={active === 'raw' ? 'pg-tab active' : 'pg-tab'}
              onClick={() => setTab('raw')}
            >
              Raw
            </button>
          </div>
          <div role="tabpanel" className="pg-tabpanel">
            {active === 'rich' && rich?.({ outcome, args: shown.args, onRun })}
            {active === 'tree' && <JsonTree data={data} label={outcome.tool} />}
            {active === 'raw' && (
              <>
                <pre className="pg-pre pg-raw" tabIndex={0}>
                  {raw.length > RAW_PREVIEW_CHARS ? `${raw.slice(0, RAW_PREVIEW_CHARS)}\n…` : raw}
                </pre>
                {raw.length > RAW_PREVIEW_CHARS && (
                  <p className="muted pg-small">
                    Showing the first {formatCount(RAW_PREVIEW_CHARS)} of {formatCount(raw.length)} characters; “Copy JSON” copies all of
                    it.
                  </p>
                )}
              </>
            )}
          </div>
        </>
      )}
    </>
  );
}

/** The region labelled "Result": status, timing and size, then a rich view, the JSON tree, or the raw result. */
export function ResultPanel() {
  const shown = useWorkbenchStore((s) => s.shown);
  const running = useWorkbenchStore((s) => s.running);
  const [exporting, setExporting] = useState(false);
  const [copied, setCopied] = useState<string>();
  const status = shown ? STATUS[shown.outcome.status] : undefined;
  return (
    <section className="panel pg-result" aria-label="Result">
      <div className="pg-result-head">
        <h2>Result</h2>
        {shown && status && (
          <>
            <span className={`badge ${status.tone}`}>{status.label}</span>
            <code className="pg-result-tool">{shown.outcome.tool}</code>
            <span className="muted pg-small">
              {formatDuration(shown.outcome.durationMs)} · {formatBytes(shown.outcome.bytes)} · {formatTime(shown.outcome.startedAt)}
            </span>
            {shown.source === 'history' && <span className="badge accent">from history</span>}
            <span className="pg-grow" />
            <button
              type="button"
              className="button small"
              disabled={!shown.outcome.result}
              onClick={() =>
                void copyText(JSON.stringify(resultData(shown.outcome.result), null, 2)).then((ok) =>
                  setCopied(ok ? 'Copied.' : 'The clipboard refused.'),
                )
              }
            >
              Copy JSON
            </button>
            <button type="button" className="button small" onClick={() => setExporting(true)}>
              Export…
            </button>
            <SaveToCollectionButton call={{ tool: shown.outcome.tool, arguments: shown.args, result: shown.outcome.result }} />
            {copied && (
              <span className="pg-small pg-ok-text" role="status">
                {copied}
              </span>
            )}
          </>
        )}
      </div>
      {running && !shown && <p className="muted">Waiting for {running.tool}…</p>}
      {!shown && !running && (
        <p className="muted pg-empty">
          Run a tool to see its result here: a summary made for it, the full JSON as a tree, and the raw MCP result.
        </p>
      )}
      {shown && <Outcome key={`${shown.outcome.callId}:${shown.source}`} shown={shown} />}
      {exporting && shown && (
        <ExportDialog tool={shown.outcome.tool} args={shown.args} profile={shown.profile} onClose={() => setExporting(false)} />
      )}
    </section>
  );
}
