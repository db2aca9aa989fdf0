/**
 * Which assistants have really connected: a successful Test (the configured entry started as the
 * assistant starts it, the MCP handshake through the bridge, the tool list) is kept here with the entry it
 * tested. An assistant shows "Connected" only while its entry is still the one that passed; a config entry
 * alone is "Configured".
 */
import { join } from 'node:path';
import { configDir, type PathContext } from '../../platform/credentials/config-paths';
import { writeFileAtomic } from '../../platform/files/atomic-write';
import { readBoundedFileIfExists } from '../../platform/files/bounded-read';

export interface Handshake {
  /** When the handshake succeeded (ms since the epoch). */
  readonly at: number;
  readonly toolCount: number;
  /** The entry that was started: command, arguments and profile. */
  readonly entry: string;
}

type Records = Record<string, Handshake>;

export const handshakesFile = (paths: PathContext) => join(configDir(paths), 'assistants', 'handshakes.json');

/** The fingerprint of an entry: a changed command, arguments or profile needs a new handshake. */
export function entryFingerprint(entry: { command: string; args: readonly string[]; profile?: string | undefined }): string {
  return JSON.stringify([entry.command, entry.args, entry.profile ?? null]);
}

function isHandshake(value: unknown): value is Handshake {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v['at'] === 'number' && typeof v['toolCount'] === 'number' && typeof v['entry'] === 'string';
}

export async function readHandshakes(paths: PathContext): Promise<Records> {
  let text: Buffer | null;
  try {
    text = await readBoundedFileIfExists(handshakesFile(paths), { limit: 'draft' });
  } catch {
    return {};
  }
  if (!text) return {};
  try {
    const parsed = JSON.parse(text.toString('utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((pair): pair is [string, Handshake] => isHandshake(pair[1])));
  } catch {
    // A damaged record only means "not tested yet": it is rewritten by the next successful Test.
    return {};
  }
}

export async function recordHandshake(paths: PathContext, client: string, handshake: Handshake): Promise<void> {
  const records = await readHandshakes(paths);
  records[client] = handshake;
  await writeFileAtomic(handshakesFile(paths), `${JSON.stringify(records, null, 2)}\n`, { createDir: true });
}

/** The handshake still valid for this entry, if any. */
export function currentHandshake(records: Records, client: string, fingerprint: string | undefined): Handshake | undefined {
  const record = records[client];
  return record && fingerprint !== undefined && record.entry === fingerprint ? record : undefined;
}
