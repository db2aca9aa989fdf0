/**
 * What the wizard keeps between runs, in the per-user config folder (never inside the registry clone):
 *   wizard/recent-folders.json   the last registry folders opened
 *   wizard/draft.json            the half-finished submission (the renderer's own JSON)
 *   wizard/logos/<id>.img        uploaded logo sources, so a draft keeps its logo across restarts
 * Browser mode runs on a new port each launch, so browser storage would not survive a restart.
 */
import { createHash } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../../platform/files/atomic-write';
import { readBoundedFile } from '../../../platform/files/bounded-read';

export const MAX_RECENT_FOLDERS = 8;
/** Logo sources kept: the draft's own plus a few recent ones (a user may go back to a previous file). */
export const KEEP_LOGOS = 4;

export interface WizardState {
  recentFolders(): Promise<string[]>;
  rememberFolder(folder: string): Promise<string[]>;
  forgetFolder(folder: string): Promise<string[]>;
  loadDraft(): Promise<string | null>;
  saveDraft(json: string): Promise<void>;
  clearDraft(): Promise<void>;
  /** Stores logo bytes under their id (see logoIdOf). */
  putLogo(logoId: string, bytes: Buffer, fileName: string): Promise<void>;
  /** The bytes and original file name, or null when no longer kept. */
  getLogo(logoId: string): Promise<{ bytes: Buffer; fileName: string } | null>;
}

/** A logo's id is a content hash, so the same file is stored once. */
export function logoIdOf(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

async function readJson<T>(file: string, fallback: T): Promise<T> {
  try {
    return JSON.parse((await readBoundedFile(file, { limit: 'draft' })).toString('utf8')) as T;
  } catch {
    return fallback;
  }
}

export function createWizardState(dir: string): WizardState {
  const recentFile = join(dir, 'recent-folders.json');
  const draftFile = join(dir, 'draft.json');
  const logoDir = join(dir, 'logos');
  const write = (file: string, text: string) => writeFileAtomic(file, text, { createDir: true });
  const recent = async () => {
    const list = await readJson<unknown>(recentFile, []);
    return Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string').slice(0, MAX_RECENT_FOLDERS) : [];
  };
  const saveRecent = async (folders: string[]) => {
    await write(recentFile, `${JSON.stringify(folders, null, 2)}\n`);
    return folders;
  };

  async function pruneLogos(keep: string): Promise<void> {
    const names = await readdir(logoDir).catch(() => [] as string[]);
    const images = await Promise.all(
      names.filter((n) => n.endsWith('.img')).map(async (n) => ({ n, t: (await stat(join(logoDir, n)).catch(() => null))?.mtimeMs ?? 0 })),
    );
    const old = images
      .filter((i) => i.n !== `${keep}.img`)
      .sort((a, b) => b.t - a.t)
      .slice(KEEP_LOGOS - 1);
    await Promise.all(
      old.flatMap(({ n }) => [rm(join(logoDir, n), { force: true }), rm(join(logoDir, n.replace(/\.img$/, '.json')), { force: true })]),
    );
  }

  return {
    recentFolders: recent,
    async rememberFolder(folder) {
      return saveRecent([folder, ...(await recent()).filter((f) => f !== folder)].slice(0, MAX_RECENT_FOLDERS));
    },
    async forgetFolder(folder) {
      return saveRecent((await recent()).filter((f) => f !== folder));
    },
    // A draft that is missing, damaged or not a regular file is no draft: the wizard starts afresh.
    loadDraft: () =>
      readBoundedFile(draftFile, { limit: 'draft' }).then(
        (bytes) => bytes.toString('utf8'),
        () => null,
      ),
    saveDraft: (json) => write(draftFile, json),
    clearDraft: () => rm(draftFile, { force: true }),
    async putLogo(logoId, bytes, fileName) {
      await writeFileAtomic(join(logoDir, `${logoId}.img`), bytes, { createDir: true });
      await writeFileAtomic(join(logoDir, `${logoId}.json`), JSON.stringify({ fileName }));
      await pruneLogos(logoId);
    },
    async getLogo(logoId) {
      if (!/^[0-9a-f]{32}$/.test(logoId)) return null;
      const bytes = await readBoundedFile(join(logoDir, `${logoId}.img`), { limit: 'image' }).catch(() => null);
      if (!bytes) return null;
      const meta = await readJson<{ fileName?: unknown }>(join(logoDir, `${logoId}.json`), {});
      return { bytes, fileName: typeof meta.fileName === 'string' ? meta.fileName : 'logo' };
    },
  };
}
