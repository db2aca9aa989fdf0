/**
 * What the Collections view reads from main, as TanStack queries: the files in the collections folder and
 * one collection's content. The feature's query keys live here; mutations (collections-mutations.ts)
 * invalidate them by these names.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanionApi } from '../../../../domain/ipc/facade';
import { useApi } from '../../app/api-context';

export const collectionsKeys = {
  all: ['collections'] as const,
  list: ['collections', 'list'] as const,
  one: (file: string) => ['collections', 'one', file] as const,
  /** Mutations: a run of one file, an append. */
  run: (file: string) => ['collections', 'run', file] as const,
  append: ['collections', 'append'] as const,
};

export const collectionListQuery = (api: CompanionApi) =>
  queryOptions({ queryKey: collectionsKeys.list, queryFn: () => api.collections.list() });

const collectionQuery = (api: CompanionApi, file: string) =>
  queryOptions({ queryKey: collectionsKeys.one(file), queryFn: () => api.collections.read(file) });

/** The collections folder and its files; read again each time the view opens (the files may be edited by hand). */
export function useCollectionList() {
  return useQuery({ ...collectionListQuery(useApi()), refetchOnMount: 'always' });
}

export function useCollection(file: string) {
  return useQuery({ ...collectionQuery(useApi(), file), refetchOnMount: 'always' });
}
