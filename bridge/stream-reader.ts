import { SseEventTooLarge, SseParser } from '../platform/http/sse-parser';
import type { HttpResponse } from './http-client';
import { bodyExcerpt, networkFailure, UpstreamFailure } from './upstream-failure';

/**
 * Where every message the gateway sends is read: a JSON body or the events of a text/event-stream (a POST's
 * reply stream or the session's GET stream), parsed and handed on one at a time. Event size is bounded
 * by the parser (`maxMessageBytes`); this is the one place that reads gateway bytes into messages.
 */

/**
 * The most event ids one exchange remembers to skip replays: past it the oldest is forgotten (a resume
 * replays from the last id, so only recent ids can come back), and a gateway sending endless progress
 * events with unique ids cannot grow the set without end.
 */
export const MAX_SEEN_EVENT_IDS = 1_024;

/** Undefined while the host takes output; else a promise that settles once it does again (or the bridge stops). */
export type HostReady = () => Promise<void> | undefined;

/** One JSON-RPC message from the gateway, parsed, with the single-line text to forward to the host. */
export type UpstreamMessageHandler = (message: unknown, line: string) => void;

/** A stream that broke mid-way, with what its parser had seen (the id to resume from). */
export class StreamCut extends Error {
  constructor(
    readonly parser: SseParser,
    readonly failure: UpstreamFailure,
  ) {
    super(failure.message);
  }
}

/** Parses one body or event's text into messages (a JSON array is several) and hands each on. */
export function emitParsed(text: string, onMessage: UpstreamMessageHandler, what: string): void {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UpstreamFailure('invalid', `${what} is not JSON: "${bodyExcerpt(text, 80)}"`);
  }
  const messages = Array.isArray(value) ? value : [value];
  for (const m of messages) {
    // Re-serialise only when needed: stdio framing forbids newlines inside a message.
    const line = Array.isArray(value) || /[\r\n]/.test(text) ? JSON.stringify(m) : text;
    onMessage(m, line);
  }
}

/**
 * Reads one event stream to its end into a fresh parser (a cut stream's half event is dropped: the server
 * replays it after the last id we saw). Events whose id is in `seen` (the ids already delivered in this
 * exchange) are skipped, so a server that replays inclusively cannot make the host see a message twice.
 * Throws StreamCut when the connection breaks, an UpstreamFailure for anything else.
 */
export async function readEvents(
  res: HttpResponse,
  maxEventBytes: number,
  onMessage: UpstreamMessageHandler,
  seen?: Set<string>,
  hostReady?: HostReady,
): Promise<SseParser> {
  const parser = new SseParser(maxEventBytes, (event) => {
    if (event.event !== 'message') return;
    if (event.id !== undefined && seen) {
      if (seen.has(event.id)) return;
      if (seen.size >= MAX_SEEN_EVENT_IDS) seen.delete(seen.values().next().value as string);
      seen.add(event.id);
    }
    emitParsed(event.data, onMessage, 'an event from the gateway');
  });
  try {
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      parser.push(chunk);
      // Backpressure: while the host's stdout is full, stop reading, so the gateway's writes block
      // instead of the bridge buffering whatever it sends.
      const waiting = hostReady?.();
      if (waiting) await waiting;
    }
  } catch (error) {
    res.discard();
    if (error instanceof UpstreamFailure) throw error;
    if (error instanceof SseEventTooLarge) throw new UpstreamFailure('too_large', error.message);
    throw new StreamCut(parser, networkFailure(error));
  }
  return parser;
}
