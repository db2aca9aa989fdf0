/**
 * Bundles a test's child process into one file: it starts in well under 100 ms, so hundreds of child
 * processes take seconds, not minutes. It is ESM (the CLI's command list loads with top-level await);
 * sharp and the keychain binding stay outside and resolve from this checkout's node_modules, linked next
 * to the bundle.
 */
import { symlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { build } from 'esbuild';

export async function bundleChild(entry: string, work: string): Promise<string> {
  const script = join(work, basename(entry).replace(/\.ts$/, '.mjs'));
  await symlink(join(import.meta.dirname, '..', '..', 'node_modules'), join(work, 'node_modules')).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: script,
    external: ['sharp', '@napi-rs/keyring', 'electron'],
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'error',
  });
  return script;
}
