/**
 * What the playground reads from main, as TanStack queries; their keys live here, in one place. Events
 * main pushes (the session dropped, a traffic message, the history changed) write into the same cache
 * entries the queries read (useFollowPlayground). A history entry never changes once written, so a
 * loaded one stays fresh (staleTime: Infinity) and picking it again for a comparison asks main nothing.
 */
import { queryOptions, replaceEqualDeep, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CompanionApi } from '../../../../../domain/ipc/facade';
import type { ConnectionInfo, HistorySummary, TrafficEntry } from '../../../../../domain/ipc/playground-channels';
import { useApi } from '../../../app/api-context';

export const playgroundKeys = {
  all: ['playground'] as const,
  /** The live connection (or none) and why the last one ended, when it was not the user's doing. */
  session: ['playground', 'session'] as const,
  history: ['playground', 'history'] as const,
  historyEntry: (id: string) => ['playground', 'history-entry', id] as const,
  traffic: ['playground', 'traffic'] as const,
  /** Mutations (playground-mutations.ts). */
  connect: ['playground', 'connect'] as const,
  disconnect: ['playground', 'disconnect'] as const,
  ping: ['playground', 'ping'] as const,
};

export interface Session {
  connection: ConnectionInfo | undefined;
  /** Why the connection ended, when it was not the user's doing. */
  notice?: string;
}

export interface History {
  entries: HistorySummary[];
  limit: number;
}

/** How many traffic messages the view keeps; main holds the session's own log. */
export const TRAFFIC_KEEP = 1000;

export const sessionQuery = (api: CompanionApi) =>
  queryOptions({
    queryKey: playgroundKeys.session,
    queryFn: async ({ client }): Promise<Session> => {
      try {
        const { connection } = await api.playground.state();
        return { connection: connection ?? undefined };
      } catch {
        // Services unreachable: the status area says so; what the view knew stands.
        return client.getQueryData<Session>(playgroundKeys.session) ?? { connection: undefined };
      }
    },
    staleTime: Infinity,
  });

/**
 * An entry never changes once written: the ones already listed stay the same objects when the history is
 * read again (matched by id, wherever they moved), so that only new rows render (the list has up to 500).
 */
export function keepListed(previous: History | undefined, next: History): History {
  if (!previous) return next;
  const listed = new Map(previous.entries.map((e) => [e.id, e]));
  return { ...next, entries: next.entries.map((e) => listed.get(e.id) ?? e) };
}

const isHistory = (value: unknown): value is History =>
  typeof value === 'object' && value !== null && Array.isArray((value as History).entries);

export const historyQuery = (api: CompanionApi) =>
  queryOptions({
    queryKey: playgroundKeys.history,
    queryFn: (): Promise<History> => api.playground.history(),
    // Also called with what a component's `select` made of it (a count, say): that is shared as usual.
    structuralSharing: (previous, next) =>
      isHistory(next) && (previous === undefined || isHistory(previous)) ? keepListed(previous, next) : replaceEqualDeep(previous, next),
    staleTime: Infinity,
  });

const trafficQuery = (api: CompanionApi) =>
  queryOptions({
    queryKey: playgroundKeys.traffic,
    queryFn: async ({ client }): Promise<TrafficEntry[]> => {
      try {
        return (await api.playground.traffic()).entries.slice(-TRAFFIC_KEEP);
      } catch {
        // Not connected yet.
        return client.getQueryData<TrafficEntry[]>(playgroundKeys.traffic) ?? [];
      }
    },
    staleTime: Infinity,
  });

export const historyEntryQuery = (api: CompanionApi, id: string) =>
  queryOptions({
    queryKey: playgroundKeys.historyEntry(id),
    queryFn: () => api.playground.historyEntry(id),
    staleTime: Infinity,
  });

/** `refresh`: the view itself, which reads again each time it opens; the parts inside share that answer. */
const refreshing = (refresh: boolean | undefined) => (refresh ? { refetchOnMount: 'always' as const } : {});

/** The live connection, or undefined. */
export function useConnection(options: { refresh?: boolean } = {}): ConnectionInfo | undefined {
  return useQuery({ ...sessionQuery(useApi()), ...refreshing(options.refresh), select: (s) => s.connection }).data;
}

export function useConnectionNotice(): string | undefined {
  return useQuery({ ...sessionQuery(useApi()), select: (s) => s.notice }).data;
}

/** The connection as the query cache has it, for code outside components (a Run, a follow-up call). */
export const connectionIn = (client: QueryClient): ConnectionInfo | undefined =>
  client.getQueryData<Session>(playgroundKeys.session)?.connection;

/** The history, or the part of it a component shows (`select`), with the read's error. */
export function useHistory<T>(select: (history: History) => T) {
  return useQuery({ ...historyQuery(useApi()), select });
}

/** The traffic messages, or the part of them a component shows (`select`). */
export function useTraffic<T>(select: (traffic: TrafficEntry[]) => T): T | undefined {
  return useQuery({ ...trafficQuery(useApi()), select }).data;
}

/**
 * Reads the history and the traffic again when the playground opens, without re-rendering the view on
 * each of their changes (a traffic message arrives for every call): only the parts that show them do.
 */
export function useReadOnOpen(): void {
  const api = useApi();
  const quiet = { refetchOnMount: 'always' as const, notifyOnChangeProps: [] };
  useQuery({ ...historyQuery(api), ...quiet });
  useQuery({ ...trafficQuery(api), ...quiet });
}

/**
 * Adds a pushed message to the list. A message already listed (same or older sequence number) is
 * dropped; sequence 1 starts a new session's list. The list is bounded to the newest TRAFFIC_KEEP.
 */
export function appendTraffic(traffic: TrafficEntry[], entry: TrafficEntry): TrafficEntry[] {
  if (traffic.length > 0 && traffic[traffic.length - 1]!.seq >= entry.seq && entry.seq !== 1) return traffic;
  const next = entry.seq === 1 ? [entry] : [...traffic, entry];
  return next.length > TRAFFIC_KEEP ? next.slice(-TRAFFIC_KEEP) : next;
}

/** The session ended without the user asking: no connection any more, and why. */
export function dropSession(client: QueryClient, reason: string | undefined): void {
  client.setQueryData<Session>(playgroundKeys.session, (s) =>
    s?.connection ? { connection: undefined, notice: reason ?? 'The connection ended.' } : s,
  );
}

export const rereadHistory = (client: QueryClient) => client.invalidateQueries({ queryKey: playgroundKeys.history });

/** Writes main's pushed playground events into the query cache while the playground is shown. */
export function useFollowPlayground(): void {
  const api = useApi();
  const client = useQueryClient();
  useEffect(() => {
    const offs = [
      api.on('playground:traffic', (entry) =>
        client.setQueryData<TrafficEntry[]>(playgroundKeys.traffic, (t) => appendTraffic(t ?? [], entry)),
      ),
      api.on('playground:historyChanged', () => void rereadHistory(client)),
      api.on('playground:connection', (event) => {
        if (event.state === 'disconnected' && event.reason && event.reason !== 'disconnected' && event.reason !== 'reconnecting')
          dropSession(client, event.reason);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [api, client]);
}
