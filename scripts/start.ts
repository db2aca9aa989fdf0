/**
 * `npm start`: the desktop app when an Electron binary is installed; otherwise browser mode, saying why.
 * Both print how to reach the app. Extra arguments pass through (e.g. `npm start -- --port 4000`).
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { findElectronBinary } from './electron-binary';

const ROOT = resolve(import.meta.dirname, '..');

const found = findElectronBinary();
const passthrough = process.argv.slice(2);
let child;
if ('path' in found) {
  child = spawn(found.path, [join(ROOT, 'out/main/index.js'), ...passthrough], { stdio: 'inherit' });
} else {
  console.error(`Electron is not available here (${found.reason}).`);
  console.error('Starting browser mode instead: the same interface and services, in your browser.');
  child = spawn(process.execPath, [join(ROOT, 'out/main/cli.js'), 'web', ...passthrough], { stdio: 'inherit' });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
