/** A client card's head: kind icon, name, state badge, the profile its entry uses, and its config file. */
import type { ReactElement } from 'react';
import type { AssistantClient } from '../../../../domain/ipc/assistants-channels';

const KIND_LABEL: Record<AssistantClient['kind'], string> = { desktop: 'Desktop app', cli: 'Command line', editor: 'Editor' };

const kindIcon: Record<AssistantClient['kind'], ReactElement> = {
  desktop: (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" />
    </svg>
  ),
  cli: (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="m7 9 3 3-3 3M12 15h5" />
    </svg>
  ),
  editor: (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d="m8 7-5 5 5 5M16 7l5 5-5 5M14 4l-4 16" />
    </svg>
  ),
};

export function StateBadge({ client }: { client: AssistantClient }) {
  if (client.problem && client.state !== 'stale') return <span className="badge bad">Config error</span>;
  switch (client.state) {
    case 'configured':
      // "Connected" needs a real handshake through the bridge (Test); an entry in the config alone is "Configured".
      return client.handshake ? (
        <span
          className="badge ok"
          title={`Test passed ${new Date(client.handshake.at).toLocaleString()}: ${client.handshake.toolCount} tools`}
        >
          Connected
        </span>
      ) : (
        <span className="badge accent" title="Set up in its config file. Press Test to check that it really connects.">
          Configured
        </span>
      );
    case 'stale':
      return <span className="badge warn">Needs repair</span>;
    case 'not-configured':
      return <span className="badge">Not connected</span>;
    default:
      return <span className="badge muted-badge">Not installed</span>;
  }
}

export function ClientHeader({ client, titleId }: { client: AssistantClient; titleId: string }) {
  return (
    <>
      <div className={`client-icon kind-${client.kind}`}>{kindIcon[client.kind]}</div>
      <div className="client-main">
        <div className="client-title">
          <h3 id={titleId}>{client.name}</h3>
          <StateBadge client={client} />
          {client.entry?.profile && <span className="badge accent">profile {client.entry.profile}</span>}
        </div>
        <p className="client-meta">
          <span>{KIND_LABEL[client.kind]}</span>
          <span aria-hidden="true">·</span>
          <code title={client.configFile}>{client.displayPath}</code>
        </p>
      </div>
    </>
  );
}
