import { useState, type FormEvent } from 'react';
import type { ProfileSummary } from '../../../../../domain/ipc/profiles-channels';
import { PROFILE_NAME_RULE } from '../../../../../domain/profile-name';
import { useApi } from '../../../app/api-context';
import { useConnectionStore } from '../state/connection-store';
import { DoctorButton } from '../../doctor/DoctorButton';
import { CredentialsForm } from './CredentialsForm';
import { GatewayFields, presetValues, type GatewayValues } from './GatewayFields';

function CredentialBadge({ profile }: { profile: ProfileSummary }) {
  if (profile.credentials.source === 'managed') return <span className="badge accent">Demo account</span>;
  if (profile.credentials.reenter) return <span className="badge warn">Enter the secret again</span>;
  if (profile.credentials.problem) return <span className="badge bad">Keychain problem</span>;
  return profile.credentials.stored ? (
    <span className="badge ok">Credentials stored</span>
  ) : (
    <span className="badge warn">No credentials</span>
  );
}

/** Create or edit a remote profile: a name, the gateway's MCP URL, optionally a CA file and a timeout. */
function ProfileForm({ editing, onSaved }: { editing: ProfileSummary | undefined; onSaved: (name: string) => Promise<void> }) {
  const api = useApi();
  const [name, setName] = useState(editing?.name ?? '');
  const [url, setUrl] = useState(editing?.url ?? 'https://');
  const [caFile, setCaFile] = useState(editing?.caFile ?? '');
  const [timeout, setTimeoutText] = useState(editing?.timeoutSeconds !== undefined ? String(editing.timeoutSeconds) : '');
  const [gateway, setGateway] = useState<GatewayValues>({
    credentialHeader: editing?.credentialHeader ?? '',
    secretHeader: editing?.secretHeader ?? '',
    rate: editing?.rate !== undefined ? String(editing.rate) : '',
  });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const seconds = timeout.trim() === '' ? undefined : Number(timeout);
    if (seconds !== undefined && (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600)) {
      setError('The timeout is a number of seconds from 1 to 3600, or empty for the default (60).');
      return;
    }
    const rate = gateway.rate.trim() === '' ? undefined : Number(gateway.rate);
    if (rate !== undefined && (!Number.isFinite(rate) || rate <= 0 || rate > 1000)) {
      setError('The rate is requests per second above 0 and at most 1000, or empty for no pacing.');
      return;
    }
    setBusy(true);
    try {
      const saved = await api.profiles.save({
        name: name.trim(),
        url: url.trim(),
        ...(caFile.trim() ? { caFile: caFile.trim() } : {}),
        ...(seconds !== undefined ? { timeoutSeconds: seconds } : {}),
        ...(gateway.credentialHeader.trim() ? { credentialHeader: gateway.credentialHeader.trim() } : {}),
        ...(gateway.secretHeader.trim() ? { secretHeader: gateway.secretHeader.trim() } : {}),
        ...(rate !== undefined ? { rate } : {}),
      });
      setError(undefined);
      await onSaved(saved.name);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const id = (f: string) => `pg-profile-${f}`;
  return (
    <form
      className="stack pg-profile-form"
      onSubmit={(e) => void submit(e)}
      aria-label={editing ? `Edit profile ${editing.name}` : 'New profile'}
    >
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
        {error && (
          <span className="pg-error-text" role="alert">
            {error}
          </span>
        )}
      </div>
    </form>
  );
}

/** Every profile with its credential state; the built-in one explained, remote ones editable. Shown in the playground (closable) and in Settings. */
export function ProfilesPanel({ onClose }: { onClose?: () => void }) {
  const api = useApi();
  const profiles = useConnectionStore((s) => s.profiles);
  const profilesError = useConnectionStore((s) => s.profilesError);
  const selected = useConnectionStore((s) => s.selected);
  const { loadProfiles, select } = useConnectionStore.getState();
  // The name of the profile being edited, or 'new' for the new-profile form.
  const [editing, setEditing] = useState(selected);
  const [removeError, setRemoveError] = useState<string>();
  const current = editing === 'new' ? undefined : profiles.find((p) => p.name === editing);

  const reload = () => loadProfiles(api);
  async function remove(profile: ProfileSummary) {
    try {
      await api.profiles.remove(profile.name);
      setRemoveError(undefined);
      setEditing('default');
      if (selected === profile.name) select('default');
      await reload();
    } catch (error) {
      setRemoveError((error as Error).message);
    }
  }

  return (
    <section className="panel pg-profiles" id="pg-profiles" aria-labelledby="pg-profiles-title">
      <div className="row pg-spread">
        <h2 id="pg-profiles-title">Profiles &amp; credentials</h2>
        {onClose && (
          <button type="button" className="button subtle" onClick={onClose}>
            Close
          </button>
        )}
      </div>
      {profilesError && <p className="callout error">{profilesError}</p>}
      <div className="pg-profiles-grid">
        <ul className="pg-profile-list" aria-label="Profiles">
          {profiles.map((p) => (
            <li key={p.name}>
              <button
                type="button"
                className={editing === p.name ? 'pg-profile-item active' : 'pg-profile-item'}
                aria-pressed={editing === p.name}
                onClick={() => setEditing(p.name)}
              >
                <span className="pg-profile-name">{p.name}</span>
                <span className="pg-profile-url">{p.kind === 'embedded' ? 'Reference gateway, on this computer' : p.url}</span>
                <CredentialBadge profile={p} />
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              className={editing === 'new' ? 'pg-profile-item pg-new active' : 'pg-profile-item pg-new'}
              aria-pressed={editing === 'new'}
              onClick={() => setEditing('new')}
            >
              + New profile
            </button>
          </li>
        </ul>
        <div className="pg-profile-detail">
          {editing === 'new' && (
            <ProfileForm
              key="new"
              editing={undefined}
              onSaved={async (name) => {
                await reload();
                setEditing(name);
                select(name);
              }}
            />
          )}
          {current?.kind === 'embedded' && (
            <div className="stack">
              <h3>Profile “{current.name}”</h3>
              <p>
                The built-in <strong>reference gateway</strong>: an offline implementation of the gateway with demo data, started on this
                computer at <code>{current.url}</code> when you connect. It works with no account; its demo credentials are created for you
                and kept in the OS keychain.
              </p>
              <p className="muted pg-small">
                To use a real gateway, create a profile with its URL and store your access id and secret key.
              </p>
            </div>
          )}
          {current?.kind === 'remote' && (
            <div className="stack">
              <ProfileForm key={current.name} editing={current} onSaved={reload} />
              <CredentialsForm profile={current} onChanged={reload} />
              <DoctorButton profile={current.name} />
              <div className="row">
                <button type="button" className="button danger" onClick={() => void remove(current)}>
                  Remove profile “{current.name}”
                </button>
                {removeError && <span className="pg-error-text">{removeError}</span>}
              </div>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
