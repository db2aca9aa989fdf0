import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FocusEvent, type RefObject } from 'react';
import type { ToolInfo, ValidationIssue } from '../../../../../domain/ipc/playground-channels';
import { afterPress } from '../../../app/after-press';
import { useApi } from '../../../app/api-context';
import { useArgumentCheck } from '../state/playground-queries';
import { useRateWaitOf } from '../state/rate-wait-store';
import { cancelRunning, runTool } from '../state/run-call';
import { useWorkbenchStore, type Args } from '../state/workbench-store';
import { annotationBadges } from '../tools/tool-groups';
import { formatDuration } from '../result/format';
import { changedPointers, fieldId, issueMap, parseArguments, visibleIssues, type Path } from './form-value';
import { RateWaitNote } from './RateWaitNote';
import { FormFields } from './SchemaField';
import { initialValue, resolve } from './schema-model';

/** Elapsed time of the running call, shown from the first moment and ticking until it ends. */
function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(timer);
  }, []);
  return <>{formatDuration(Math.max(0, now - since))}</>;
}

function RunBar({ tool }: { tool: ToolInfo }) {
  const api = useApi();
  const client = useQueryClient();
  const running = useWorkbenchStore((s) => s.running);
  const rateWait = useRateWaitOf(running?.callId);
  const run = () => {
    const args = useWorkbenchStore.getState().currentArgs();
    if (args) void runTool(api, client, tool.name, args);
    // The JSON does not parse: say so, and put the cursor in it.
    else useWorkbenchStore.setState((s) => ({ submitted: true, focusRequest: s.focusRequest + 1 }));
  };
  return (
    <div className="pg-runbar">
      <button type="button" className="button primary pg-run" disabled={Boolean(running)} onClick={run}>
        Run
      </button>
      {running ? (
        <>
          <span className="pg-running" role="status">
            <span className="pg-spinner" aria-hidden="true" /> Running {running.tool}… <Elapsed since={running.startedAt} />
          </span>
          {rateWait && <RateWaitNote waitMs={rateWait.waitMs} reason={rateWait.reason} />}
          <button type="button" className="button" onClick={() => void cancelRunning(api)}>
            Cancel
          </button>
        </>
      ) : (
        <span className="muted pg-small">Checked against the input schema, then sent as tools/call through the bridge.</span>
      )}
    </div>
  );
}

