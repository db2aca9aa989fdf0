/**
 * What the Collections feature changes in main: a run of one collection (its answer is the run's
 * result; progress events feed run-store.ts meanwhile), "save to collection" (append an item) and the
 * folder the collections live in.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { erasOf } from '../../../../domain/collections/eras';
import type { CollectionItem } from '../../../../domain/collections/format';
import type { AppendTarget } from '../../../../domain/ipc/collections-channels';
import { useApi } from '../../app/api-context';
import { collectionsKeys } from './collections-queries';
import { openCollection, type RunChoices } from './collections-ui-store';
import { beginRun, endRun } from './run-store';

let runCounter = 0;
const newRunId = () => `run-${Date.now().toString(36)}-${(runCounter++).toString(36)}`;

/**
 * Runs the file's collection with the options chosen (what is not chosen is left to main, as a flag left
 * out is to `companion test`); `items` is its item count, for the progress bar before the first event.
 */
export function useRunCollection(file: string) {
  const api = useApi();
  return useMutation({
    mutationKey: collectionsKeys.run(file),
    mutationFn: async ({ items, choices }: { items: number; choices: RunChoices }) => {
      const runId = newRunId();
      beginRun(runId, file, items * erasOf(choices.era).length);
      try {
        return await api.collections.run({
          runId,
          file,
          era: choices.era,
          ...(choices.profile !== '' ? { profile: choices.profile } : {}),
          ...(choices.envFile.trim() !== '' ? { envFile: choices.envFile.trim() } : {}),
        });
      } finally {
        endRun(runId);
      }
    },
  });
}

export function useAppendToCollection() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationKey: collectionsKeys.append,
    mutationFn: ({ target, item }: { target: AppendTarget; item: CollectionItem }) => api.collections.append(target, item),
    onSuccess: async (saved) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: collectionsKeys.list }),
        client.invalidateQueries({ queryKey: collectionsKeys.one(saved.file) }),
      ]);
    },
  });
}

/** Cancels the running collection: the call in flight and the items after it are reported as cancelled. */
export function useCancelRun() {
  const api = useApi();
  return useMutation({ mutationFn: (runId: string) => api.collections.cancel(runId) });
}

/**
 * Makes a folder the collections folder (null: the default one); main checks it and refuses it in plain
 * words. The list and the open collection are of the folder left, so the list is read again and none is open.
 */
export function useSetCollectionsFolder() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationKey: collectionsKeys.folder,
    mutationFn: (path: string | null) => api.collections.setFolder(path),
    onSuccess: async () => {
      openCollection('');
      await client.invalidateQueries({ queryKey: collectionsKeys.list });
      client.removeQueries({ queryKey: collectionsKeys.allOpened });
    },
  });
}
