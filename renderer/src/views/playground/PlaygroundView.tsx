import { useEffect } from 'react';
import { useApi } from '../../app/api-context';
import { ActivityPanel } from './ActivityPanel';
import { ConnectionBar } from './connection/ConnectionBar';
import { ProfilesPanel } from './connection/ProfilesPanel';
import { ToolPanel } from './form/ToolPanel';
import { initialValue } from './form/schema-model';
import { ResultPanel } from './result/ResultPanel';
import { useActivityStore } from './state/activity-store';
import { useConnectionStore } from './state/connection-store';
import { profileInEffect, useProfiles } from './state/profiles-queries';
import { useWorkbenchStore } from './state/workbench-store';
import { ToolList } from './tools/ToolList';
import './playground.css';

function Welcome() {
  const api = useApi();
  const status = useConnectionStore((s) => s.status);
  const chosen = useConnectionStore((s) => s.selected);
  const selected = profileInEffect(chosen, useProfiles().data);
  return (
    <section className="panel pg-welcome" aria-labelledby="pg-welcome-title">
      <h2 id="pg-welcome-title">Explore the gateway&apos;s tools, as an assistant sees them</h2>
      <p>
        The playground talks to the gateway through the same bridge your assistants use: every form is built from a tool&apos;s input
        schema, every result gets a view made for it, and every message is in the traffic log.
      </p>
      <ol className="pg-steps-intro">
        <li>
          <strong>Connect.</strong> The <code>default</code> profile is the built-in reference gateway: no account needed.
        </li>
        <li>
          <strong>Pick a tool</strong> from its group, fill in the form (or paste JSON) and press <strong>Run</strong>.
        </li>
        <li>
          <strong>Read the result</strong> as a summary, a JSON tree or raw; export the call as curl or TypeScript.
        </li>
      </ol>
      <button
        type="button"
        className="button primary"
        disabled={status === 'connecting'}
        onClick={() => void useConnectionStore.getState().connect(api, selected)}
      >
        {status === 'connecting' ? 'Connecting…' : `Connect to “${selected}”`}
      </button>
    </section>
  );
}

/** The tool playground: connection, tools, generated forms, results, history and traffic. */
export function PlaygroundView() {
  const api = useApi();
  const connection = useConnectionStore((s) => s.connection);
  const profilesOpen = useConnectionStore((s) => s.profilesOpen);
  const toolName = useWorkbenchStore((s) => s.tool);
  // Read again each time the playground opens: a profile may have changed from the CLI meanwhile.
  useProfiles({ refresh: true });

  useEffect(() => {
    const connectionStore = useConnectionStore.getState();
    const activity = useActivityStore.getState();
    void connectionStore.restore(api);
    void activity.loadHistory(api);
    void activity.loadTraffic(api);
    const offs = [
      api.on('playground:traffic', (entry) => useActivityStore.getState().addTraffic(entry)),
      api.on('playground:historyChanged', () => void useActivityStore.getState().loadHistory(api)),
      api.on('playground:connection', (event) => {
        if (event.state === 'disconnected' && event.reason && event.reason !== 'disconnected' && event.reason !== 'reconnecting')
          useConnectionStore.getState().dropped(event.reason);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [api]);

  const tool = connection?.tools.find((t) => t.name === toolName) ?? connection?.tools[0];
  useEffect(() => {
    // A tool is always selected once connected, so the form is never empty.
    if (tool && tool.name !== useWorkbenchStore.getState().tool) {
      useWorkbenchStore
        .getState()
        .selectTool(tool.name, (initialValue(tool.inputSchema, tool.inputSchema) as Record<string, unknown>) ?? {});
    }
  }, [tool]);

  return (
    <div className="pg">
      <ConnectionBar />
      {profilesOpen && <ProfilesPanel onClose={() => useConnectionStore.getState().toggleProfiles(false)} />}
      {connection ? (
        <div className="pg-workbench">
          <ToolList tools={connection.tools} />
          <div className="pg-work">
            {tool && <ToolPanel key={tool.name} tool={tool} />}
            <ResultPanel />
          </div>
        </div>
      ) : (
        <Welcome />
      )}
      <ActivityPanel />
    </div>
  );
}
