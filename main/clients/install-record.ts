import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { configDir, type PathContext } from '../../platform/credentials/config-paths';
import { writeFileAtomic } from '../../platform/files/atomic-write';
import type { ClientId } from './catalog';

/**
 * What an install created, so that removing the entry restores the file as it was: the file itself (deleted
 * again when nothing else was added to it) or the servers container (taken out again when left empty).
 */
export interface InstallRecord {
  readonly file: string;
  readonly createdFile: boolean;
  readonly createdContainer: boolean;
}

interface RecordFile {
  version: 1;
  installs: Partial<Record<ClientId, InstallRecord>>;
}

export function installRecordFile(paths: PathContext): string {
  return path.join(configDir(paths), 'assistants.json');
}

async function read(paths: PathContext): Promise<RecordFile> {
  try {
    const doc = JSON.parse(await readFile(installRecordFile(paths), 'utf8')) as RecordFile;
    if (doc?.version === 1 && typeof doc.installs === 'object' && doc.installs !== null) return doc;
  } catch {
    // Missing or damaged: the record only refines a removal, so start afresh.
  }
  return { version: 1, installs: {} };
}

async function write(paths: PathContext, doc: RecordFile): Promise<void> {
  await writeFileAtomic(installRecordFile(paths), `${JSON.stringify(doc, null, 2)}\n`, { createDir: { mode: 0o700 } });
}

/** The record for a client, if it is for this very file (a record of another path, e.g. after HOME moved, is ignored). */
export async function getInstallRecord(paths: PathContext, client: ClientId, file: string): Promise<InstallRecord | undefined> {
  const record = (await read(paths)).installs[client];
  return record?.file === file ? record : undefined;
}

export async function setInstallRecord(paths: PathContext, client: ClientId, record: InstallRecord | undefined): Promise<void> {
  const doc = await read(paths);
  if (record) doc.installs[client] = record;
  else delete doc.installs[client];
  await write(paths, doc);
}
