import { createContext, useContext } from 'react';
import type { CompanionApi } from '../../../domain/ipc/facade';

export const ApiContext = createContext<CompanionApi | undefined>(undefined);

/** The host facade (`window.companion` or its browser-mode twin). */
export function useApi(): CompanionApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi must be used inside <ApiContext.Provider>');
  return api;
}
