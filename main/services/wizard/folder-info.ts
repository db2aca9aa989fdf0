/**
 * Step 1 of the wizard: is this folder a registry clone? If not, say why and point at a nearby folder
 * that is (people often pick "blockchains" itself, a chain folder, or the folder above their clone).
 */
import { readdir, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { getRegistryChain } from '../../../domain/index';
import { FileReadError } from '../../../platform/files/bounded-read';
import { isRegistryRoot, listChainFolders, readList, registryPaths } from '../../../registry/index';
import type { ChainSummary, FolderInfo } from '../../../domain/ipc/registry-channels';
import { gitInfo } from './git';

/** Accepts what people paste: surrounding quotes or spaces, `~/…`, and file:// URLs from a file manager. */
export function normaliseFolderInput(raw: string): string {
  let text = raw
    .trim()
    .replace(/^(['"])(.*)\1$/s, '$2')
    .trim();
  if (/^file:\/\//i.test(text)) {
    try {
      text = decodeURIComponent(new URL(text).pathname);
    } catch {
      // Not a usable URL: treat it as a plain path.
    }
  }
  if (text === '~' || text.startsWith('~/') || text.startsWith('~\\')) text = join(homedir(), text.slice(1));
  return isAbsolute(text) ? resolve(text) : resolve(homedir(), text);
}

type Kind = 'missing' | 'file' | 'folder';
async function kindOf(path: string): Promise<Kind> {
  try {
    return (await stat(path)).isDirectory() ? 'folder' : 'file';
  } catch {
    return 'missing';
  }
}

/** A registry among the folder's parents or its direct children. */
async function nearbyRegistry(dir: string): Promise<string | undefined> {
  for (let up = dirname(dir), i = 0; up !== dirname(up) && i < 5; up = dirname(up), i++) {
    if (await isRegistryRoot(up)) return up;
  }
  const children = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const child of children.filter((c) => c.isDirectory() && !c.name.startsWith('.')).slice(0, 200)) {
    if (await isRegistryRoot(join(dir, child.name))) return join(dir, child.name);
  }
  return undefined;
}

async function summarise(root: string, slug: string): Promise<ChainSummary> {
  const known = getRegistryChain(slug);
  const base = { slug, name: known?.name ?? slug, known: Boolean(known) };
  const path = registryPaths.list(slug);
  try {
    const doc = await readList(join(root, ...path.split('/')), { path, chain: slug }, root);
    if (doc.ok) return { ...base, validators: doc.entries.length };
    const why = doc.findings.find((f) => f.severity === 'error')?.message ?? 'it is not a JSON list';
    return {
      ...base,
      validators: null,
      problem: `${path} is damaged: ${why} Fix or restore the file (for example with "git checkout -- ${path}"), then open the folder again.`,
    };
  } catch (error) {
    const missing = error instanceof FileReadError && error.reason === 'missing';
    return {
      ...base,
      validators: null,
      problem: missing
        ? `${path} does not exist. Create it with the content [] to add the first validator.`
        : error instanceof FileReadError
          ? error.message
          : `${path} cannot be read: ${(error as Error).message}.`,
    };
  }
}

export async function inspectFolder(raw: string): Promise<FolderInfo> {
  const root = normaliseFolderInput(raw);
  const empty = { root, isRegistry: false, chains: [], validators: 0, git: null };
  const kind = await kindOf(root);
  if (kind === 'missing')
    return {
      ...empty,
      message: `The folder "${root}" does not exist. Check the spelling, or paste the path of your copy of the registry.`,
    };
  if (kind === 'file') {
    const parent = dirname(root);
    const suggestion = (await isRegistryRoot(parent)) ? parent : await nearbyRegistry(parent);
    return {
      ...empty,
      message: `"${root}" is a file, not a folder. Enter the folder that contains "blockchains".`,
      ...(suggestion ? { suggestion } : {}),
    };
  }
  const slugs = await listChainFolders(root);
  if (slugs.length === 0) {
    const suggestion = await nearbyRegistry(root);
    return {
      ...empty,
      message: `"${root}" is not a validator registry: it has no blockchains/<chain>/validators folders. Choose the folder of your copy (clone) of the assets repository, the one that contains "blockchains".`,
      ...(suggestion ? { suggestion } : {}),
    };
  }
  const [chains, git] = await Promise.all([Promise.all(slugs.map((s) => summarise(root, s))), gitInfo(root)]);
  return { root, isRegistry: true, chains, validators: chains.reduce((n, c) => n + (c.validators ?? 0), 0), git };
}
