/**
 * A recording (`companion bridge --record`) as a collection: its tool calls, numbered from 1 in the order
 * the host sent them, each made an item by `itemFromCall` with a snapshot of what the gateway answered.
 * The one conversion of the CLI (`companion record to-collection`) and the app's "Save as collection".
 */
import { basename } from 'node:path';
import { parseCollection, serializeCollection, type Collection } from '../../domain/collections/format';
import { itemFromCall } from '../../domain/collections/from-call';
import { isJsonPointer } from '../../domain/collections/json-pointer';
import { pairCalls, type RecordedCall } from '../../domain/recording/calls';
import { parseRecording, RecordingError, recordingNotes, type ParsedRecording } from '../../domain/recording/parse';
import { writeFileAtomic, writeNewFile } from '../../platform/files/atomic-write';
import { FileReadError, readBoundedFile, readBoundedFileIfExists } from '../../platform/files/bounded-read';
import { MAX_RECORDING_FILE_BYTES } from '../mock/mock-source';

/** Input that cannot be converted: `message` is one plain sentence naming the file and what to do. */
export class ConversionInputError extends Error {
  override readonly name = 'ConversionInputError';
}

export interface ReadRecording {
  readonly recording: ParsedRecording;
  readonly calls: readonly RecordedCall[];
  /** What the recording lacks (last line cut off mid-write, cut at its cap), for the operator. */
  readonly notes?: string;
}

/** Reads and parses a recording file; its answered tool calls, numbered from 1 by their index + 1. */
export async function readRecording(file: string): Promise<ReadRecording> {
  let text: string;
  try {
    text = (await readBoundedFile(file, { limit: MAX_RECORDING_FILE_BYTES })).toString('utf8');
  } catch (error) {
    if (error instanceof FileReadError) throw new ConversionInputError(error.message);
    throw error;
  }
  let recording;
  try {
    recording = parseRecording(text);
  } catch (error) {
    if (error instanceof RecordingError) throw new ConversionInputError(`${file}: ${error.message}`);
    throw error;
  }
  const notes = recordingNotes(recording);
  return { recording, calls: pairCalls(recording.exchanges), ...(notes !== undefined ? { notes } : {}) };
}

/** One line per call: its number, tool, outcome and arguments (shortened), as `--list` prints them. */
export function listCalls(calls: readonly RecordedCall[]): string {
  return calls
    .map((call, i) => {
      const outcome = call.error ? `error ${call.error.code}` : call.result?.isError === true ? 'tool error' : 'ok';
      const args = JSON.stringify(call.arguments);
      return `${String(i + 1).padStart(4)}  ${call.tool}  (${outcome})  ${args.length > 100 ? `${args.slice(0, 100)}…` : args}`;
    })
    .join('\n');
}

export interface ConversionOptions {
  /** First call, 1-based (default 1). */
  readonly from?: number;
  /** Last call, 1-based and included (default the last). */
  readonly to?: number;
  readonly name?: string;
  /** Extra pointers the snapshots skip; `*` matches any one key or index. */
  readonly ignore?: readonly string[];
  /** Keep the values that change on every call (UUIDs, timestamps, prices) in the snapshots. */
  readonly exact?: boolean;
}

/** The collection of calls `from`..`to` (1-based, inclusive); throws ConversionInputError when none is there. */
export function collectionFromCalls(
  read: ReadRecording,
  source: string,
  options: ConversionOptions = {},
): { collection: Collection; count: number } {
  const total = read.calls.length;
  if (total === 0)
    throw new ConversionInputError(
      `${source} has no answered tool calls to convert: the session never called a tool (or was stopped before an answer).`,
    );
  const from = options.from ?? 1;
  const to = Math.min(options.to ?? total, total);
  if (from > total || from > to)
    throw new ConversionInputError(
      `${source} has calls 1 to ${total}; there is none from ${from} to ${options.to ?? total}. See them with --list.`,
    );
  for (const pattern of options.ignore ?? [])
    if (!isJsonPointer(pattern))
      throw new ConversionInputError(`--ignore "${pattern}" is not a JSON Pointer: start it with "/", e.g. /structuredContent/id.`);
  const items = read.calls.slice(from - 1, to).map((call, i) =>
    itemFromCall({
      ...call,
      name: `call ${from + i}: ${call.tool}`,
      ...(options.ignore ? { ignorePaths: options.ignore } : {}),
      ignoreVolatile: !options.exact,
    }),
  );
  const range = from === 1 && to === total ? `all ${total} calls` : `calls ${from} to ${to} of ${total}`;
  return {
    collection: {
      name: options.name ?? `Recorded session of ${read.recording.header.startedAt}`,
      description: `Made from ${basename(source)} (${range}) with companion record to-collection.`,
      items,
    },
    count: items.length,
  };
}

/**
 * Writes the collection atomically. A new file never replaces anything (nor a link: the name is created
 * with a hard link, which fails on any existing name). With `force`, an existing collection file is
 * replaced by rename (a link is replaced, never followed); a file that is not a collection is kept.
 */
export async function saveCollection(file: string, collection: Collection, force: boolean): Promise<void> {
  const text = serializeCollection(collection);
  if (await writeNewFile(file, text)) return;
  if (!force) throw new ConversionInputError(`${file} already exists; choose another --out file, or add --force to replace it.`);
  let existing: Buffer | null;
  try {
    existing = await readBoundedFileIfExists(file, { limit: 16 * 1024 * 1024, noFollow: true });
  } catch (error) {
    if (error instanceof FileReadError)
      throw new ConversionInputError(`${file} exists and cannot be replaced: ${error.message}. Choose another --out file.`);
    throw error;
  }
  if (existing !== null && !parseCollection(existing.toString('utf8'), file).ok)
    throw new ConversionInputError(`${file} exists and is not a collection, so it is kept; choose another --out file.`);
  await writeFileAtomic(file, text);
}
