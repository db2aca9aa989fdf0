import { pairCalls, recordedTools, type MockSource } from '../../domain/recording/calls';
import { parseRecording, RecordingError, recordingNotes } from '../../domain/recording/parse';
import { FileReadError, readBoundedFile } from '../../platform/files/bounded-read';
import { parseCollection } from '../../domain/collections/format';
import { collectionSource } from './collection-source';

/** The largest recording the mock reads (20 times the bridge's default cap of 50 MB). */
export const MAX_RECORDING_FILE_BYTES = 1024 * 1024 * 1024;

/** A file the mock cannot serve; `message` names the file and what to do. */
export class MockInputError extends Error {
  override readonly name = 'MockInputError';
}

export interface LoadedSource {
  readonly source: MockSource;
  /** What the recording lacks (cut at its cap, lines dropped, last line incomplete), for the operator. */
  readonly notes?: string;
}

/** A recording's text as the mock's source of answers. */
function recordingSource(file: string, text: string): LoadedSource {
  let recording;
  try {
    recording = parseRecording(text);
  } catch (error) {
    if (error instanceof RecordingError) throw new MockInputError(`${file}: ${error.message}`);
    throw error;
  }
  const calls = pairCalls(recording.exchanges);
  const tools = recordedTools(recording.exchanges);
  const notes = recordingNotes(recording);
  return {
    source: { calls: () => calls, tools: () => tools },
    ...(notes !== undefined ? { notes } : {}),
  };
}

/** A collection's text as the mock's source of answers: its items' snapshots. */
function collectionFileSource(file: string, text: string): LoadedSource {
  const parsed = parseCollection(text, file);
  if (!parsed.ok) throw new MockInputError(parsed.message);
  const { source, skipped } = collectionSource(parsed.collection);
  const notes =
    skipped > 0
      ? `${skipped} of the collection's ${parsed.collection.items.length} items have no answer to serve (no snapshot of the whole response or of structuredContent, or a variable with no value in the file).`
      : undefined;
  return { source, ...(notes !== undefined ? { notes } : {}) };
}

/**
 * Whether a file's text is a recording rather than a collection: a recording's first line is a whole
 * JSON object naming its format; a collection is one JSON document without a "format" key.
 */
function looksLikeRecording(text: string): boolean {
  const newline = text.indexOf('\n');
  try {
    const head: unknown = JSON.parse(newline === -1 ? text : text.slice(0, newline));
    return head !== null && typeof head === 'object' && !('items' in head);
  } catch {
    // A first line that is not JSON: a pretty-printed collection starts with "{" alone.
    return !text.trimStart().startsWith('{');
  }
}

/**
 * Reads the mock's source of answers: a recording made with `companion bridge --record`, or a
 * collection (`*.collection.json`), told apart by content, not by name.
 */
export async function readMockSource(file: string): Promise<LoadedSource> {
  let text: string;
  try {
    text = (await readBoundedFile(file, { limit: MAX_RECORDING_FILE_BYTES })).toString('utf8');
  } catch (error) {
    if (error instanceof FileReadError) throw new MockInputError(error.message);
    throw error;
  }
  return looksLikeRecording(text) ? recordingSource(file, text) : collectionFileSource(file, text);
}
