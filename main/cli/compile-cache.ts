/**
 * Node's compile cache for the CLI: V8 keeps the code it compiled for the modules `companion` loads in a
 * per-user folder, and the next start reads it instead of compiling them again (every command, the bridge
 * too). Node checks each entry against the module's source, the Node version and the V8 flags, so an
 * update or the bridge's own flags never pick up stale code. Cached code runs as it is, so the folder must
 * be private: it is created with mode 0700 and used only while it is a real folder (not a link) of this
 * user that no one else can read or write. Node's own NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
import { lstatSync, mkdirSync } from 'node:fs';
import { constants, enableCompileCache } from 'node:module';
import { compileCacheDir, currentPathContext } from '../../platform/credentials/config-paths';

/** Creates the folder if needed; true when it is fit to hold code this process will run. */
export function isPrivateFolder(dir: string): boolean {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const info = lstatSync(dir);
  if (!info.isDirectory()) return false;
  // Windows has no modes: the folder is under the user's own %LOCALAPPDATA%.
  if (process.platform === 'win32') return true;
  return info.uid === process.getuid?.() && (info.mode & 0o077) === 0;
}

/** Turns the compile cache on for the modules this process loads from now on; whether it is on. */
export function useCompileCache(env: NodeJS.ProcessEnv): boolean {
  try {
    const dir = compileCacheDir(currentPathContext(env));
    return isPrivateFolder(dir) && enableCompileCache(dir).status === constants.compileCacheStatus.ENABLED;
  } catch {
    // A cache only saves time: a folder that cannot be made or read never stops a command.
    return false;
  }
}
