import { createFacade, type CompanionApi } from '../../../domain/ipc/facade';
import { createWebTransport, takeSession } from './web-transport';

export type HostApi = { api: CompanionApi } | { api: undefined; problem: string };

/** Electron's preload provides the facade; in browser mode the page builds the same one over HTTP. */
export function connectHost(): HostApi {
  if (window.companion) return { api: window.companion };
  const session = takeSession();
  if (!session) {
    return {
      api: undefined,
      problem:
        'This page needs the link printed by Gateway Companion. Each link opens the app once, within a minute: for a fresh one, press Enter in the terminal where it runs (or run "npm start" again) and open the link it prints.',
    };
  }
  return { api: createFacade(createWebTransport(session)) };
}
