import { pairCalls, recordedTools, type MockSource } from '../../domain/recording/calls';
import { parseRecording, RecordingError, recordingNotes } from '../../domain/recording/parse';
import { FileReadError, readBoundedFile } from '../../platform/files/bounded-read';

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

/** Reads a recording made with `companion bridge --record` as the mock's source of answers. */
export async function readRecordingSource(file: string): Promise<LoadedSource> {
  let text: string;
  try {
    text = (await readBoundedFile(file, { limit: MAX_RECORDING_FILE_BYTES })).toString('utf8');
  } catch (error) {
    if (error instanceof FileReadError) throw new MockInputError(error.message);
    throw error;
  }
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
