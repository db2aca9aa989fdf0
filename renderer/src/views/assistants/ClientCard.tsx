import { useState, type ReactElement } from 'react';
import type { AssistantClient, ManualSetup as ManualSetupData } from '../../../../domain/ipc/assistants-channels';
import { useApi } from '../../app/api-context';
import { dismiss, install, remove, selectedProfile, test, useAssistantsStore, type Outcome, type Outcomes } from './assistants-store';
import { formatDuration } from './activity-format';

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

function StateBadge({ client }: { client: AssistantClient }) {
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

export function ClientCard({ client }: { client: AssistantClient }) {
  const api = useApi();
  const busy = useAssistantsStore((s) => s.busy[client.id]);
  const outcomes = useAssistantsStore((s) => s.outcomes[client.id]);
  const profile = useAssistantsStore((s) => selectedProfile(s));
  const entry = client.entry;
  const needsUpdate = !entry || client.state === 'stale' || entry.upToDate === false || entry.profile !== profile;
  const titleId = `client-${client.id}`;
  const installLabel = !entry ? 'Install' : entry.profile !== profile ? `Switch to ${profile}` : 'Update';
  // A config that does not parse must be fixed by hand first; the callout says where.
  const broken = Boolean(client.problem) && client.state !== 'stale';
  return (
    <article className={`client-card state-${client.state}`} aria-labelledby={titleId} aria-busy={busy ? true : undefined}>
      <div className={`client-icon kind-${client.kind}`}>{kindIcon[client.kind]}</div>
      <div className="client-main">
        <div className="client-title">
          <h3 id={titleId}>{client.name}</h3>
          <StateBadge client={client} />
          {entry?.profile && <span className="badge accent">profile {entry.profile}</span>}
        </div>
        <p className="client-meta">
          <span>{KIND_LABEL[client.kind]}</span>
          <span aria-hidden="true">·</span>
          <code title={client.configFile}>{client.displayPath}</code>
        </p>
      </div>
      <div className="client-actions">
        {needsUpdate && (
          <button
            type="button"
            className={client.state === 'not-installed' || broken ? 'button' : 'button primary'}
            disabled={Boolean(busy) || broken}
            aria-label={`${installLabel} for ${client.name}`}
            onClick={() => void install(api, client.id)}
          >
            {busy === 'install' ? 'Installing…' : installLabel}
          </button>
        )}
        <button
          type="button"
          className="button"
          disabled={!entry || Boolean(busy)}
          aria-label={`Test ${client.name}`}
          onClick={() => void test(api, client.id)}
        >
          {busy === 'test' ? 'Testing…' : 'Test'}
        </button>
        <button
          type="button"
          className="button danger"
          disabled={!entry || Boolean(busy)}
          aria-label={`Remove from ${client.name}`}
          onClick={() => void remove(api, client.id)}
        >
          {busy === 'remove' ? 'Removing…' : 'Remove'}
        </button>
      </div>
      <div className="client-details">
        {client.problem && (
          <p className="callout error">
            {client.problem}
            {broken && <> Then press Refresh.</>}
          </p>
        )}
        {client.state === 'stale' && entry && entry.missing.length > 0 && (
          <p className="callout warn">
            The entry starts <code>{entry.missing.join(', ')}</code>, which no longer {entry.missing.length > 1 ? 'exist' : 'exists'}. Click
            Update to point it at this copy of Gateway Companion.
          </p>
        )}
        {outcomes?.change && <OutcomeView client={client} outcome={outcomes.change} slot="change" />}
        {outcomes?.test && <OutcomeView client={client} outcome={outcomes.test} slot="test" />}
        <ManualSetup client={client} profile={profile} />
      </div>
    </article>
  );
}

function OutcomeView({ client, outcome, slot }: { client: AssistantClient; outcome: Outcome; slot: keyof Outcomes }) {
  const close = (
    <button
      type="button"
      className="icon-button"
      aria-label={`Dismiss the ${slot === 'test' ? 'test result' : 'message'} for ${client.name}`}
      onClick={() => dismiss(client.id, slot)}
    >
      ×
    </button>
  );
  if (outcome.kind === 'failed') {
    return (
      <div className="callout error outcome" role="alert">
        <div>
          <strong>
            {outcome.action === 'install' ? 'Not installed.' : outcome.action === 'remove' ? 'Not removed.' : 'Could not test.'}
          </strong>{' '}
          {outcome.message}
        </div>
        {close}
      </div>
    );
  }
  if (outcome.kind === 'tested') {
    const r = outcome.result;
    if (r.ok) {
      return (
        <div className="callout ok outcome" role="status">
          <div>
            <strong>Connected.</strong> {r.toolCount} tools in {formatDuration(r.latencyMs ?? Number.NaN)}
            {r.server ? ` from ${r.server.name} ${r.server.version}` : ''}, started exactly as {client.name} starts it.
            {r.tools && r.tools.length > 0 && (
              <details className="tool-list">
                <summary>Show the tools</summary>
                <ul>
                  {r.tools.map((t) => (
                    <li key={t}>
                      <code>{t}</code>
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </div>
          {close}
        </div>
      );
    }
    return (
      <div className="callout error outcome" role="alert">
        <div>
          <strong>Test failed.</strong> {r.error}
          {r.fix && <p className="fix">How to fix it: {r.fix}</p>}
          {r.stderr && (
            <details>
              <summary>Bridge output</summary>
              <pre className="code-block">{r.stderr}</pre>
            </details>
          )}
        </div>
        {close}
      </div>
    );
  }
  const text =
    outcome.kind === 'installed'
      ? `Installed in ${outcome.file}.`
      : outcome.kind === 'removed'
        ? outcome.deleted
          ? `Removed: ${outcome.file} only held this entry, so it was deleted.`
          : `Removed from ${outcome.file}; the rest of the file is as it was.`
        : 'Already up to date; nothing changed.';
  return (
    <div className="callout ok outcome" role="status">
      <div>
        <strong>{text}</strong>{' '}
        {outcome.kind !== 'unchanged' && (
          <span className={outcome.needsRestart ? 'restart-hint strong' : 'restart-hint'}>{outcome.restartHint}</span>
        )}
        {outcome.backup && (
          <p className="small backup-note">
            Previous file saved as <code>{outcome.backup}</code>
          </p>
        )}
      </div>
      {close}
    </div>
  );
}

function ManualSetup({ client, profile }: { client: AssistantClient; profile: string }) {
  const api = useApi();
  const [setup, setSetup] = useState<{ profile: string; data?: ManualSetupData; error?: string }>();
  const load = () => {
    if (setup?.profile === profile && setup.data) return;
    api.assistants.manualSetup(client.id, profile).then(
      (data) => setSetup({ profile, data }),
      (error: Error) => setSetup({ profile, error: error.message }),
    );
  };
  return (
    <details className="manual-setup" onToggle={(e) => (e.currentTarget.open ? load() : undefined)}>
      <summary>Manual setup</summary>
      {!setup && <p className="muted small">Loading…</p>}
      {setup?.error && <p className="callout error">{setup.error}</p>}
      {setup?.data && (
        <div className="manual-body">
          <p className="small">
            Merge this into <code>{setup.data.file}</code> (keep your other servers):
          </p>
          <Snippet text={setup.data.snippet} label={`${client.name} config snippet`} />
          {setup.data.command && (
            <>
              <p className="small">Or run:</p>
              <Snippet text={setup.data.command} label={`${client.name} command`} wrap />
            </>
          )}
        </div>
      )}
    </details>
  );
}

/** A read-only block with a Copy button; `wrap` for one long command line, which reads better wrapped than scrolled. */
function Snippet({ text, label, wrap = false }: { text: string; label: string; wrap?: boolean }) {
  const [copied, setCopied] = useState<'yes' | 'no'>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
    setTimeout(() => setCopied(undefined), 2500);
  };
  return (
    <div className="snippet">
      <pre className={wrap ? 'code-block wrap' : 'code-block'} tabIndex={0} aria-label={label}>
        {text}
      </pre>
      <button type="button" className="button small-button" onClick={() => void copy()} aria-label={`Copy the ${label}`}>
        {copied === 'yes' ? 'Copied' : 'Copy'}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {copied === 'yes' ? 'Copied to the clipboard' : copied === 'no' ? 'Copying is not allowed here; select the text and copy it' : ''}
      </span>
    </div>
  );
}