/** After Run: why the arguments were not sent (or what the check noted), each message a link to its field. */
function IssueSummary({ tool, all, ref }: { tool: ToolInfo; all: readonly ValidationIssue[]; ref: RefObject<HTMLDivElement | null> }) {
  const submitted = useWorkbenchStore((s) => s.submitted);
  const notSent = useWorkbenchStore((s) => s.notSent);
  const jsonError = useWorkbenchStore((s) => s.jsonError);
  const mode = useWorkbenchStore((s) => s.mode);
  // Before Run the issues show beside the fields the user touched, not in a list about all of them.
  const issues = submitted ? all : [];
  if (!notSent && !jsonError && issues.length === 0) return null;
  const focus = (pointer: string) => {
    const path: Path = pointer
      .split('/')
      .slice(1)
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p.replace(/~1/g, '/').replace(/~0/g, '~')));
    document.getElementById(fieldId(tool.name, path))?.focus();
  };
  return (
    <div ref={ref} tabIndex={-1} className={notSent || jsonError ? 'callout error pg-issues' : 'callout warn pg-issues'} role="alert">
      {jsonError && <p>{jsonError}</p>}
      {notSent && <p className="pg-issues-title">{notSent}</p>}
      {issues.length > 0 && (
        <ul>
          {issues.map((i) => (
            <li key={`${i.pointer}:${i.message}`}>
              {mode === 'form' && i.pointer ? (
                <button type="button" className="pg-link-button" onClick={() => focus(i.pointer)}>
                  {i.message}
                </button>
              ) : (
                i.message
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const NO_ARGS: Args = {};
const NO_ISSUES: readonly ValidationIssue[] = [];

/**
 * The selected tool: what it does, its arguments as a generated form or raw JSON, and Run. Longer than
 * ~80 lines because it holds the focus rules of a refused Run beside the markup they act on; the arguments
 * are workbench-store.ts's, their live check useArgumentCheck's (playground-queries.ts), the fields SchemaField's.
 */
export function ToolPanel({ tool }: { tool: ToolInfo }) {
  const mode = useWorkbenchStore((s) => s.mode);
  const draft = useWorkbenchStore((s) => s.drafts[tool.name]);
  const jsonText = useWorkbenchStore((s) => s.jsonText);
  const touched = useWorkbenchStore((s) => s.touched);
  const submitted = useWorkbenchStore((s) => s.submitted);
  const focusRequest = useWorkbenchStore((s) => s.focusRequest);
  const { setDraft, setMode, setJsonText, load, touch } = useWorkbenchStore.getState();
  const root = tool.inputSchema;
  const schema = useMemo(() => resolve(root, root), [root]);
  const args = draft ?? NO_ARGS;
  // Checked as the user works once a field was touched, so its messages appear (and go) as they edit. Raw
  // JSON that does not parse yet is said so on Run, not while it is being typed.
  const checking = submitted || touched.length > 0;
  const checked = useMemo(() => {
    if (mode === 'form') return args;
    const parsed = parseArguments(jsonText);
    return parsed.ok ? parsed.value : undefined;
  }, [mode, args, jsonText]);
  const check = useArgumentCheck(tool.name, checked, checking);
  const issues = check?.issues ?? NO_ISSUES;
  const map = useMemo(() => issueMap(visibleIssues(issues, touched, submitted)), [issues, touched, submitted]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const jsonRef = useRef<HTMLTextAreaElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const badges = annotationBadges(tool);

  // One list of issues for the live check and a refused Run: arguments that pass end the Run's "Not sent".
  useEffect(() => {
    if (check?.valid) useWorkbenchStore.getState().clearNotSent();
  }, [check]);

  const focused = useRef(focusRequest);
  useEffect(() => {
    // A refused Run: the first field to fix (in the order of the form) takes focus.
    if (focusRequest === focused.current) return;
    focused.current = focusRequest;
    if (useWorkbenchStore.getState().mode === 'json') {
      jsonRef.current?.focus();
      return;
    }
    const field = formRef.current?.querySelector('.pg-field.invalid');
    const control =
      field?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      field?.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea, button');
    (control ?? summaryRef.current)?.focus();
  }, [focusRequest]);

  const onChange = (next: unknown) => {
    touch(changedPointers(args, next));
    setDraft(tool.name, next as Record<string, unknown>);
  };
  // Leaving a field marks it touched: an empty required field then says so.
  const onBlur = (e: FocusEvent<HTMLFormElement>) => {
    const pointer = (e.target as HTMLElement).closest('[data-pointer]')?.getAttribute('data-pointer');
    if (pointer) afterPress(() => touch([pointer]));
  };

  return (
    <section className="panel pg-tool-panel" aria-labelledby="pg-tool-heading">
      <header className="pg-tool-header">
        <div>
          <h2 id="pg-tool-heading" ref={headingRef} tabIndex={-1}>
            <code>{tool.name}</code>
          </h2>
          {tool.title && <p className="pg-tool-subtitle">{tool.title}</p>}
        </div>
        <div className="pg-tool-meta">
          <span className="badge">{tool.group}</span>
          {badges.map((b) => (
            <span key={b.label} className={`badge ${b.tone === 'neutral' ? '' : b.tone}`} title={b.title}>
              {b.label}
            </span>
          ))}
        </div>
      </header>
      {tool.description && <p className="pg-tool-desc">{tool.description}</p>}
      <div className="pg-editor-bar">
        <fieldset className="segmented pg-mode" aria-label="Arguments editor">
          <legend className="visually-hidden">Arguments editor</legend>
          {(['form', 'json'] as const).map((m) => (
            <label key={m} className={mode === m ? 'active' : ''}>
              <input type="radio" name="pg-mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
              {m === 'form' ? 'Form' : 'JSON'}
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className="pg-link-button"
          onClick={() => load(tool.name, (initialValue(root, root) as Record<string, unknown>) ?? {})}
        >
          Reset to defaults
        </button>
      </div>
      {mode === 'form' ? (
        <form
          ref={formRef}
          className="pg-form"
          aria-label={`Arguments of ${tool.name}`}
          onSubmit={(e) => e.preventDefault()}
          onBlur={onBlur}
          noValidate
        >
          <FormFields tool={tool.name} root={root} schema={schema} path={[]} value={args} onChange={onChange} issues={map} args={args} />
        </form>
      ) : (
        <div className="field pg-json-editor">
          <label htmlFor="pg-json">Arguments as JSON</label>
          <textarea
            ref={jsonRef}
            id="pg-json"
            className="mono"
            spellCheck={false}
            value={jsonText}
            onChange={(e) => setJsonText(e.target.value)}
            rows={Math.min(18, Math.max(6, jsonText.split('\n').length + 1))}
          />
          <span className="hint">Checked against the same input schema as the form before it is sent.</span>
        </div>
      )}
      <IssueSummary tool={tool} all={issues} ref={summaryRef} />
      <RunBar tool={tool} />
    </section>
  );
}
