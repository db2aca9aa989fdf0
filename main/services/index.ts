import type { Handlers } from './dispatch';
import type { HostContext } from './host-context';
import { appHandlers } from './app-handlers';
import { assistantsHandlers } from './assistants-handlers';
import { playgroundHandlers } from './playground-handlers';
import { profilesHandlers } from './profiles-handlers';
import { registryHandlers } from './registry-handlers';

/** All main-process services behind the IPC contract, for either host. Features add their handlers here. */
export function createServices(ctx: HostContext): Handlers {
  return {
    ...appHandlers(ctx),
    ...assistantsHandlers(ctx),
    ...playgroundHandlers(ctx),
    ...profilesHandlers(ctx),
    ...registryHandlers(ctx),
  };
}
