import { createFacade, type CompanionApi } from '../../../domain/ipc/facade';
import { createWebTransport, takeLaunchToken } from './web-transport';

export type HostApi = { api: CompanionApi } | { api: undefined; problem: string };

/** Electron's preload provides the facade; in browser mode the page builds the same one over HTTP. */
export function connectHost(): HostApi {
  if (window.companion) return { api: window.companion };
  const token = takeLaunchToken();
  if (!token) {
    return {
      api: undefined,
      problem:
        'This page needs the link printed by Gateway Companion at start-up (it ends with #token=…). Run "npm start" and open the link it prints.',
    };
  }
  return { api: createFacade(createWebTransport(token)) };
}
