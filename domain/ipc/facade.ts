// Types only from the contract: at run time the facade needs just the names, and the preload bundles it without zod.
import { CHANNEL_NAMES, type Envelope } from './channel-names';
import type { Channel, ChannelArgs, ChannelResult, EventName, EventPayload } from './contract';

/** A rejected call: `code` is stable, `message` is for people. */
export class CompanionError extends Error {
  override readonly name = 'CompanionError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type Split<S extends string> = S extends `${infer NS}:${infer M}` ? [NS, M] : never;
type Namespaces = Split<Channel>[0];
type MethodsOf<NS extends string> = {
  [C in Channel as Split<C>[0] extends NS ? Split<C>[1] : never]: (...args: ChannelArgs<C>) => Promise<ChannelResult<C>>;
};

/** `window.companion`: one method per channel, grouped by namespace, plus event subscription. */
export type CompanionApi = { readonly [NS in Namespaces]: MethodsOf<NS> } & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};

export interface FacadeTransport {
  invoke(channel: Channel, args: unknown[]): Promise<Envelope<unknown>>;
  subscribe(listener: (event: string, payload: unknown) => void): () => void;
}

/** Builds the facade from the contract, so preload and browser mode expose exactly the same API. */
export function createFacade(transport: FacadeTransport): CompanionApi {
  const api: Record<string, Record<string, unknown>> = {};
  for (const channel of CHANNEL_NAMES) {
    const [ns, method] = channel.split(':') as [string, string];
    api[ns] ??= {};
    api[ns][method] = async (...args: unknown[]) => {
      const envelope = await transport.invoke(channel, args);
      if (envelope.ok) return envelope.value;
      throw new CompanionError(envelope.error.code, envelope.error.message);
    };
  }
  for (const group of Object.values(api)) Object.freeze(group);
  const on = (event: string, listener: (payload: unknown) => void) =>
    transport.subscribe((name, payload) => {
      if (name === event) listener(payload);
    });
  return Object.freeze({ ...api, on }) as unknown as CompanionApi;
}
