/**
 * What the profiles panel changes through main, as TanStack mutations: a profile saved or removed, its
 * credentials stored or removed. Each reads the profile list again once main has answered, so the
 * badges show main's own account of what is stored; busy flags and errors are the mutations' state.
 */
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { CompanionApi } from '../../../../../domain/ipc/facade';
import type { ProfileInput, ProfileSummary } from '../../../../../domain/ipc/profiles-channels';
import { profilesKeys } from './profiles-queries';

const reread = (client: QueryClient) => client.invalidateQueries({ queryKey: profilesKeys.list });

export const saveProfileMutation = (api: CompanionApi) =>
  mutationOptions<ProfileSummary, Error, ProfileInput>({
    mutationKey: profilesKeys.save,
    mutationFn: (input) => api.profiles.save(input),
    onSuccess: (_saved, _input, _result, { client }) => reread(client),
  });

export const removeProfileMutation = (api: CompanionApi) =>
  mutationOptions<unknown, Error, string>({
    mutationKey: profilesKeys.remove,
    mutationFn: (name) => api.profiles.remove(name),
    onSuccess: (_removed, _name, _result, { client }) => reread(client),
  });

/** Store (or replace) the access id and secret key, or remove them. */
export type CredentialsChange = { action: 'save'; accessId: string; secretKey: string } | { action: 'remove' };

/**
 * The sentence a finished change shows. Where the credentials went is main's answer (the profile's
 * state when the change was made): the OS keychain, or this session's memory when there is no keychain.
 */
function doneText(change: CredentialsChange, before: ProfileSummary['credentials']): string {
  if (change.action === 'remove') return before.sessionOnly ? 'Removed.' : 'Removed from the OS keychain.';
  if (before.sessionOnly) return `${before.stored ? 'Replaced' : 'Saved'} for this session only.`;
  return before.stored ? 'Replaced in the OS keychain.' : 'Saved to the OS keychain.';
}

export const credentialsMutation = (api: CompanionApi, profile: ProfileSummary) =>
  mutationOptions<string, Error, CredentialsChange>({
    mutationKey: profilesKeys.credentials(profile.name),
    mutationFn: async (change) => {
      if (change.action === 'save')
        await api.profiles.setCredentials(profile.name, { accessId: change.accessId, secretKey: change.secretKey });
      else await api.profiles.clearCredentials(profile.name);
      return doneText(change, profile.credentials);
    },
    onSuccess: (_text, _change, _result, { client }) => reread(client),
  });
