import { createRequire } from 'node:module';
import { tuneBridgeProcess } from '../../bridge/process-flags';
import { useCompileCache } from './compile-cache';

/**
 * Node modules the bridge uses. A V8 flag set before a built-in module loads makes Node compile that
 * module from source instead of using its embedded code cache (~12 ms more for these), so they are
 * loaded before the flags are set.
 */
const BRIDGE_BUILTINS = ['child_process', 'crypto', 'http', 'https', 'net', 'stream', 'timers/promises', 'tls', 'vm'];

// Imported first by the CLI entry, so `companion bridge` tunes V8 before any other module runs.
if (process.argv[2] === 'bridge') {
  const load = createRequire(import.meta.url);
  for (const name of BRIDGE_BUILTINS) load(`node:${name}`);
  tuneBridgeProcess();
}
// After the flags: V8 tags cached code with the flags it was compiled under, and Node keeps a cache per
// set of flags, so the bridge's code is cached apart from the other commands' and both stay usable.
useCompileCache(process.env);
