/**
 * The recording format: JSON lines. The first line is a header naming the format and its version; each
 * later line is one message that crossed the bridge (what the host sent, what went back to it), or a
 * marker saying the recording was cut short or lost lines. Written by the bridge (`--record FILE`), read
 * by `companion mock` and turned into collection items by the app. Pure: no Node APIs.
 */
import { z } from 'zod';

export const RECORDING_FORMAT = 'gateway-companion-recording';
/** The version this build writes and the newest it reads. */
export const RECORDING_VERSION = 1;

/** The 2026-07-28 revision names itself in each request's `_meta` under this key. */
export const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';

export const recordingHeaderSchema = z.object({
  format: z.literal(RECORDING_FORMAT),
  version: z.number().int().min(1),
  /** ISO 8601 time the recording started. */
  startedAt: z.string().min(1).max(64),
  /** The protocol era known at start, if any (the bridge learns it from the host's first message). */
  era: z.string().max(40).optional(),
  /** The bridge's profile, when it is known at start. */
  profile: z.string().max(200).optional(),
});
export type RecordingHeader = z.infer<typeof recordingHeaderSchema>;

/** Who sent the message: the host (assistant) to the bridge, or the bridge back to the host. */
export const DIRECTIONS = ['host', 'bridge'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const MESSAGE_KINDS = ['request', 'response', 'error', 'notification'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const exchangeLineSchema = z.object({
  /** Milliseconds since the recording started. */
  at: z.number().min(0),
  from: z.enum(DIRECTIONS),
  kind: z.enum(MESSAGE_KINDS),
  /** The protocol version the message belongs to ("2025-11-25", "2026-07-28"), or "unknown". */
  era: z.string().max(40),
  /** The JSON-RPC message, secret-looking values redacted. */
  message: z.record(z.string(), z.unknown()),
  /** For an answer: milliseconds from its request to it. */
  durationMs: z.number().min(0).optional(),
});
export type ExchangeLine = z.infer<typeof exchangeLineSchema>;

/** Why recording stopped or lost lines: the size cap was reached, or the writer fell behind and dropped some. */
export const markerLineSchema = z.object({
  at: z.number().min(0),
  marker: z.enum(['cut', 'dropped']),
  /** Plain words for the reader. */
  reason: z.string().max(500),
  /** For `dropped`: how many messages were not recorded. */
  count: z.number().int().min(0).optional(),
});
export type MarkerLine = z.infer<typeof markerLineSchema>;

/** The kind of a JSON-RPC message as the recording names it. */
export function messageKind(message: Record<string, unknown>): MessageKind {
  if (typeof message.method === 'string') return 'id' in message ? 'request' : 'notification';
  return 'error' in message ? 'error' : 'response';
}

/** The protocol version a message names itself (a 2026-07-28 request's `_meta`), if any. */
export function envelopeVersion(message: Record<string, unknown>): string | undefined {
  const params = message.params;
  if (params === null || typeof params !== 'object') return undefined;
  const meta = (params as { _meta?: unknown })._meta;
  if (meta === null || typeof meta !== 'object') return undefined;
  const version = (meta as Record<string, unknown>)[PROTOCOL_VERSION_META_KEY];
  return typeof version === 'string' ? version.slice(0, 40) : undefined;
}
