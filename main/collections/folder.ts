/**
 * A collections folder: the one the user chose (folder-choice.ts), or by default `collections/` in the
 * per-user configuration folder (beside `profiles.json` and `playground/history.jsonl`; see `configDir`).
 * Files are named by base name only and resolved inside the folder. Reads never follow a link and are
 * bounded; writes are atomic, never go through a link, and never replace a file that is not a collection
 * (the user's edits would be lost). Saved text goes through `serializeCollection`, which redacts
 * secret-looking values. Only the default folder is created when missing: a chosen one that is not there
 * (a disk not plugged in) is an error, never made again elsewhere.
 */
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { parseCollection, serializeCollection, type Collection, type CollectionItem } from '../../domain/collections/format';
import { writeFileAtomic } from '../../platform/files/atomic-write';
import { FileReadError, readBoundedFileIfExists } from '../../platform/files/bounded-read';
import { configDir, type PathContext } from '../../platform/credentials/config-paths';
import { COLLECTION_SUFFIX } from './load';

const MAX_COLLECTION_BYTES = 16 * 1024 * 1024;
/** The list shows at most this many files (a folder of thousands is not browsed in the app). */
const MAX_LISTED = 500;
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,110}\.collection\.json$/;

/** Where collections live until the user chooses another folder. */
export function defaultCollectionsDir(paths: PathContext): string {
  return path.join(configDir(paths), 'collections');
}

/** A problem the user can act on (the service turns it into an IPC error with this message). */
export class CollectionFileError extends Error {
  override readonly name = 'CollectionFileError';
  constructor(
    readonly code: 'not_found' | 'invalid_file' | 'unsafe_path' | 'invalid_folder' | 'folder_unavailable',
    message: string,
  ) {
    super(message);
  }
}

export interface FolderEntry {
  readonly file: string;
  readonly name?: string;
  readonly items?: number;
  readonly problem?: string;
}

/** `My quotes` → `my-quotes.collection.json`. */
export function fileNameFor(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${slug || 'collection'}${COLLECTION_SUFFIX}`;
}

export class CollectionsFolder {
  constructor(
    readonly dir: string,
    /** Create the folder on the first write (the default folder only). */
    private readonly options: { readonly create: boolean },
  ) {}

  /** Makes sure the folder exists before a write: creates the default one, never a chosen one. */
  async ready(): Promise<void> {
    if (this.options.create) await mkdir(this.dir, { recursive: true, mode: 0o700 });
  }

  private pathOf(file: string): string {
    if (!FILE_NAME.test(file)) throw new CollectionFileError('unsafe_path', `"${file.slice(0, 80)}" is not a collection file name.`);
    return path.join(this.dir, file);
  }

  /** The file's text, or null when it does not exist; a link or a non-file is refused. */
  private async text(file: string): Promise<string | null> {
    try {
      const bytes = await readBoundedFileIfExists(this.pathOf(file), { limit: MAX_COLLECTION_BYTES, noFollow: true, root: this.dir });
      return bytes?.toString('utf8') ?? null;
    } catch (error) {
      if (error instanceof FileReadError) throw new CollectionFileError('invalid_file', error.message);
      throw error;
    }
  }

  async list(): Promise<FolderEntry[]> {
    const names = await readdir(this.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      if (this.options.create) return [] as string[];
      throw new CollectionFileError('folder_unavailable', `There is no folder at ${this.dir} any more; nothing was read.`);
    });
    const files = names
      .filter((n) => FILE_NAME.test(n))
      .sort((a, b) => a.localeCompare(b))
      .slice(0, MAX_LISTED);
    const out: FolderEntry[] = [];
    for (const file of files) {
      try {
        const text = await this.text(file);
        if (text === null) continue;
        const parsed = parseCollection(text, file);
        out.push(
          parsed.ok ? { file, name: parsed.collection.name, items: parsed.collection.items.length } : { file, problem: parsed.message },
        );
      } catch (error) {
        out.push({ file, problem: (error as Error).message });
      }
    }
    return out;
  }

  async read(file: string): Promise<Collection> {
    const text = await this.text(file);
    if (text === null) throw new CollectionFileError('not_found', `${file} is no longer in ${this.dir}.`);
    const parsed = parseCollection(text, file);
    if (!parsed.ok) throw new CollectionFileError('invalid_file', parsed.message);
    return parsed.collection;
  }

  /** Replaces or creates the file; refuses when what is there now is not a collection. */
  async save(file: string, collection: Collection): Promise<void> {
    const current = await this.text(file);
    if (current !== null) {
      const parsed = parseCollection(current, file);
      if (!parsed.ok) throw new CollectionFileError('invalid_file', `${parsed.message} It was not replaced, so nothing in it is lost.`);
    }
    await this.write(file, collection);
  }

  /** Adds the item at the end of the file's collection, or creates a collection of one item. */
  async append(
    target: { file: string } | { newName: string },
    item: CollectionItem,
  ): Promise<{ file: string; created: boolean; items: number }> {
    const file = 'file' in target ? target.file : fileNameFor(target.newName);
    const current = await this.text(file);
    if (current === null) {
      if ('file' in target) throw new CollectionFileError('not_found', `${file} is no longer in ${this.dir}.`);
      await this.write(file, { name: target.newName, items: [item] });
      return { file, created: true, items: 1 };
    }
    const parsed = parseCollection(current, file);
    if (!parsed.ok) throw new CollectionFileError('invalid_file', `${parsed.message} The call was not added, so nothing in it is lost.`);
    const items = [...parsed.collection.items, item];
    await this.write(file, { ...parsed.collection, items });
    return { file, created: false, items: items.length };
  }

  private async write(file: string, collection: Collection): Promise<void> {
    const target = this.pathOf(file);
    await this.ready();
    await writeFileAtomic(target, serializeCollection(collection), { root: this.dir }).catch((error: NodeJS.ErrnoException) => {
      // A chosen folder gone since it was checked: said plainly, and nothing is made in its place.
      if (error.code === 'ENOENT' && !this.options.create)
        throw new CollectionFileError('folder_unavailable', `There is no folder at ${this.dir} any more; nothing was written.`);
      throw error;
    });
  }
}
