import type { Envelope } from '../../domain/ipc/channel-names';
import { redactText } from '../../domain/redact';
import { contract, isChannel, type Channel, type ChannelArgs, type ChannelResult } from '../../domain/ipc/contract';
import { ServiceError } from './service-error';

export type Handlers = {
  [C in Channel]: (...args: ChannelArgs<C>) => Promise<ChannelResult<C>> | ChannelResult<C>;
};

export type Dispatch = (channel: unknown, args: unknown) => Promise<Envelope<unknown>>;

const MAX_ISSUES = 3;

/**
 * The single entry point for calls from a renderer, whichever host carried them. It refuses unknown
 * channels and arguments that do not match the contract before any service code runs.
 */
export function createDispatcher(handlers: Handlers, log: (line: string) => void = () => {}): Dispatch {
  return async (channel, args) => {
    if (!isChannel(channel)) {
      return { ok: false, error: { code: 'unknown_channel', message: `Unknown channel: ${String(channel).slice(0, 80)}` } };
    }
    const parsed = contract[channel].args.safeParse(args);
    if (!parsed.success) {
      const detail = parsed.error.issues
        .slice(0, MAX_ISSUES)
        .map((i) => `${i.path.length ? `argument ${i.path.join('.')}` : 'arguments'}: ${i.message}`)
        .join('; ');
      return { ok: false, error: { code: 'invalid_arguments', message: redactText(`Invalid arguments for ${channel}: ${detail}`) } };
    }
    try {
      const handler = handlers[channel] as (...a: unknown[]) => unknown;
      const value = await handler(...(parsed.data as unknown[]));
      return { ok: true, value };
    } catch (error) {
      // Error messages can echo an argument: secret-looking values in them are redacted (domain/redact).
      if (error instanceof ServiceError) return { ok: false, error: { code: error.code, message: redactText(error.message) } };
      log(redactText(`[${channel}] ${(error as Error)?.stack ?? String(error)}`));
      return {
        ok: false,
        error: {
          code: 'internal',
          message: redactText(`Something went wrong in ${channel}: ${(error as Error)?.message ?? String(error)}`),
        },
      };
    }
  };
}
