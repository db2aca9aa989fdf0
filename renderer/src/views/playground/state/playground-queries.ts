/**
 * What the playground reads from main, as TanStack queries; their keys live here, in one place.
 * A history entry never changes once written, so a loaded one stays fresh (staleTime: Infinity) and
 * picking it again for a comparison asks main nothing.
 */
import { queryOptions } from '@tanstack/react-query';
import type { CompanionApi } from '../../../../../domain/ipc/facade';

export const playgroundKeys = {
  all: ['playground'] as const,
  historyEntry: (id: string) => ['playground', 'history-entry', id] as const,
};

export const historyEntryQuery = (api: CompanionApi, id: string) =>
  queryOptions({
    queryKey: playgroundKeys.historyEntry(id),
    queryFn: () => api.playground.historyEntry(id),
    staleTime: Infinity,
  });
