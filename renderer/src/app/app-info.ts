import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanionApi } from '../../../domain/ipc/facade';
import { useApi } from './api-context';

/** Version, host and platform: fixed while the app runs, so asked once and shared by every view. */
const appInfoQuery = (api: CompanionApi) => queryOptions({ queryKey: ['app', 'info'], queryFn: () => api.app.info(), staleTime: Infinity });

export function useAppInfo() {
  return useQuery(appInfoQuery(useApi()));
}
