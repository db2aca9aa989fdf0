/** One assistant: its head, its actions, what needs fixing, what the last actions produced, and manual setup. */
import { useQueryClient } from '@tanstack/react-query';
import type { AssistantClient } from '../../../../domain/ipc/assistants-channels';
import { dismissOutcome, useClientActions } from './assistants-mutations';
import { useSelectedProfile } from './assistants-queries';
import { ClientActions, isBroken } from './ClientActions';
import { ClientHeader } from './ClientHeader';
import { ManualSetup } from './ManualSetup';
import { DoctorButton } from '../doctor/DoctorButton';
import { RecordSwitch } from './RecordSwitch';
import { OutcomeMessage } from './OutcomeMessage';

/** Why the client needs a hand: a config that does not parse, or an entry pointing at a copy that is gone. */
export function ClientNotes({ client }: { client: AssistantClient }) {
  const entry = client.entry;
  return (
    <>
      {client.problem && (
        <p className="callout error">
          {client.problem}
          {isBroken(client) && <> Then press Refresh.</>}
        </p>
      )}
      {client.state === 'stale' && entry && entry.missing.length > 0 && (
        <p className="callout warn">
          The entry starts <code>{entry.missing.join(', ')}</code>, which no longer {entry.missing.length > 1 ? 'exist' : 'exists'}. Click
          Update to point it at this copy of Gateway Companion.
        </p>
      )}
    </>
  );
}

export function ClientCard({ client }: { client: AssistantClient }) {
  const queryClient = useQueryClient();
  const profile = useSelectedProfile();
  const actions = useClientActions(client.id);
  const titleId = `client-${client.id}`;
  const { change, test } = actions.outcomes;
  return (
    <article className={`client-card state-${client.state}`} aria-labelledby={titleId} aria-busy={actions.busy ? true : undefined}>
      <ClientHeader client={client} titleId={titleId} />
      <ClientActions
        client={client}
        profile={profile}
        busy={actions.busy}
        onInstall={actions.install}
        onTest={actions.test}
        onRemove={actions.remove}
      />
      <div className="client-details">
        <RecordSwitch client={client} busy={actions.busy} pending={actions.recordingPending} onChange={actions.setRecording} />
        <ClientNotes client={client} />
        {change && (
          <OutcomeMessage
            clientName={client.name}
            outcome={change}
            slot="change"
            onDismiss={() => dismissOutcome(queryClient, client.id, 'change')}
          />
        )}
        {test && (
          <OutcomeMessage
            clientName={client.name}
            outcome={test}
            slot="test"
            onDismiss={() => dismissOutcome(queryClient, client.id, 'test')}
          />
        )}
        <ManualSetup client={client} profile={profile} />
        {client.state !== 'not-installed' && <DoctorButton client={client.id} />}
      </div>
    </article>
  );
}
