/**
 * What the Collections view reads from main, as TanStack queries: the files in the collections folder,
 * one collection's content, and what an environment file supplies. The feature's query keys live here; mutations (collections-mutations.ts)
 * invalidate them by these names.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanionApi } from '../../../../domain/ipc/facade';
import { useApi } from '../../app/api-context';

export const collectionsKeys = {
  all: ['collections'] as const,
  list: ['collections', 'list'] as const,
  one: (file: string) => ['collections', 'one', file] as const,
  /** Every collection read (`one`), to drop them when the folder changes. */
  allOpened: ['collections', 'one'] as const,
  environment: (path: string) => ['collections', 'environment', path] as const,
  /** Browser mode's file picker: a folder's listing (the picker appends the path). */
  environmentFiles: ['collections', 'environment-files'] as const,
  /** Browser mode's folder picker for the collections folder (the picker appends the path). */
  folders: ['collections', 'folders'] as const,
  /** Mutations: a run of one file, an append, a change of folder. */
  run: (file: string) => ['collections', 'run', file] as const,
  append: ['collections', 'append'] as const,
  folder: ['collections', 'folder'] as const,
};

export const collectionListQuery = (api: CompanionApi) =>
  queryOptions({ queryKey: collectionsKeys.list, queryFn: () => api.collections.list() });

const collectionQuery = (api: CompanionApi, file: string) =>
  queryOptions({ queryKey: collectionsKeys.one(file), queryFn: () => api.collections.read(file) });

/**
 * The collections folder (chosen or default, and why a chosen one cannot be used now) and its files;
 * read again each time the view opens (the files may be edited by hand, a disk plugged in again).
 */
export function useCollectionList() {
  return useQuery({ ...collectionListQuery(useApi()), refetchOnMount: 'always' });
}

export function useCollection(file: string) {
  return useQuery({ ...collectionQuery(useApi(), file), refetchOnMount: 'always' });
}

/**
 * The variables an environment file supplies, or main's plain reason it cannot be used; read again each
 * time it is asked for (the file may be edited meanwhile). A run reads the file afresh itself.
 */
export function useEnvironmentFile(path: string) {
  const api = useApi();
  return useQuery({
    queryKey: collectionsKeys.environment(path),
    queryFn: () => api.collections.readEnvironment(path),
    enabled: path !== '',
    retry: false,
    refetchOnMount: 'always',
  });
}
