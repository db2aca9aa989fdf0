import { unwatchFile, watchFile, type Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { auditLogFile, type PathContext } from '../../platform/credentials/config-paths';
import { readAuditLog, type AuditRecord } from '../../bridge/audit-log';

export type { AuditRecord };

/** The newest tool calls from the bridges' audit log (and its rotated backup), newest first. */
export async function readActivity(paths: PathContext, limit = 200): Promise<AuditRecord[]> {
  return readAuditLog(auditLogFile(paths), limit);
}

function parseLine(line: string): AuditRecord | undefined {
  try {
    const r = JSON.parse(line) as AuditRecord;
    if (typeof r.tool === 'string' && typeof r.time === 'string' && typeof r.ok === 'boolean' && typeof r.durationMs === 'number') return r;
  } catch {
    // a damaged line
  }
  return undefined;
}

async function readFrom(file: string, start: number, end: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(Math.max(0, end - start));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export interface ActivityWatcher {
  stop(): void;
}

/**
 * Follows the audit log as bridges append to it (polling its size once a second, which works the same on
 * every OS and before the file exists) and hands over each batch of new records, oldest first. Follows the
 * rotation to `audit.jsonl.1`, so records written just before it are not lost.
 */
export function watchActivity(paths: PathContext, onRecords: (records: AuditRecord[]) => void, intervalMs = 1000): ActivityWatcher {
  const file = auditLogFile(paths);
  let offset = 0;
  let ino = 0;
  let pending = '';
  let queue = Promise.resolve();

  const take = (bytes: Buffer): AuditRecord[] => {
    const text = pending + bytes.toString('utf8');
    const cut = text.lastIndexOf('\n') + 1;
    pending = text.slice(cut); // a line still being written
    return text
      .slice(0, cut)
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .map(parseLine)
      .filter((r): r is AuditRecord => r !== undefined);
  };

  const step = async (current: Stats) => {
    const records: AuditRecord[] = [];
    if (current.ino !== ino || current.size < offset) {
      // Rotated: the rest of the old file now lives in `.1`.
      const old = await stat(`${file}.1`).catch(() => undefined);
      if (ino !== 0 && old?.ino === ino && old.size > offset) records.push(...take(await readFrom(`${file}.1`, offset, old.size)));
      pending = '';
      offset = 0;
      ino = current.ino;
    }
    if (current.size > offset) {
      records.push(...take(await readFrom(file, offset, current.size)));
      offset = current.size;
    }
    if (records.length > 0) onRecords(records);
  };

  // Start at the current end: what is already there is what readActivity returns.
  const ready = stat(file).then(
    (s) => {
      offset = s.size;
      ino = s.ino;
    },
    () => undefined,
  );
  const listener = (current: Stats) => {
    queue = queue
      .then(() => ready)
      .then(() => (current.nlink === 0 && current.size === 0 ? undefined : step(current)))
      .catch(() => undefined);
  };
  watchFile(file, { interval: intervalMs, persistent: false }, listener);
  return { stop: () => unwatchFile(file, listener) };
}
