/**
 * Turns the messages crossing the bridge into recording lines: redacted by the one redaction rule, with
 * the protocol era each belongs to and, for answers, how long their request took. Pure; the bridge's
 * recorder writes what this makes.
 */
import { redactSecrets } from '../redact';
import {
  envelopeVersion,
  messageKind,
  RECORDING_FORMAT,
  RECORDING_VERSION,
  type Direction,
  type ExchangeLine,
  type MarkerLine,
  type RecordingHeader,
} from './format';

/** Requests remembered for their answer's duration; past this many unanswered ones the oldest is forgotten. */
const MAX_OPEN_REQUESTS = 4096;

export function recordingHeader(startedAt: Date, profile?: string): RecordingHeader {
  return {
    format: RECORDING_FORMAT,
    version: RECORDING_VERSION,
    startedAt: startedAt.toISOString(),
    ...(profile !== undefined ? { profile } : {}),
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export class RecordingLines {
  /** The 2025 session's version, from the host's initialize and the answer to it. */
  private sessionEra: string | undefined;
  private initializeId: string | undefined;
  /** Request id (per direction) → when it was sent and in which era. */
  private readonly open = new Map<string, { at: number; era: string }>();

  /**
   * The line for one message; undefined for text that is not a JSON-RPC object (the bridge answers such
   * lines itself, and its answer is recorded). `at` is milliseconds since the recording started.
   */
  line(from: Direction, message: unknown, at: number): ExchangeLine | undefined {
    if (!isRecord(message)) return undefined;
    const kind = messageKind(message);
    const id = 'id' in message ? JSON.stringify(message.id) : undefined;
    let era = envelopeVersion(message) ?? this.sessionEra ?? 'unknown';
    let durationMs: number | undefined;
    if (kind === 'request' && id !== undefined) {
      if (message.method === 'initialize' && from === 'host') {
        this.initializeId = id;
        const params = isRecord(message.params) ? message.params : {};
        if (typeof params.protocolVersion === 'string') era = params.protocolVersion.slice(0, 40);
      }
      if (this.open.size >= MAX_OPEN_REQUESTS) this.open.delete(this.open.keys().next().value as string);
      this.open.set(`${from}:${id}`, { at, era });
    } else if ((kind === 'response' || kind === 'error') && id !== undefined) {
      const asker = from === 'bridge' ? 'host' : 'bridge';
      const request = this.open.get(`${asker}:${id}`);
      if (request) {
        this.open.delete(`${asker}:${id}`);
        durationMs = Math.max(0, Math.round((at - request.at) * 100) / 100);
        era = request.era;
      }
      if (from === 'bridge' && id === this.initializeId && kind === 'response') {
        this.initializeId = undefined;
        const version = isRecord(message.result) ? message.result.protocolVersion : undefined;
        if (typeof version === 'string') this.sessionEra = era = version.slice(0, 40);
      }
    }
    return {
      at: Math.round(at * 100) / 100,
      from,
      kind,
      era,
      message: redactSecrets(message),
      ...(durationMs !== undefined ? { durationMs } : {}),
    };
  }
}

/** The last line of a recording that reached its size cap. */
export function cutMarker(at: number, capBytes: number): MarkerLine {
  return {
    at: Math.round(at * 100) / 100,
    marker: 'cut',
    reason: `recording stopped at its size cap of ${capBytes} bytes (--record-max-bytes); later messages were not recorded`,
  };
}

/** A line saying the writer fell behind the session and left messages out. */
export function droppedMarker(at: number, count: number): MarkerLine {
  return {
    at: Math.round(at * 100) / 100,
    marker: 'dropped',
    reason: `${count} message${count === 1 ? ' was' : 's were'} not recorded because the disk could not keep up with the session`,
    count,
  };
}
