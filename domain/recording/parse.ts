/**
 * Reads a recording's text line by line. A recording cut off mid-line (the bridge was killed while writing)
 * keeps every line before the cut and says the last line was incomplete; anything else that is wrong is
 * one error naming the line and what to do.
 */
import {
  exchangeLineSchema,
  markerLineSchema,
  RECORDING_FORMAT,
  RECORDING_VERSION,
  recordingHeaderSchema,
  type ExchangeLine,
  type MarkerLine,
  type RecordingHeader,
} from './format';

export class RecordingError extends Error {
  override readonly name = 'RecordingError';
  constructor(
    message: string,
    /** 1-based line the problem is on, when it is one line's. */
    readonly line?: number,
  ) {
    super(message);
  }
}

export interface ParsedRecording {
  readonly header: RecordingHeader;
  /** The messages, in the order they were recorded. */
  readonly exchanges: readonly ExchangeLine[];
  /** Cut and dropped markers, in order. */
  readonly markers: readonly MarkerLine[];
  /** The 1-based number of a last line cut off mid-write, which was left out. */
  readonly incompleteLine?: number;
}

/** Keeps an error message readable when it quotes a long or multi-line value. */
const brief = (text: string) => (text.length > 120 ? `${text.slice(0, 120)}…` : text).replace(/\s+/g, ' ');

function parseHeader(text: string): RecordingHeader {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RecordingError('This is not a Gateway Companion recording: its first line is not JSON.', 1);
  }
  const head = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  if (head.format !== RECORDING_FORMAT)
    throw new RecordingError(
      `This is not a Gateway Companion recording: its first line does not name the format "${RECORDING_FORMAT}". Record a session with "companion bridge --record FILE".`,
      1,
    );
  if (typeof head.version === 'number' && head.version > RECORDING_VERSION)
    throw new RecordingError(
      `This recording is format version ${head.version}; this Gateway Companion reads up to version ${RECORDING_VERSION}. Update Gateway Companion to read it.`,
      1,
    );
  const header = recordingHeaderSchema.safeParse(value);
  if (!header.success)
    throw new RecordingError(
      `The recording's header (line 1) is damaged: ${brief(header.error.issues[0]?.message ?? 'unknown problem')}.`,
      1,
    );
  return header.data;
}

/**
 * Parses a whole recording. Throws RecordingError for an empty file, a file that is not a recording, a
 * newer format version, or a line in the middle that is not JSON or not a recorded message.
 */
export function parseRecording(text: string): ParsedRecording {
  const lines = text.split('\n');
  // A file that ends with a newline leaves one empty string after the split.
  const endsClean = text.endsWith('\n');
  if (endsClean) lines.pop();
  if (lines.length === 0 || (lines.length === 1 && lines[0]?.trim() === ''))
    throw new RecordingError('The recording is empty: it has no header line.');
  const exchanges: ExchangeLine[] = [];
  const markers: MarkerLine[] = [];
  let incompleteLine: number | undefined;
  const header = parseHeader(lines[0] ?? '');
  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const number = i + 1;
    if (raw.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      if (i === lines.length - 1 && !endsClean) {
        incompleteLine = number;
        break;
      }
      throw new RecordingError(`Line ${number} of the recording is not JSON (${brief((error as Error).message)}).`, number);
    }
    if (value !== null && typeof value === 'object' && 'marker' in value) {
      const marker = markerLineSchema.safeParse(value);
      if (!marker.success) throw new RecordingError(`Line ${number} of the recording is a damaged marker.`, number);
      markers.push(marker.data);
      continue;
    }
    const exchange = exchangeLineSchema.safeParse(value);
    if (!exchange.success) {
      const issue = exchange.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
      throw new RecordingError(
        `Line ${number} of the recording is not a recorded message${where}: ${brief(issue?.message ?? 'unknown problem')}.`,
        number,
      );
    }
    exchanges.push(exchange.data);
  }
  return { header, exchanges, markers, ...(incompleteLine !== undefined ? { incompleteLine } : {}) };
}

/** One sentence about what a parsed recording lacks (cut, dropped, incomplete), or undefined when it is whole. */
export function recordingNotes(recording: ParsedRecording): string | undefined {
  const notes: string[] = [];
  if (recording.incompleteLine !== undefined)
    notes.push(`its last line (${recording.incompleteLine}) was incomplete and was left out (the recording stopped mid-write)`);
  for (const m of recording.markers) notes.push(m.reason);
  return notes.length > 0 ? `The recording is not complete: ${notes.join('; ')}.` : undefined;
}
