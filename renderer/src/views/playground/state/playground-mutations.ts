/**
 * What the playground changes through main, as TanStack mutations: connect, disconnect, ping. Each writes
 * main's answer into the session query; "connecting", "pinging" and the last error are the mutations'
 * state, read back from the mutation cache so the connection bar and the welcome panel agree.
 */
import { mutationOptions, useIsMutating, useMutationState, type QueryClient } from '@tanstack/react-query';
import type { CompanionApi } from '../../../../../domain/ipc/facade';
import type { ConnectionInfo } from '../../../../../domain/ipc/playground-channels';
import { playgroundKeys, type Session } from './playground-queries';

/** Marks for the "tool list within 200 ms of connecting" figure (read by scripts/bench/playground.ts). */
export const MARK_CONNECTED = 'playground:connected';
export const MARK_TOOLS_PAINTED = 'playground:tools-painted';

const failing = [playgroundKeys.connect, playgroundKeys.ping];

/** Withdraws the finished connects and pings, so their error no longer shows (a new pick, a new attempt). */
export function dismissConnectionError(client: QueryClient): void {
  const cache = client.getMutationCache();
  for (const mutationKey of failing) for (const m of cache.findAll({ mutationKey })) if (m.state.status !== 'pending') cache.remove(m);
}

const setSession = (client: QueryClient, session: Session) => client.setQueryData<Session>(playgroundKeys.session, session);

export const connectMutation = (api: CompanionApi) =>
  mutationOptions<ConnectionInfo, Error, string>({
    mutationKey: playgroundKeys.connect,
    // The error stays until the next attempt or pick, even when no part that shows it is on screen.
    gcTime: Infinity,
    onMutate: async (_profile, { client }) => {
      dismissConnectionError(client);
      // A read of the session still on its way must not overwrite the connection about to be made.
      await client.cancelQueries({ queryKey: playgroundKeys.session });
      setSession(client, { connection: client.getQueryData<Session>(playgroundKeys.session)?.connection });
    },
    mutationFn: async (profile, { client }) => {
      const connection = await api.playground.connect(profile);
      performance.clearMarks(MARK_CONNECTED);
      performance.clearMarks(MARK_TOOLS_PAINTED);
      performance.mark(MARK_CONNECTED);
      setSession(client, { connection });
      return connection;
    },
  });

export const disconnectMutation = (api: CompanionApi) =>
  mutationOptions<void, Error, void>({
    mutationKey: playgroundKeys.disconnect,
    mutationFn: async (_vars, { client }) => {
      try {
        await api.playground.disconnect();
      } finally {
        setSession(client, { connection: undefined });
      }
    },
  });

export const pingMutation = (api: CompanionApi) =>
  mutationOptions<number, Error, void>({
    mutationKey: playgroundKeys.ping,
    gcTime: Infinity,
    onMutate: (_vars, { client }) => dismissConnectionError(client),
    mutationFn: async (_vars, { client }) => {
      const { latencyMs } = await api.playground.ping();
      client.setQueryData<Session>(playgroundKeys.session, (s) =>
        s?.connection ? { ...s, connection: { ...s.connection, latencyMs } } : s,
      );
      return latencyMs;
    },
  });

/** A connect is on its way (from the bar or the welcome panel). */
export const useConnecting = (): boolean => useIsMutating({ mutationKey: playgroundKeys.connect }) > 0;

/** The error of the last connect or ping, until the next one or a new pick. */
export function useConnectionError(): string | undefined {
  const errors = useMutationState({
    filters: {
      predicate: (m) => m.options.mutationKey?.[0] === 'playground' && failing.some((key) => m.options.mutationKey?.[1] === key[1]),
    },
    select: (m) => (m.state.status === 'error' ? (m.state.error?.message ?? 'Unknown error') : undefined),
  });
  return errors.at(-1);
}
