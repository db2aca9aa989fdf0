/**
 * The app's "Save as collection": an assistant's newest recorded session (in `<app data>/recordings/`)
 * written as a collection in the collections folder (the one chosen, else the default), by the CLI's own
 * conversion.
 */
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { ServiceError } from '../services/service-error';
import type { CollectionsFolder } from './folder';
import { collectionFromCalls, ConversionInputError, readRecording, saveCollection } from './from-recording';

export interface SavedRecording {
  readonly file: string;
  readonly recording: string;
  readonly items: number;
  readonly notes?: string;
}

/** Saves the newest `<prefix>*.jsonl` of `recordingsDir`; an existing collection of it is kept (a new name is not invented). */
export async function saveRecordingAsCollection(recordingsDir: string, prefix: string, folder: CollectionsFolder): Promise<SavedRecording> {
  const names = (await readdir(recordingsDir).catch(() => [] as string[])).filter((n) => n.startsWith(prefix) && n.endsWith('.jsonl'));
  // The bridge names sessions by their start time ({date}: 2026-11-28_09-15-02), so the last name is the newest.
  const newest = names.sort().at(-1);
  if (!newest)
    throw new ServiceError('not_found', 'No session has been recorded yet: turn on "Record sessions" and use the assistant first.');
  const recording = path.join(recordingsDir, newest);
  const file = path.join(folder.dir, `${newest.slice(0, -'.jsonl'.length)}.collection.json`);
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
    await folder.ready();
    await saveCollection(file, collection, false);
    return { file, recording, items: count, ...(read.notes !== undefined ? { notes: read.notes } : {}) };
  } catch (error) {
    if (error instanceof ConversionInputError) throw new ServiceError('recording_unusable', error.message);
    throw error;
  }
}
