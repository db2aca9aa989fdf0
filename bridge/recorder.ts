/**
 * `companion bridge --record FILE`: every message of the assistant's session, both ways, as recording
 * lines (`domain/recording/`), redacted. The core calls the two hooks; this module owns the file.
 *
 * The bridge must never wait for the disk and memory must stay bounded: lines go into a queue of at most
 * MAX_QUEUED_BYTES that one writer drains with asynchronous appends. A line that does not fit is dropped
 * and counted, and a marker line says how many were lost. The file never grows past its cap: the line
 * that would pass it is replaced by a final "cut" marker and recording stops.
 */
import { constants } from 'node:fs';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { assertNoLinkOnPath } from '../platform/files/contained-path';
import { cutMarker, droppedMarker, recordingHeader, RecordingLines } from '../domain/recording/lines';
import type { Direction } from '../domain/recording/format';
import { DEFAULT_RECORD_MAX_BYTES } from './limits';

/** What the core tells a recorder; both calls return at once. */
export interface BridgeRecorder {
  /** A line the host sent (a JSON-RPC message, before the bridge acts on it). */
  fromHost(line: string): void;
  /** A line the bridge writes to the host (an answer, an error, a notification, a gateway request). */
  toHost(line: string): void;
}

/** Lines waiting for the disk, at most (one larger line is still taken when nothing waits). */
export const MAX_QUEUED_BYTES = 8 * 1024 * 1024;
/** Room kept under the cap for the final marker line. */
const MARKER_ROOM = 512;
/** How many numbered names (`-2`, `-3`, …) are tried when the file already exists. */
const MAX_NAME_TRIES = 100;

/** `{date}` in a record path becomes the session's start time, safe in file names on every OS: 2026-11-28_09-15-02. */
export function expandRecordPath(pattern: string, now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace('T', '_').replaceAll(':', '-');
  return pattern.replaceAll('{date}', stamp);
}

const numbered = (file: string, n: number) => {
  const ext = path.extname(file);
  return n === 1 ? file : `${file.slice(0, file.length - ext.length)}-${n}${ext}`;
};

/** Opens a new file for the recording: never through a link, never over an existing file (a number is added). */
async function openNewFile(file: string): Promise<{ handle: FileHandle; file: string }> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // The folder itself must not be a link (the app's recordings folder redirected elsewhere).
  await assertNoLinkOnPath(path.dirname(dir), path.basename(dir));
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
  for (let n = 1; ; n++) {
    const candidate = numbered(file, n);
    try {
      return { handle: await open(candidate, flags, 0o600), file: candidate };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n >= MAX_NAME_TRIES) throw error;
    }
  }
}

export interface FileRecorderOptions {
  /** The file to create (after `{date}` expansion); a number is added if it exists. */
  readonly file: string;
  readonly maxBytes?: number;
  /** Told once if the file cannot be opened or written; the bridge goes on without recording. */
  readonly onError?: (message: string) => void;
  /** Milliseconds, for tests; default performance.now(). */
  readonly now?: () => number;
  readonly startedAt?: Date;
}

export class FileRecorder implements BridgeRecorder {
  private readonly lines = new RecordingLines();
  private readonly now: () => number;
  private readonly start: number;
  private readonly maxBytes: number;
  private readonly queue: string[] = [];
  private queuedBytes = 0;
  /** Bytes of every line accepted so far (written or waiting), the header included. */
  private accounted = 0;
  private dropped = 0;
  private stopped = false;
  private begun = false;
  /** Messages taken but not yet turned into lines, in order; a dropped run is one marker entry. */
  private readonly waiting: Array<{ from: Direction; text: string; at: number } | { dropped: number; at: number }> = [];
  private waitingBytes = 0;
  private scheduled: NodeJS.Immediate | undefined;
  private handle: Promise<FileHandle | undefined> | undefined;
  private writing: Promise<void> | undefined;
  /** The file actually created (a number may have been added), once open. */
  file: string | undefined;

  constructor(private readonly options: FileRecorderOptions) {
    this.now = options.now ?? (() => performance.now());
    this.start = this.now();
    this.maxBytes = options.maxBytes ?? DEFAULT_RECORD_MAX_BYTES;
  }

