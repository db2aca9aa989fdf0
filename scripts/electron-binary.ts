import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Finds the installed Electron executable without side effects. `require('electron')` is not used:
 * when the binary is missing it starts a download from GitHub, which hangs or fails offline.
 */
export function findElectronBinary(): { path: string } | { reason: string } {
  let pkgDir: string;
  try {
    pkgDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { reason: 'the electron package is not installed' };
  }
  const pathFile = join(pkgDir, 'path.txt');
  if (!existsSync(pathFile)) {
    return { reason: 'its binary was not downloaded (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1, or the download failed)' };
  }
  const relative = readFileSync(pathFile, 'utf8').trim();
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(pkgDir, 'dist');
  const binary = join(dist, relative);
  return existsSync(binary) ? { path: binary } : { reason: `its binary is missing at ${binary}` };
}
