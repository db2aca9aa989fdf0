/** A client card's buttons: Install (or Update, or Switch profile) when needed, Test and Remove. */
import type { AssistantClient } from '../../../../domain/ipc/assistants-channels';
import type { Action } from './assistants-mutations';

export interface ClientActionsProps {
  client: AssistantClient;
  /** The profile Install would use. */
  profile: string;
  busy: Action | undefined;
  onInstall: () => void;
  onTest: () => void;
  onRemove: () => void;
}

/** A config that does not parse must be fixed by hand first; the card's callout says where. */
export const isBroken = (client: AssistantClient) => Boolean(client.problem) && client.state !== 'stale';

export function ClientActions({ client, profile, busy, onInstall, onTest, onRemove }: ClientActionsProps) {
  const entry = client.entry;
  const needsUpdate = !entry || client.state === 'stale' || entry.upToDate === false || entry.profile !== profile;
  const installLabel = !entry ? 'Install' : entry.profile !== profile ? `Switch to ${profile}` : 'Update';
  const broken = isBroken(client);
  return (
    <div className="client-actions">
      {needsUpdate && (
        <button
          type="button"
          className={client.state === 'not-installed' || broken ? 'button' : 'button primary'}
          disabled={Boolean(busy) || broken}
          aria-label={`${installLabel} for ${client.name}`}
          onClick={onInstall}
        >
          {busy === 'install' ? 'Installing…' : installLabel}
        </button>
      )}
      <button type="button" className="button" disabled={!entry || Boolean(busy)} aria-label={`Test ${client.name}`} onClick={onTest}>
        {busy === 'test' ? 'Testing…' : 'Test'}
      </button>
      <button
        type="button"
        className="button danger"
        disabled={!entry || Boolean(busy)}
        aria-label={`Remove from ${client.name}`}
        onClick={onRemove}
      >
        {busy === 'remove' ? 'Removing…' : 'Remove'}
      </button>
    </div>
  );
}