  fromHost(line: string): void {
    this.record('host', line);
  }

  toHost(line: string): void {
    this.record('bridge', line);
  }

  /**
   * Takes the line as it is and returns: the parsing, redaction and serialising wait for the next turn of
   * the event loop (setImmediate), so the message reaches the host or the gateway first. What waits counts
   * against the queue's bound with what is being written; past it the message is dropped and counted, and
   * a marker takes its place.
   */
  private record(from: Direction, text: string): void {
    if (this.stopped) return;
    const at = this.now() - this.start;
    const waiting = this.waitingBytes + this.queuedBytes;
    if (waiting > 0 && waiting + text.length > MAX_QUEUED_BYTES) {
      this.dropped++;
      return;
    }
    if (this.dropped > 0) {
      this.waiting.push({ dropped: this.dropped, at });
      this.dropped = 0;
    }
    this.waiting.push({ from, text, at });
    this.waitingBytes += text.length;
    this.scheduled ??= setImmediate(() => this.processWaiting());
  }

  private processWaiting(): void {
    this.scheduled = undefined;
    for (const item of this.waiting.splice(0)) {
      if ('dropped' in item) {
        if (!this.stopped) this.enqueue(JSON.stringify(droppedMarker(item.at, item.dropped)));
        continue;
      }
      this.waitingBytes -= item.text.length;
      if (!this.stopped) this.process(item.from, item.text, item.at);
    }
  }

  private process(from: Direction, text: string, at: number): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    const line = this.lines.line(from, message, at);
    if (!line) return;
    // The file is created with the first message: a bridge spawned and stopped at once leaves nothing.
    if (!this.begun) {
      this.begun = true;
      this.enqueue(JSON.stringify(recordingHeader(this.options.startedAt ?? new Date())), true);
    }
    this.enqueue(JSON.stringify(line));
  }

  /** Queues one line unless it would pass the cap; then the cut marker goes instead and recording stops. */
  private enqueue(json: string, header = false): boolean {
    const bytes = Buffer.byteLength(json) + 1;
    if (!header && this.accounted + bytes + MARKER_ROOM > this.maxBytes) {
      this.stopped = true;
      this.push(JSON.stringify(cutMarker(this.now() - this.start, this.maxBytes)));
      return false;
    }
    this.push(json);
    return true;
  }

  private push(json: string): void {
    const text = `${json}\n`;
    const bytes = Buffer.byteLength(text);
    this.accounted += bytes;
    this.queuedBytes += bytes;
    this.queue.push(text);
    this.writing ??= this.drain().finally(() => (this.writing = undefined));
  }

  private openOnce(): Promise<FileHandle | undefined> {
    this.handle ??= openNewFile(this.options.file).then(
      (opened) => {
        this.file = opened.file;
        return opened.handle;
      },
      (error: Error) => this.fail(`could not create the recording ${this.options.file}: ${error.message}`),
    );
    return this.handle;
  }

  private fail(message: string): undefined {
    this.stopped = true;
    this.queue.length = 0;
    this.queuedBytes = 0;
    this.options.onError?.(message);
    return undefined;
  }

  /** The one writer: appends what is queued, in order, a batch at a time. */
  private async drain(): Promise<void> {
    const handle = await this.openOnce();
    while (handle && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.queue.length).join('');
      try {
        await handle.write(batch);
      } catch (error) {
        this.fail(`recording stopped: writing ${this.file ?? this.options.file} failed: ${(error as Error).message}`);
        return;
      }
      this.queuedBytes -= Buffer.byteLength(batch);
    }
  }

  /** Writes what is queued (and a marker for lines dropped at the end), then closes the file. */
  async close(): Promise<void> {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.processWaiting();
    if (this.dropped > 0 && !this.stopped) {
      this.enqueue(JSON.stringify(droppedMarker(this.now() - this.start, this.dropped)));
      this.dropped = 0;
    }
    this.stopped = true;
    while (this.writing) await this.writing;
    const handle = await this.handle;
    await handle?.close().catch(() => undefined);
  }
}
