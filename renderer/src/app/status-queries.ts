/**
 * Whether main's services answer, as a TanStack query the status area shows: asked at start and every
 * 30 s, its time measured from this side. Its key lives here.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanionApi } from '../../../domain/ipc/facade';
import { useApi } from './api-context';

export const statusKeys = { health: ['app', 'health'] as const };

/** How often the status area asks again. */
export const HEALTH_EVERY_MS = 30_000;

export const healthQuery = (api: CompanionApi) =>
  queryOptions({
    queryKey: statusKeys.health,
    queryFn: async () => {
      const started = performance.now();
      await api.app.ping('status');
      return { ms: Math.max(1, Math.round(performance.now() - started)) };
    },
    refetchInterval: HEALTH_EVERY_MS,
  });

export const useHealth = () => useQuery(healthQuery(useApi()));
