/** "Manual setup": the snippet to merge into a client's config by hand, asked from main once opened. */
import { useState } from 'react';
import type { AssistantClient, ManualSetup as ManualSetupData } from '../../../../domain/ipc/assistants-channels';
import { useManualSetup } from './assistants-queries';
import { Snippet } from './Snippet';

export function ManualSetup({ client, profile }: { client: AssistantClient; profile: string }) {
  const [opened, setOpened] = useState(false);
  const setup = useManualSetup(client.id, profile, opened);
  return (
    <details className="manual-setup" onToggle={(e) => (e.currentTarget.open ? setOpened(true) : undefined)}>
      <summary>Manual setup</summary>
      <ManualSetupBody clientName={client.name} data={setup.data} error={setup.error?.message} />
    </details>
  );
}

/** What the part shows: loading, main's error, or the snippet and the command. */
export function ManualSetupBody({
  clientName,
  data,
  error,
}: {
  clientName: string;
  data?: ManualSetupData | undefined;
  error?: string | undefined;
}) {
  if (error) return <p className="callout error">{error}</p>;
  if (!data) return <p className="muted small">Loading…</p>;
  return (
    <div className="manual-body">
      <p className="small">
        Merge this into <code>{data.file}</code> (keep your other servers):
      </p>
      <Snippet text={data.snippet} label={`${clientName} config snippet`} />
      {data.command && (
        <>
          <p className="small">Or run:</p>
          <Snippet text={data.command} label={`${clientName} command`} wrap />
        </>
      )}
    </div>
  );
}
