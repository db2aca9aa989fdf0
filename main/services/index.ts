import { appKeychains } from './app-keychains';
import type { Handlers } from './dispatch';
import type { HostContext } from './host-context';
import { appHandlers } from './app-handlers';
import { assistantsHandlers } from './assistants-handlers';
import { doctorHandlers } from './doctor-handlers';
import { collectionsHandlers } from './collections-handlers';
import { githubHandlers } from './github-handlers';
import { playgroundHandlers } from './playground-handlers';
import { profilesHandlers } from './profiles-handlers';
import { registryService } from './registry-handlers';
import { settingsHandlers } from './settings-handlers';
import { sharedSessionManager } from '../playground/session-manager';

export interface Services {
  readonly handlers: Handlers;
  /** Closes long-lived state (the playground's bridge connection, so its gateway session is deleted and an embedded gateway frees its port). */
  dispose(): Promise<void>;
}

/** All main-process services behind the IPC contract, for either host. Features add their handlers here. */
export function createServices(ctx: HostContext): Services {
  // Without an OS keychain, secrets entered in the app are kept in this process's memory for the session.
  const keychains = appKeychains();
  const playground = sharedSessionManager((event, payload) => ctx.emit(event, payload), keychains.gateway);
  // Remote mode plans with the logo the wizard uploaded, so both share the registry service's uploads.
  const registry = registryService(ctx);
  return {
    handlers: {
      ...appHandlers(ctx),
      ...assistantsHandlers(ctx),
      ...doctorHandlers({ keychain: keychains.gateway }),
      ...collectionsHandlers(ctx, { keychain: keychains.gateway }),
      ...playgroundHandlers(ctx, playground),
      ...profilesHandlers(ctx, { keychain: keychains.gateway }),
      ...githubHandlers(ctx, { engineOperation: registry.engineOperation, keychain: keychains.github }),
      ...registry.handlers,
      ...settingsHandlers(),
    },
    dispose: async () => {
      await playground.close();
    },
  };
}
