import { readFile } from 'node:fs/promises';
import { extname, isAbsolute, join, normalize, relative } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

export interface StaticFile {
  body: Buffer;
  type: string;
  immutable: boolean;
}

/** Resolves a URL path inside `root`; client-side routes fall back to index.html. */
export async function readStatic(root: string, urlPath: string): Promise<StaticFile | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const wanted = normalize(decoded).replace(/^[/\\]+/, '');
  const file = join(root, wanted || 'index.html');
  const rel = relative(root, file);
  if (rel.startsWith('..') || isAbsolute(rel)) return undefined;
  const ext = extname(file);
  try {
    return { body: await readFile(file), type: TYPES[ext] ?? 'application/octet-stream', immutable: rel.startsWith('assets') };
  } catch {
    if (ext) return undefined;
    return { body: await readFile(join(root, 'index.html')), type: TYPES['.html']!, immutable: false };
  }
}
