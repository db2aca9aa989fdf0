import { useRef, useState, type FormEvent } from 'react';
import type { ProfileSummary } from '../../../../../domain/ipc/profiles-channels';

export interface CredentialsFormProps {
  profile: ProfileSummary;
  busy: boolean;
  /** What the last change produced: main's refusal, or where the credentials went. */
  message: { kind: 'ok' | 'error'; text: string } | undefined;
  /** Resolves once stored; the inputs are emptied then (and kept when it fails, to correct them). */
  onSave: (credentials: { accessId: string; secretKey: string }) => Promise<unknown>;
  onRemove: () => void;
}

/**
 * A profile's access id and secret key, to store in the OS keychain through main. The inputs are
 * uncontrolled and emptied after saving, so the secret is never rendered back: not as a value, not as
 * an attribute, not after a reload. Main never returns it either; only "stored" or "not stored".
 */
export function CredentialsForm({ profile, busy, message, onSave, onRemove }: CredentialsFormProps) {
  const accessRef = useRef<HTMLInputElement>(null);
  const secretRef = useRef<HTMLInputElement>(null);
  // Said before anything is sent: one of the two is missing.
  const [missing, setMissing] = useState(false);
  const stored = profile.credentials.stored;
  const sessionOnly = profile.credentials.sessionOnly;

  function save(event: FormEvent) {
    event.preventDefault();
    const accessId = accessRef.current?.value ?? '';
    const secretKey = secretRef.current?.value ?? '';
    setMissing(!accessId.trim() || !secretKey.trim());
    if (!accessId.trim() || !secretKey.trim()) return;
    onSave({ accessId, secretKey }).then(
      () => {
        if (accessRef.current) accessRef.current.value = '';
        if (secretRef.current) secretRef.current.value = '';
      },
      () => undefined,
    );
  }

  const shown = missing
    ? { kind: 'error' as const, text: 'Enter both the access id and the secret key; the gateway needs the two headers.' }
    : message;
  const ids = { access: `pg-cred-access-${profile.name}`, secret: `pg-cred-secret-${profile.name}` };
  return (
    <form className="pg-credentials stack" onSubmit={save} aria-label={`Credentials of ${profile.name}`} autoComplete="off">
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
          <button
            type="button"
            className="button danger"
            disabled={busy}
            onClick={() => {
              setMissing(false);
              onRemove();
            }}
          >
            Remove credentials
          </button>
        )}
        {shown && (
          <span className={shown.kind === 'ok' ? 'pg-ok-text' : 'pg-error-text'} role={shown.kind === 'error' ? 'alert' : 'status'}>
            {shown.text}
          </span>
        )}
      </div>
    </form>
  );
}
