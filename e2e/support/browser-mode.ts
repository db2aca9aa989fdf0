import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const CLI = join(REPO_ROOT, 'out/main/cli.js');

export interface RunningApp {
  /** The launch URL with its token, as printed at start-up. */
  readonly launchUrl: string;
  readonly origin: string;
  readonly token: string;
  /** A private HOME for this run: config, keychain profile names and logs stay out of the real one. */
  readonly home: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `companion web` like a user would and waits for its one URL line. */
export async function startBrowserMode(
  options: {
    env?: NodeJS.ProcessEnv;
    home?: string;
    /** Variables the app must not see (DBUS_SESSION_BUS_ADDRESS: no keychain). */ unset?: readonly string[];
  } = {},
): Promise<RunningApp> {
  const home = options.home ?? mkdtempSync(join(tmpdir(), 'companion-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    APPDATA: join(home, 'AppData'),
    ...options.env,
  };
  for (const name of options.unset ?? []) delete env[name];
  const child = spawn(process.execPath, [CLI, 'web', '--port', '0'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const launchUrl = await new Promise<string>((resolveUrl, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`browser mode did not print its URL in 20 s.\n${stderr}`)), 20_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /^Gateway Companion: (http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)$/m.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`browser mode exited with ${code} before printing its URL.\n${stderr}`));
    });
  });
  const url = new URL(launchUrl);
  return {
    launchUrl,
    origin: url.origin,
    token: url.hash.replace('#token=', ''),
    home,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.home) rmSync(home, { recursive: true, force: true });
    },
  };
}
