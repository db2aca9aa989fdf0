/**
 * What the playground reads from main, as TanStack queries; their keys live here, in one place. Events
 * main pushes (the session dropped, a traffic message, the history changed) write into the same cache
 * entries the queries read (useFollowPlayground). A history entry never changes once written, so a
 * loaded one stays fresh (staleTime: Infinity) and picking it again for a comparison asks main nothing.
 */
import {
  keepPreviousData,
  queryOptions,
  replaceEqualDeep,
  skipToken,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CompanionApi } from '../../../../../domain/ipc/facade';
import type { ConnectionInfo, HistorySummary, TrafficEntry, ValidationResult } from '../../../../../domain/ipc/playground-channels';
import { useApi } from '../../../app/api-context';
import { followRateWaits } from './rate-wait-store';

export const playgroundKeys = {
  all: ['playground'] as const,
  /** The live connection (or none) and why the last one ended, when it was not the user's doing. */
  session: ['playground', 'session'] as const,
  history: ['playground', 'history'] as const,
  historyEntry: (id: string) => ['playground', 'history-entry', id] as const,
  traffic: ['playground', 'traffic'] as const,
  /** main's check of a tool's arguments against its input schema (the live check's and a Run's). */
  argumentCheck: (tool: string, args: Args | undefined) => ['playground', 'argument-check', tool, args ?? null] as const,
  /** Mutations (playground-mutations.ts). */
  connect: ['playground', 'connect'] as const,
  disconnect: ['playground', 'disconnect'] as const,
  ping: ['playground', 'ping'] as const,
};

type Args = Record<string, unknown>;

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

/** How long typing pauses before the arguments are checked. */
const CHECK_DELAY_MS = 300;

/**
 * main's check of the arguments. A Run asks it too (fetchQuery), so the live check and a refused Run show
 * one list of issues. The answer depends on the session's tool list, so it is asked again whenever the
 * arguments come back into view (staleTime 0); an entry per set of arguments typed, so unused ones go soon.
 */
export const argumentCheckQuery = (api: CompanionApi, tool: string, args: Args | undefined) =>
  queryOptions({
    queryKey: playgroundKeys.argumentCheck(tool, args),
    queryFn: args ? (): Promise<ValidationResult> => api.playground.validate(tool, args) : skipToken,
    gcTime: 60_000,
  });

/**
 * The arguments once they stayed the same for CHECK_DELAY_MS while checking is on; undefined ones (JSON that
 * does not parse yet) are skipped. Checking turned off (a tool opened, arguments loaded) forgets them, so
 * the next check waits for the pause again instead of asking about arguments no longer on screen.
 */
function useSettledArgs(tool: string, args: Args | undefined, enabled: boolean): Args | undefined {
  const [settled, setSettled] = useState<{ tool: string; args: Args }>();
  if (!enabled && settled) setSettled(undefined);
  useEffect(() => {
    if (!enabled || !args) return;
    const timer = setTimeout(() => setSettled({ tool, args }), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [tool, args, enabled]);
  return settled?.tool === tool ? settled.args : undefined;
}

/**
 * The live check of the arguments as they are typed (`args` must keep its identity while unchanged): main's
 * answer for the arguments once typing pauses, or at once for arguments it already answered (a refused
 * Run's, so its issues and the focus on the first field to fix show together). While new arguments are
 * checked the previous answer for the same tool stays, so the form does not flicker. Undefined while
 * `enabled` is off or before the first answer.
 */
export function useArgumentCheck(tool: string, args: Args | undefined, enabled: boolean): ValidationResult | undefined {
  const api = useApi();
  const client = useQueryClient();
  const settled = useSettledArgs(tool, args, enabled);
  const known = args !== undefined && client.getQueryData(playgroundKeys.argumentCheck(tool, args)) !== undefined;
  const target = known ? args : settled;
  const { data } = useQuery({
    ...argumentCheckQuery(api, tool, target),
    enabled,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === tool ? keepPreviousData(previous) : undefined),
  });
  return enabled && target !== undefined ? data : undefined;
}

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
    // The rate-limit waits are a stream of short-lived notes: a small store, not the cache (rate-wait-store.ts).
    offs.push(followRateWaits(api));
    return () => offs.forEach((off) => off());
  }, [api, client]);
}
