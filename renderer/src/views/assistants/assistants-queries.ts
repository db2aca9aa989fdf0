/**
 * What the Assistants view reads from main, as TanStack queries: the clients with their state, the recent
 * tool calls (kept current by main's `assistants:activity` events, which write into the same cache entry),
 * and the manual-setup snippet of a client for a profile. The keys of this feature live here.
 */
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ClientId } from '../../../../domain/assistant-clients';
import type { ActivityRecord, AssistantClient, AssistantsOverview } from '../../../../domain/ipc/assistants-channels';
import type { CompanionApi } from '../../../../domain/ipc/facade';
import { useApi } from '../../app/api-context';
import { useAssistantsUi } from './assistants-ui-store';

export const assistantsKeys = {
  all: ['assistants'] as const,
  overview: ['assistants', 'overview'] as const,
  activity: ['assistants', 'activity'] as const,
  manualSetup: (id: ClientId, profile: string) => ['assistants', 'manual-setup', id, profile] as const,
  /** Mutations: `install`/`remove` are a client's "change", `test` its test (assistants-mutations.ts). */
  action: (action: 'install' | 'remove' | 'test' | 'record', id: ClientId) => ['assistants', action, id] as const,
};

/** How many tool calls the view keeps; the log itself holds more. */
export const ACTIVITY_KEPT = 500;

export interface Activity {
  records: ActivityRecord[];
  /** Null until main has said where the log is (events can arrive before the first read). */
  logFile: string | null;
}

const recordKey = (r: ActivityRecord) => `${r.time}|${r.tool}|${r.durationMs}|${r.profile}`;

/**
 * Adds records to the newest-first list without doubles: `newer` are event records (oldest first, so
 * they are reversed onto the top), `older` a read of the log (newest first, appended).
 */
export function mergeActivity(current: ActivityRecord[], records: ActivityRecord[], where: 'newer' | 'older'): ActivityRecord[] {
  const seen = new Set(current.map(recordKey));
  const fresh = records.filter((r) => !seen.has(recordKey(r)));
  if (fresh.length === 0) return current;
  const merged = where === 'newer' ? [...fresh.reverse(), ...current] : [...current, ...fresh];
  return merged.slice(0, ACTIVITY_KEPT);
}

const overviewQuery = (api: CompanionApi) =>
  queryOptions({ queryKey: assistantsKeys.overview, queryFn: () => api.assistants.list(), staleTime: Infinity });

const activityQuery = (api: CompanionApi) =>
  queryOptions({
    queryKey: assistantsKeys.activity,
    // Merged with what events brought in while the log was read, so nothing logged in between is lost.
    queryFn: async ({ client }): Promise<Activity> => {
      const { records, logFile } = await api.assistants.recentActivity();
      const current = client.getQueryData<Activity>(assistantsKeys.activity)?.records ?? [];
      return { records: mergeActivity(current, records, 'older'), logFile };
    },
    staleTime: Infinity,
  });

const manualSetupQuery = (api: CompanionApi, id: ClientId, profile: string) =>
  queryOptions({
    queryKey: assistantsKeys.manualSetup(id, profile),
    queryFn: () => api.assistants.manualSetup(id, profile),
    staleTime: Infinity,
  });

/** Puts a client as main now describes it into the overview. */
export function replaceClient(client: QueryClient, fresh: AssistantClient): void {
  client.setQueryData<AssistantsOverview>(assistantsKeys.overview, (o) =>
    o ? { ...o, clients: o.clients.map((c) => (c.id === fresh.id ? fresh : c)) } : o,
  );
}

/**
 * The clients. `refresh` (the view itself) reads them again each time the view opens, as before; the
 * parts inside it share that answer without asking again.
 */
export function useOverview(options: { refresh?: boolean } = {}) {
  return useQuery({ ...overviewQuery(useApi()), ...(options.refresh ? { refetchOnMount: 'always' as const } : {}) });
}

/** The profile Install uses: the one chosen if main still has it, otherwise main's default. */
export function selectedProfile(chosen: string | null, overview: AssistantsOverview | undefined): string {
  if (!overview) return chosen ?? 'default';
  return chosen && overview.profiles.includes(chosen) ? chosen : overview.defaultProfile;
}

export function useSelectedProfile(): string {
  const chosen = useAssistantsUi((s) => s.profile);
  const { data } = useOverview();
  return selectedProfile(chosen, data);
}

export function useActivity(options: { refresh?: boolean } = {}) {
  return useQuery({ ...activityQuery(useApi()), ...(options.refresh ? { refetchOnMount: 'always' as const } : {}) });
}

/** Writes main's live tool-call events into the activity cache while the view is shown. */
export function useFollowActivity(): void {
  const api = useApi();
  const client = useQueryClient();
  useEffect(
    () =>
      api.on('assistants:activity', ({ records }) =>
        client.setQueryData<Activity>(assistantsKeys.activity, (a) => {
          const current = a?.records ?? [];
          const merged = mergeActivity(current, records, 'newer');
          return merged === current && a ? a : { records: merged, logFile: a?.logFile ?? null };
        }),
      ),
    [api, client],
  );
}

/** The manual-setup snippet, asked once the part is opened. */
export function useManualSetup(id: ClientId, profile: string, enabled: boolean) {
  return useQuery({ ...manualSetupQuery(useApi(), id, profile), enabled });
}
