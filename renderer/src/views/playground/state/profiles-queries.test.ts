import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import type { CompanionApi } from '../../../../../domain/ipc/facade';
import type { CredentialState, ProfileSummary } from '../../../../../domain/ipc/profiles-channels';
import { credentialsMutation, type CredentialsChange, removeProfileMutation, saveProfileMutation } from './profiles-mutations';
import { profileInEffect, profilesKeys, profilesQuery } from './profiles-queries';

const credentials = (over: Partial<CredentialState> = {}): CredentialState => ({ stored: false, source: 'none', ...over });
const profile = (name: string, over: Partial<ProfileSummary> = {}): ProfileSummary => ({
  name,
  kind: 'remote',
  url: `https://${name}.example/mcp`,
  credentials: credentials(),
  ...over,
});

/** Main's profiles as a list the fake changes, and the calls the mutations make. */
function fakeApi(names: string[]) {
  let list = names.map((n) => profile(n));
  const profiles = {
    list: vi.fn(async () => ({ profiles: list })),
    save: vi.fn(async (input: { name: string; url: string }) => {
      list = [...list.filter((p) => p.name !== input.name), profile(input.name, { url: input.url })];
      return profile(input.name, { url: input.url });
    }),
    remove: vi.fn(async (name: string) => {
      list = list.filter((p) => p.name !== name);
      return { removed: true };
    }),
    setCredentials: vi.fn(async () => credentials({ stored: true, source: 'keychain' })),
    clearCredentials: vi.fn(async () => credentials()),
    fail: (message: string) => profiles.list.mockRejectedValueOnce(new Error(message)),
  };
  return { api: { profiles } as unknown as CompanionApi, profiles };
}

const names = (data: ProfileSummary[] | undefined) => data?.map((p) => p.name);

describe('profileInEffect', () => {
  it('keeps the pick while main has it, falls back to the first profile, and yields to a live connection', () => {
    const list = [profile('default'), profile('work')];
    expect(profileInEffect('work', list)).toBe('work');
    expect(profileInEffect('gone', list)).toBe('default');
    expect(profileInEffect('gone', [])).toBe('default');
    expect(profileInEffect('work', undefined)).toBe('work');
    expect(profileInEffect('work', list, 'staging')).toBe('staging');
  });
});

describe('profiles query and mutations', () => {
  it('a failed read keeps the list it had and says why', async () => {
    const { api, profiles } = fakeApi(['default']);
    const client = createQueryClient();
    const observer = new QueryObserver(client, profilesQuery(api));
    const off = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    profiles.fail('keychain locked');
    await observer.refetch();
    const result = observer.getCurrentResult();
    expect(result.error?.message).toBe('keychain locked');
    expect(names(result.data)).toEqual(['default']);
    off();
  });

  it('saving and removing a profile read the list again, so it shows what main kept', async () => {
    const { api } = fakeApi(['default']);
    const client = createQueryClient();
    await client.fetchQuery(profilesQuery(api));
    const observer = new QueryObserver(client, profilesQuery(api));
    const off = observer.subscribe(() => undefined);
    await new MutationObserver(client, saveProfileMutation(api)).mutate({ name: 'work', url: 'https://work.example/mcp' });
    expect(names(client.getQueryData(profilesKeys.list))).toEqual(['default', 'work']);
    await new MutationObserver(client, removeProfileMutation(api)).mutate('work');
    expect(names(client.getQueryData(profilesKeys.list))).toEqual(['default']);
    off();
  });

  it('a credentials change says where they went, from the state they were in', async () => {
    const { api, profiles } = fakeApi(['work']);
    const client = createQueryClient();
    const run = (p: ProfileSummary, change: CredentialsChange) => new MutationObserver(client, credentialsMutation(api, p)).mutate(change);
    expect(await run(profile('work'), { action: 'save', accessId: 'a', secretKey: 's' })).toBe('Saved to the OS keychain.');
    expect(profiles.setCredentials).toHaveBeenCalledWith('work', { accessId: 'a', secretKey: 's' });
    const stored = profile('work', { credentials: credentials({ stored: true, source: 'keychain' }) });
    expect(await run(stored, { action: 'save', accessId: 'b', secretKey: 't' })).toBe('Replaced in the OS keychain.');
    expect(await run(stored, { action: 'remove' })).toBe('Removed from the OS keychain.');
    expect(profiles.clearCredentials).toHaveBeenCalledWith('work');
    const memory = profile('work', { credentials: credentials({ sessionOnly: 'No keychain here.' }) });
    expect(await run(memory, { action: 'save', accessId: 'a', secretKey: 's' })).toBe('Saved for this session only.');
    expect(await run(memory, { action: 'remove' })).toBe('Removed.');
  });
});
