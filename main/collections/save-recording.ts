/**
 * The app's "Save as collection": an assistant's newest recorded session (in `<app data>/recordings/`)
 * written as a collection next to it, in `<app data>/collections/`, by the CLI's own conversion.
 */
import { lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { ServiceError } from '../services/service-error';
import { collectionFromCalls, ConversionInputError, readRecording, saveCollection } from './from-recording';

export interface SavedRecording {
  readonly file: string;
  readonly recording: string;
  readonly items: number;
  readonly notes?: string;
}

/** Saves the newest `<prefix>*.jsonl` of `recordingsDir`; an existing collection of it is kept (a new name is not invented). */
export async function saveRecordingAsCollection(recordingsDir: string, prefix: string): Promise<SavedRecording> {
  const names = (await readdir(recordingsDir).catch(() => [] as string[])).filter((n) => n.startsWith(prefix) && n.endsWith('.jsonl'));
  // The bridge names sessions by their start time ({date}: 2026-11-28_09-15-02), so the last name is the newest.
  const newest = names.sort().at(-1);
  if (!newest)
    throw new ServiceError('not_found', 'No session has been recorded yet: turn on "Record sessions" and use the assistant first.');
  const recording = path.join(recordingsDir, newest);
  const collectionsDir = path.join(path.dirname(recordingsDir), 'collections');
  const file = path.join(collectionsDir, `${newest.slice(0, -'.jsonl'.length)}.collection.json`);
  if (
    await lstat(file).then(
      () => true,
      () => false,
    )
  )
    throw new ServiceError('already_saved', `This session is already saved as a collection: ${file}.`);
  try {
    const read = await readRecording(recording);
    const { collection, count } = collectionFromCalls(read, recording);
    await mkdir(collectionsDir, { recursive: true });
    await saveCollection(file, collection, false);
    return { file, recording, items: count, ...(read.notes !== undefined ? { notes: read.notes } : {}) };
  } catch (error) {
    if (error instanceof ConversionInputError) throw new ServiceError('recording_unusable', error.message);
    throw error;
  }
}
