import type { CompanionApi } from '../../../domain/ipc/facade';

declare global {
  interface Window {
    /** Present in Electron, exposed by the preload. Browser mode builds the same facade over HTTP. */
    readonly companion?: CompanionApi;
  }
}
