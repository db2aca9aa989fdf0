/**
 * Reads collection files and environment files: a file, or every `*.collection.json` in a folder (sorted,
 * not recursive), each through the app's bounded reader. What cannot be read or parsed is one plain line
 * naming the file and the place. A collection is checked without zod first (`quick-check.ts`, which
 * saves loading it before `companion test`'s first call); the zod schema decides the rest and words it.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Collection } from '../../domain/collections/format';
import { findSyntaxError } from '../../domain/collections/json-syntax';
import { VARIABLE_NAME } from '../../domain/collections/patterns';
import { quickCollection } from '../../domain/collections/quick-check';
import { FileReadError, readBoundedFile } from '../../platform/files/bounded-read';

/** Larger than any collection people write by hand or record; a runaway file is refused, not read. */
const MAX_COLLECTION_BYTES = 16 * 1024 * 1024;
const MAX_ENV_BYTES = 1024 * 1024;
const MAX_FILES = 1000;
export const COLLECTION_SUFFIX = '.collection.json';

export interface LoadedCollection {
  readonly file: string;
  readonly collection: Collection;
}

export class CollectionLoadError extends Error {
  override readonly name = 'CollectionLoadError';
}

async function readText(file: string, limit: number, noFollow = false): Promise<string> {
  try {
    return (await readBoundedFile(file, { limit, noFollow })).toString('utf8');
  } catch (error) {
    throw new CollectionLoadError(
      error instanceof FileReadError ? `${file}: ${error.detail}.` : `${file}: cannot be read (${(error as Error).message}).`,
    );
  }
}

/** The collection files a path names: itself, or a folder's `*.collection.json` files. */
async function filesOf(target: string): Promise<string[]> {
  const info = await stat(target).catch(() => undefined);
  if (!info) throw new CollectionLoadError(`${target}: no such file or folder.`);
  if (!info.isDirectory()) return [target];
  const names = (await readdir(target)).filter((n) => n.endsWith(COLLECTION_SUFFIX)).sort();
  if (names.length === 0) throw new CollectionLoadError(`${target}: the folder has no *${COLLECTION_SUFFIX} files.`);
  if (names.length > MAX_FILES) throw new CollectionLoadError(`${target}: more than ${MAX_FILES} collection files; run a smaller folder.`);
  return names.map((n) => path.join(target, n));
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function parse(text: string, file: string): Promise<Collection> {
  const quick = quickCollection(parsedJson(text));
  if (quick) return quick;
  const { parseCollection } = await import('../../domain/collections/format');
  const parsed = parseCollection(text, file);
  if (!parsed.ok) throw new CollectionLoadError(parsed.message);
  return parsed.collection;
}

/** Every collection the paths name, in order; throws CollectionLoadError on the first that cannot be used. */
export async function loadCollections(targets: readonly string[]): Promise<LoadedCollection[]> {
  const out: LoadedCollection[] = [];
  for (const target of targets) {
    for (const file of await filesOf(target)) out.push({ file, collection: await parse(await readText(file, MAX_COLLECTION_BYTES), file) });
  }
  return out;
}

/**
 * An environment file (`--env`, or the one chosen in the app): one JSON object of variable values.
 * `noFollow` refuses a symbolic link in place of the file (the app reads a path the renderer sent).
 */
export async function loadEnvironment(file: string, options: { readonly noFollow?: boolean } = {}): Promise<Record<string, unknown>> {
  const text = await readText(file, MAX_ENV_BYTES, options.noFollow === true);
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    const place = findSyntaxError(text);
    throw new CollectionLoadError(
      `${file}: not valid JSON${place ? ` at line ${place.line}, column ${place.column}: ${place.message}` : ''}.`,
    );
  }
  if (document === null || typeof document !== 'object' || Array.isArray(document))
    throw new CollectionLoadError(`${file}: an environment file is one JSON object of variables, e.g. {"wallet": "0x…"}.`);
  const bad = Object.keys(document).find((k) => !VARIABLE_NAME.test(k));
  if (bad !== undefined)
    throw new CollectionLoadError(
      `${file}: "${bad.slice(0, 80)}" is not a variable name (letters, digits, "_", "." and "-", starting with a letter or "_").`,
    );
  return document as Record<string, unknown>;
}
