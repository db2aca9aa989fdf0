/** What Settings asks main about the built-in gateway's rate limit, as a TanStack query and mutation. */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { CompanionApi } from '../../../../domain/ipc/facade';

export const settingsKeys = {
  embeddedRate: ['settings', 'embedded-rate'] as const,
};

export const embeddedRateQuery = (api: CompanionApi) =>
  queryOptions({ queryKey: settingsKeys.embeddedRate, queryFn: () => api.settings.embeddedRate() });

/** Saves the rate (null: off) and the pacing; main answers the new state, which replaces the query's. */
export const setEmbeddedRateMutation = (api: CompanionApi) =>
  mutationOptions({
    mutationFn: (choice: { rate: number | null; paced: boolean }) => api.settings.setEmbeddedRate(choice),
    onSuccess: (state, _rate, _x, { client }) => client.setQueryData(settingsKeys.embeddedRate, state),
  });
