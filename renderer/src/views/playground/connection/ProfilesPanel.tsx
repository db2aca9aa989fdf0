import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProfileSummary } from '../../../../../domain/ipc/profiles-channels';
import { useApi } from '../../../app/api-context';
import { useConnectionStore } from '../state/connection-store';
import { DoctorButton } from '../../doctor/DoctorButton';
import { credentialsMutation, removeProfileMutation, saveProfileMutation } from '../state/profiles-mutations';
import { profileInEffect, useProfiles } from '../state/profiles-queries';
import { CredentialsForm } from './CredentialsForm';
import { ProfileForm } from './ProfileForm';
import { EmbeddedProfile, ProfileList } from './ProfileList';

/** A profile's form wired to the save mutation; keyed by its profile, so a new one starts with no answer. */
function ProfileEditor({ editing, onSaved }: { editing: ProfileSummary | undefined; onSaved: (name: string) => void }) {
  const save = useMutation(saveProfileMutation(useApi()));
  return (
    <ProfileForm
      editing={editing}
      busy={save.isPending}
      error={save.error?.message}
      onSubmit={(input) => save.mutate(input, { onSuccess: (saved) => onSaved(saved.name) })}
    />
  );
}

/** A profile's credentials form wired to its mutation: what the last change produced is the mutation's state. */
function CredentialsEditor({ profile }: { profile: ProfileSummary }) {
  const change = useMutation(credentialsMutation(useApi(), profile));
  const message = change.isError
    ? { kind: 'error' as const, text: change.error.message }
    : change.isSuccess
      ? { kind: 'ok' as const, text: change.data }
      : undefined;
  return (
    <CredentialsForm
      profile={profile}
      busy={change.isPending}
      message={message}
      onSave={(credentials) => change.mutateAsync({ action: 'save', ...credentials })}
      onRemove={() => change.mutate({ action: 'remove' })}
    />
  );
}

/** Every profile with its credential state; the built-in one explained, remote ones editable. Shown in the playground (closable) and in Settings. */
export function ProfilesPanel({ onClose }: { onClose?: () => void }) {
  const api = useApi();
  const profiles = useProfiles();
  const list = profiles.data ?? [];
  const chosen = useConnectionStore((s) => s.selected);
  const select = useConnectionStore((s) => s.select);
  const remove = useMutation(removeProfileMutation(api));
  // The name of the profile being edited, or 'new' for the new-profile form.
  const [editing, setEditing] = useState(() => profileInEffect(chosen, profiles.data));
  const current = editing === 'new' ? undefined : list.find((p) => p.name === editing);

  const removeProfile = (profile: ProfileSummary) =>
    remove.mutate(profile.name, {
      onSuccess: () => {
        setEditing('default');
        if (chosen === profile.name) select('default');
      },
    });

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
      {profiles.error && <p className="callout error">{profiles.error.message}</p>}
      <div className="pg-profiles-grid">
        <ProfileList profiles={list} editing={editing} onEdit={setEditing} />
        <div className="pg-profile-detail">
          {editing === 'new' && (
            <ProfileEditor
              key="new"
              editing={undefined}
              onSaved={(name) => {
                setEditing(name);
                select(name);
              }}
            />
          )}
          {current?.kind === 'embedded' && <EmbeddedProfile profile={current} />}
          {current?.kind === 'remote' && (
            <div className="stack">
              <ProfileEditor key={current.name} editing={current} onSaved={() => undefined} />
              <CredentialsEditor key={current.name} profile={current} />
              <DoctorButton profile={current.name} />
              <div className="row">
                <button type="button" className="button danger" onClick={() => removeProfile(current)}>
                  Remove profile “{current.name}”
                </button>
                {remove.error && <span className="pg-error-text">{remove.error.message}</span>}
              </div>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
