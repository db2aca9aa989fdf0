import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '../../app/api-context';
import { ActivityPanel } from './ActivityPanel';
import { ConnectionBar } from './connection/ConnectionBar';
import { ProfilesPanel } from './connection/ProfilesPanel';
import { ToolPanel } from './form/ToolPanel';
import { initialValue } from './form/schema-model';
import { ResultPanel } from './result/ResultPanel';
import { useConnectionStore } from './state/connection-store';
import { connectMutation, useConnecting } from './state/playground-mutations';
import { useConnection, useFollowPlayground, useReadOnOpen } from './state/playground-queries';
import { profileInEffect, useProfiles } from './state/profiles-queries';
import { useWorkbenchStore } from './state/workbench-store';
import { ToolList } from './tools/ToolList';
import './playground.css';

function Welcome() {
  const connect = useMutation(connectMutation(useApi()));
  const connecting = useConnecting();
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
      <button type="button" className="button primary" disabled={connecting} onClick={() => connect.mutate(selected)}>
        {connecting ? 'Connecting…' : `Connect to “${selected}”`}
      </button>
    </section>
  );
}

/** The tool playground: connection, tools, generated forms, results, history and traffic. */
export function PlaygroundView() {
  // Read again each time the playground opens (main may have been connected, or have logged calls, meanwhile).
  const connection = useConnection({ refresh: true });
  const profilesOpen = useConnectionStore((s) => s.profilesOpen);
  const toolName = useWorkbenchStore((s) => s.tool);
  useProfiles({ refresh: true });
  useReadOnOpen();
  useFollowPlayground();

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
