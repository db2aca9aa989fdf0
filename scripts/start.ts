/**
 * `npm start`: builds quietly (the build's output is shown only when it fails), then runs the desktop app
 * when an Electron binary is installed, otherwise browser mode, saying why in one line. In browser mode it
 * prints the app's one-time link and opens it in the default browser when there is a desktop to show it on
 * (Enter prints a fresh link: standard input goes to the app).
 * Extra arguments pass through (e.g. `npm start -- --port 4000`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findElectronBinary } from './electron-binary';

const ROOT = resolve(import.meta.dirname, '..');

function build(): void {
  process.stderr.write('Building Gateway Companion…\n');
  // Tests run beside other tests that use out/, which a build would empty and rewrite.
  if (process.env.GATEWAY_COMPANION_START_NO_BUILD === '1') return;
  const run = spawnSync(process.execPath, [join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  if (run.status !== 0) {
    process.stderr.write(`${run.stdout}${run.stderr}\nThe build failed (above); nothing was started.\n`);
    process.exit(run.status ?? 1);
  }
}

/** A desktop session that can show a browser window (not CI, not a bare SSH login). */
function hasDesktop(env: NodeJS.ProcessEnv): boolean {
  if (env.CI || env.GATEWAY_COMPANION_NO_BROWSER) return false;
  if (process.platform === 'darwin' || process.platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/**
 * Opens the app's address in the default browser. The address carries a one-time code (it opens the app
 * once, within 60 s), which must not appear in another program's arguments while it works (other users can
 * read those): the browser is pointed at a private file that forwards to the address, and the file is
 * removed once the browser had time to read it.
 */
function openInBrowser(url: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-companion-open-'));
  const file = join(dir, 'open.html');
  const target = JSON.stringify(url).replace(/</g, '\\u003c');
  writeFileSync(file, `<!doctype html><meta charset="utf-8"><title>Gateway Companion</title><script>location.replace(${target})</script>`, {
    mode: 0o600,
  });
  const opener =
    process.platform === 'darwin'
      ? ['open', [pathToFileURL(file).href]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', pathToFileURL(file).href]]
        : ['xdg-open', [pathToFileURL(file).href]];
  const child = spawn(opener[0] as string, opener[1] as string[], { stdio: 'ignore', detached: true });
  child.on('error', () => process.stderr.write('Could not open a browser; open the address above yourself.\n'));
  child.unref();
  setTimeout(() => rmSync(dir, { recursive: true, force: true }), 30_000).unref();
}

build();
const found = findElectronBinary();
const passthrough = process.argv.slice(2);
let child;
if ('path' in found) {
  child = spawn(found.path, [join(ROOT, 'out/main/index.js'), ...passthrough], { stdio: 'inherit' });
} else {
  process.stderr.write(`Electron is not available here (${found.reason}), so the app runs in your browser.\n`);
  child = spawn(process.execPath, [join(ROOT, 'out/main/cli.js'), 'web', ...passthrough], { stdio: ['inherit', 'pipe', 'inherit'] });
  let opened = false;
  child.stdout?.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    const url = /http:\/\/127\.0\.0\.1:\d+\/login\?code=[\w-]+/.exec(chunk.toString('utf8'))?.[0];
    if (url && !opened && hasDesktop(process.env)) {
      opened = true;
      openInBrowser(url);
    }
  });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
