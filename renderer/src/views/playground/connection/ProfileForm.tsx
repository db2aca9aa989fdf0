import { useState, type FormEvent } from 'react';
import type { ProfileInput, ProfileSummary } from '../../../../../domain/ipc/profiles-channels';
import { PROFILE_NAME_RULE } from '../../../../../domain/profile-name';
import { GatewayFields, presetValues, type GatewayValues } from './GatewayFields';

export interface ProfileFormProps {
  /** The profile being edited, or undefined for a new one. */
  editing: ProfileSummary | undefined;
  busy: boolean;
  /** Main's answer to the last save, when it refused. */
  error: string | undefined;
  onSubmit: (input: ProfileInput) => void;
}

/**
 * Create or edit a remote profile: a name, the gateway's MCP URL, optionally a CA file and a timeout, and the
 * gateway's credential header names and rate (from a preset or typed).
 */
export function ProfileForm({ editing, busy, error, onSubmit }: ProfileFormProps) {
  const [name, setName] = useState(editing?.name ?? '');
  const [url, setUrl] = useState(editing?.url ?? 'https://');
  const [caFile, setCaFile] = useState(editing?.caFile ?? '');
  const [timeout, setTimeoutText] = useState(editing?.timeoutSeconds !== undefined ? String(editing.timeoutSeconds) : '');
  const [gateway, setGateway] = useState<GatewayValues>({
    credentialHeader: editing?.credentialHeader ?? '',
    secretHeader: editing?.secretHeader ?? '',
    rate: editing?.rate !== undefined ? String(editing.rate) : '',
  });
  // What is wrong before anything is sent; main checks the rest.
  const [invalid, setInvalid] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const seconds = timeout.trim() === '' ? undefined : Number(timeout);
    if (seconds !== undefined && (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600)) {
      setInvalid('The timeout is a number of seconds from 1 to 3600, or empty for the default (60).');
      return;
    }
    const rate = gateway.rate.trim() === '' ? undefined : Number(gateway.rate);
    if (rate !== undefined && (!Number.isFinite(rate) || rate <= 0 || rate > 1000)) {
      setInvalid('The rate is requests per second above 0 and at most 1000, or empty for no pacing.');
      return;
    }
    setInvalid(undefined);
    onSubmit({
      name: name.trim(),
      url: url.trim(),
      ...(caFile.trim() ? { caFile: caFile.trim() } : {}),
      ...(seconds !== undefined ? { timeoutSeconds: seconds } : {}),
      ...(gateway.credentialHeader.trim() ? { credentialHeader: gateway.credentialHeader.trim() } : {}),
      ...(gateway.secretHeader.trim() ? { secretHeader: gateway.secretHeader.trim() } : {}),
      ...(rate !== undefined ? { rate } : {}),
    });
  }

  const id = (f: string) => `pg-profile-${f}`;
  const message = invalid ?? error;
  return (
    <form className="stack pg-profile-form" onSubmit={submit} aria-label={editing ? `Edit profile ${editing.name}` : 'New profile'}>
      <h3>{editing ? `Profile “${editing.name}”` : 'New profile'}</h3>
      <div className="pg-two">
        <div className="field">
          <label htmlFor={id('name')}>Name</label>
          <input
            id={id('name')}
            type="text"
            value={name}
            readOnly={Boolean(editing)}
            onChange={(e) => setName(e.target.value)}
            placeholder="work"
            spellCheck={false}
          />
          <span className="hint">Use {PROFILE_NAME_RULE}.</span>
        </div>
        <div className="field">
          <label htmlFor={id('url')}>Gateway URL</label>
          <input
            id={id('url')}
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://gateway.example.com/mcp"
            spellCheck={false}
          />
          <span className="hint">HTTPS (plain http only to this computer).</span>
        </div>
        <div className="field">
          <label htmlFor={id('ca')}>CA certificate file (optional)</label>
          <input
            id={id('ca')}
            type="text"
            value={caFile}
            onChange={(e) => setCaFile(e.target.value)}
            placeholder="/path/to/ca-cert.pem"
            spellCheck={false}
          />
          <span className="hint">For a gateway whose certificate is not publicly trusted.</span>
        </div>
        <div className="field">
          <label htmlFor={id('timeout')}>Timeout in seconds (optional)</label>
          <input
            id={id('timeout')}
            type="number"
            min={1}
            max={3600}
            value={timeout}
            onChange={(e) => setTimeoutText(e.target.value)}
            placeholder="60"
          />
        </div>
        <GatewayFields
          values={gateway}
          onChange={setGateway}
          onPreset={(preset) => {
            setGateway(presetValues(preset));
            if (preset.url) setUrl(preset.url);
          }}
        />
      </div>
      <div className="row">
        <button type="submit" className="button primary" disabled={busy}>
          {editing ? 'Save profile' : 'Create profile'}
        </button>
        {message && (
          <span className="pg-error-text" role="alert">
            {message}
          </span>
        )}
      </div>
    </form>
  );
}
