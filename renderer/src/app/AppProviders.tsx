import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { CompanionApi } from '../../../domain/ipc/facade';
import { ApiContext } from './api-context';
import { createQueryClient } from './query-client';

/** What every view reads from: the host facade, and the request cache in front of it. */
export function AppProviders({ api, children }: { api: CompanionApi; children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return (
    <ApiContext.Provider value={api}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ApiContext.Provider>
  );
}
