import { useRef, useState, type FormEvent } from 'react';
import type { ProfileSummary } from '../../../../../domain/ipc/profiles-channels';
import { useApi } from '../../../app/api-context';

/**
 * Stores a profile's access id and secret key in the OS keychain through main. The inputs are
 * uncontrolled and emptied after saving, so the secret is never rendered back: not as a value, not as
 * an attribute, not after a reload. Main never returns it either; only "stored" or "not stored".
 */
export function CredentialsForm({ profile, onChanged }: { profile: ProfileSummary; onChanged: () => Promise<void> }) {
  const api = useApi();
  const accessRef = useRef<HTMLInputElement>(null);
  const secretRef = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);
  const stored = profile.credentials.stored;
  const sessionOnly = profile.credentials.sessionOnly;

  async function save(event: FormEvent) {
    event.preventDefault();
    const accessId = accessRef.current?.value ?? '';
    const secretKey = secretRef.current?.value ?? '';
    if (!accessId.trim() || !secretKey.trim()) {
      setMessage({ kind: 'error', text: 'Enter both the access id and the secret key; the gateway needs the two headers.' });
      return;
    }
    setBusy(true);
    try {
      await api.profiles.setCredentials(profile.name, { accessId, secretKey });
      if (accessRef.current) accessRef.current.value = '';
      if (secretRef.current) secretRef.current.value = '';
      // Where they went is main's answer: the keychain, or this session's memory when there is no keychain.
      setMessage({
        kind: 'ok',
        text: sessionOnly
          ? `${stored ? 'Replaced' : 'Saved'} for this session only.`
          : stored
            ? 'Replaced in the OS keychain.'
            : 'Saved to the OS keychain.',
      });
      await onChanged();
    } catch (error) {
      setMessage({ kind: 'error', text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await api.profiles.clearCredentials(profile.name);
      setMessage({ kind: 'ok', text: sessionOnly ? 'Removed.' : 'Removed from the OS keychain.' });
      await onChanged();
    } catch (error) {
      setMessage({ kind: 'error', text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  const ids = { access: `pg-cred-access-${profile.name}`, secret: `pg-cred-secret-${profile.name}` };
  return (
    <form className="pg-credentials stack" onSubmit={(e) => void save(e)} aria-label={`Credentials of ${profile.name}`} autoComplete="off">
      <div className="row">
        <h3>Credentials</h3>
        {stored ? (
          <span className="badge ok">{sessionOnly ? 'Kept for this session only' : 'Stored in the OS keychain'}</span>
        ) : (
          <span className="badge warn">None stored</span>
        )}
        {profile.credentials.source === 'environment' && <span className="badge accent">From the environment</span>}
      </div>
      {profile.credentials.problem && <p className="callout error">{profile.credentials.problem}</p>}
      {sessionOnly && <p className="callout warn">{sessionOnly}</p>}
      <p className="muted pg-small">
        Sent as the X-SVC-CREDENTIAL and X-SVC-SECRET-KEY headers by the bridge only. The app keeps them in the OS keychain and never shows
        them again.
      </p>
      <div className="pg-two">
        <div className="field">
          <label htmlFor={ids.access}>Access id</label>
          <input
            id={ids.access}
            ref={accessRef}
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder={stored ? 'Enter a new access id to replace it' : 'From the developer portal'}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.secret}>Secret key</label>
          <input
            id={ids.secret}
            ref={secretRef}
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            placeholder={stored ? '••••••••  (hidden; enter a new one to replace it)' : 'HMAC secret key'}
          />
        </div>
      </div>
      <div className="row">
        <button type="submit" className="button primary" disabled={busy}>
          {stored ? 'Replace credentials' : sessionOnly ? 'Save for this session' : 'Save to keychain'}
        </button>
        {stored && (
          <button type="button" className="button danger" disabled={busy} onClick={() => void remove()}>
            Remove credentials
          </button>
        )}
        {message && (
          <span className={message.kind === 'ok' ? 'pg-ok-text' : 'pg-error-text'} role={message.kind === 'error' ? 'alert' : 'status'}>
            {message.text}
          </span>
        )}
      </div>
    </form>
  );
}
