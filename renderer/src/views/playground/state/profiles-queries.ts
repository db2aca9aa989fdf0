/**
 * The gateway profiles main keeps (with their credential state, never the secrets), as a TanStack query;
 * the playground, its profiles panel and Settings read this one cache entry. The keys live here.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanionApi } from '../../../../../domain/ipc/facade';
import type { ProfileSummary } from '../../../../../domain/ipc/profiles-channels';
import { useApi } from '../../../app/api-context';

export const profilesKeys = {
  all: ['profiles'] as const,
  list: ['profiles', 'list'] as const,
  /** Mutations (profiles-mutations.ts). */
  save: ['profiles', 'save'] as const,
  remove: ['profiles', 'remove'] as const,
  credentials: (name: string) => ['profiles', 'credentials', name] as const,
};

export const profilesQuery = (api: CompanionApi) =>
  queryOptions({
    queryKey: profilesKeys.list,
    queryFn: async () => (await api.profiles.list()).profiles,
    // Changed only through this app's own mutations, which invalidate it; views that open read it again.
    staleTime: Infinity,
  });

/** The profiles. `refresh` (a view that opens: the playground, Settings) reads them again, as before. */
export function useProfiles(options: { refresh?: boolean } = {}) {
  return useQuery({ ...profilesQuery(useApi()), ...(options.refresh ? { refetchOnMount: 'always' as const } : {}) });
}

/**
 * The profile in effect: the live connection's, else the one the user picked while main still has it,
 * else main's first (the picked one was removed elsewhere). Before the list is read, the pick stands.
 */
export function profileInEffect(chosen: string, profiles: readonly ProfileSummary[] | undefined, connected?: string): string {
  if (connected !== undefined) return connected;
  if (!profiles) return chosen;
  return profiles.some((p) => p.name === chosen) ? chosen : (profiles[0]?.name ?? 'default');
}
