/**
 * Request state (loading, errors, caching, dedupe, invalidation after writes) is TanStack Query's. Every
 * request goes to main on this machine, so the defaults differ from a network app's: a failure is an
 * answer to show at once, not a blip to retry, and focusing the window is no reason to ask again.
 */
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}
