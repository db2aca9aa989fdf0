/** Helpers shared by the registry tests: a writable copy of the real corpus in a temp dir, and a throwaway git repo. */
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { RegistryError } from './errors';

/** The read-only real registry data. Tests never write here. */
export const CORPUS_ROOT = process.env.REGISTRY_CORPUS ?? resolve(import.meta.dirname, '../../shared/registry-corpus');

export async function tempDir(prefix = 'registry-test-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** Copies the corpus (or only the given chains) into a fresh temp dir and returns the new registry root. */
export async function copyCorpus(chains?: readonly string[]): Promise<string> {
  const root = await tempDir();
  const names = chains ?? (await readdir(join(CORPUS_ROOT, 'blockchains')));
  await Promise.all(names.map((c) => cp(join(CORPUS_ROOT, 'blockchains', c), join(root, 'blockchains', c), { recursive: true })));
  return root;
}

export async function corpusChains(): Promise<string[]> {
  return (await readdir(join(CORPUS_ROOT, 'blockchains'))).sort();
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Turns `dir` into a git repo with everything committed. */
export function gitInitCommitted(dir: string): void {
  git(dir, 'init', '-q');
  git(dir, 'config', 'user.name', 'Registry Test');
  git(dir, 'config', 'user.email', 'registry-test@example.invalid');
  git(dir, 'config', 'core.autocrlf', 'false');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'corpus');
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** A valid operator address (real bech32 checksum) that is not in the corpus. */
export async function newValoperId(prefix = 'cosmosvaloper', seed = 1): Promise<string> {
  const { bech32 } = await import('@scure/base');
  const bytes = Uint8Array.from({ length: 20 }, (_, i) => (i * 37 + seed * 101) & 0xff);
  return bech32.encode(prefix, bech32.toWords(bytes));
}

/** Awaits a promise that must reject with a RegistryError, and returns that error. */
export async function refusal(promise: Promise<unknown>): Promise<RegistryError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof RegistryError)) throw new Error(`expected a RegistryError, got ${String(error)}`);
  return error;
}
