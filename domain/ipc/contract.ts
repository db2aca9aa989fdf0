import type { z } from 'zod';
import { appChannels } from './app-channels';
import { ActivityEvent, assistantsChannels } from './assistants-channels';
import { doctorChannels } from './doctor-channels';
import { collectionsChannels, collectionsEvents } from './collections-channels';
import { githubChannels, SubmitProgressEvent } from './github-channels';
import { playgroundChannels, playgroundEvents } from './playground-channels';
import { profilesChannels } from './profiles-channels';
import { registryChannels, ScanProgressEvent } from './registry-channels';
import { settingsChannels } from './settings-channels';

/**
 * The one list of IPC channels between the renderer and main-process services. Electron IPC and the
 * browser-mode HTTP API both dispatch through it and validate every call against it. The preload builds
 * `window.companion` from the names alone (`channel-names.ts`) and its types from here, so it carries no zod.
 * Each feature contributes a `<feature>-channels.ts` module; channel names are `<namespace>:<method>`.
 */
export const contract = {
  ...appChannels,
  ...assistantsChannels,
  ...doctorChannels,
  ...collectionsChannels,
  ...githubChannels,
  ...playgroundChannels,
  ...profilesChannels,
  ...registryChannels,
  ...settingsChannels,
} as const;

/** Events pushed from main to the renderer (progress and live updates). */
export const events = {
  'assistants:activity': ActivityEvent,
  ...collectionsEvents,
  'github:progress': SubmitProgressEvent,
  ...playgroundEvents,
  'registry:progress': ScanProgressEvent,
} as const satisfies Record<string, z.ZodType>;

export type Contract = typeof contract;
export type Channel = keyof Contract;
export type ChannelArgs<C extends Channel> = z.input<Contract[C]['args']>;
export type ChannelResult<C extends Channel> = z.output<Contract[C]['result']>;
export type EventName = keyof typeof events;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.hasOwn(contract, name);
}
