import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { configDir, type PathContext } from '../../platform/credentials/config-paths';
import { writeNewFile } from '../../platform/files/atomic-write';
import type { ClientId } from './catalog';

/** How many backups of one client's config are kept; older ones are deleted after each new one. */
export const BACKUPS_KEPT = 20;

/** `<app config dir>/backups/<client>/`: private (0700), since other servers in a user's config may hold their secrets. */
export function backupDir(paths: PathContext, client: ClientId): string {
  return path.join(configDir(paths), 'backups', client);
}

/** `2025-03-01T09-30-05-123Z`: sortable and valid in file names on every OS. */
function stamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/** Copies the previous content of a config into a new timestamped file (mode 0600) and returns its path. */
export async function backupConfig(
  paths: PathContext,
  client: ClientId,
  configFile: string,
  content: Uint8Array,
  now = new Date(),
): Promise<string> {
  const dir = backupDir(paths, client);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const base = `${stamp(now)}-${path.basename(configFile)}`;
  for (let n = 0; ; n++) {
    const file = path.join(dir, n === 0 ? base : `${stamp(now)}-${n}-${path.basename(configFile)}`);
    // Never part-written: a backup appears whole or not at all.
    if (!(await writeNewFile(file, content, { mode: 0o600 }))) {
      if (n < 100) continue;
      throw new Error(`could not name a new backup in ${dir}: 100 backups of ${path.basename(configFile)} were made at ${stamp(now)}`);
    }
    await prune(dir);
    return file;
  }
}

/** Not a temp file of a backup being written. */
const isBackup = (name: string) => !name.startsWith('.');

async function prune(dir: string): Promise<void> {
  const names = (await readdir(dir)).filter(isBackup).sort();
  await Promise.all(names.slice(0, Math.max(0, names.length - BACKUPS_KEPT)).map((n) => rm(path.join(dir, n), { force: true })));
}

/** Backups of a client's config, newest first. */
export async function listBackups(paths: PathContext, client: ClientId): Promise<string[]> {
  const dir = backupDir(paths, client);
  try {
    return (await readdir(dir))
      .filter(isBackup)
      .sort()
      .reverse()
      .map((n) => path.join(dir, n));
  } catch {
    return [];
  }
}
