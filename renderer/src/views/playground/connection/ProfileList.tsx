import type { ProfileSummary } from '../../../../../domain/ipc/profiles-channels';

export function CredentialBadge({ profile }: { profile: ProfileSummary }) {
  if (profile.credentials.source === 'managed') return <span className="badge accent">Demo account</span>;
  if (profile.credentials.reenter) return <span className="badge warn">Enter the secret again</span>;
  if (profile.credentials.problem) return <span className="badge bad">Keychain problem</span>;
  return profile.credentials.stored ? (
    <span className="badge ok">Credentials stored</span>
  ) : (
    <span className="badge warn">No credentials</span>
  );
}

/** The profiles as a list to pick one to edit, and the entry for a new one (`editing` is a name or 'new'). */
export function ProfileList({
  profiles,
  editing,
  onEdit,
}: {
  profiles: readonly ProfileSummary[];
  editing: string;
  onEdit: (name: string) => void;
}) {
  return (
    <ul className="pg-profile-list" aria-label="Profiles">
      {profiles.map((p) => (
        <li key={p.name}>
          <button
            type="button"
            className={editing === p.name ? 'pg-profile-item active' : 'pg-profile-item'}
            aria-pressed={editing === p.name}
            onClick={() => onEdit(p.name)}
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
          onClick={() => onEdit('new')}
        >
          + New profile
        </button>
      </li>
    </ul>
  );
}

/** What the built-in profile is, in place of a form (its URL and demo account are the app's). */
export function EmbeddedProfile({ profile }: { profile: ProfileSummary }) {
  return (
    <div className="stack">
      <h3>Profile “{profile.name}”</h3>
      <p>
        The built-in <strong>reference gateway</strong>: an offline implementation of the gateway with demo data, started on this computer
        at <code>{profile.url}</code> when you connect. It works with no account; its demo credentials are created for you and kept in the
        OS keychain.
      </p>
      <p className="muted pg-small">To use a real gateway, create a profile with its URL and store your access id and secret key.</p>
    </div>
  );
}
