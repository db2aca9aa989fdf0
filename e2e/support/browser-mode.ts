import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const CLI = join(REPO_ROOT, 'out/main/cli.js');

const LINK_LINE = /^Gateway Companion: (http:\/\/127\.0\.0\.1:\d+\/login\?code=[\w-]+)$/;

export interface RunningApp {
  /**
   * An address that opens the app in a page, as often as a test needs: each visit asks the app for a fresh
   * one-time link (Enter on its standard input, as a user would) and is sent on to it. The app's own links
   * open it once each, so a spec that opens several pages cannot reuse one.
   */
  readonly launchUrl: string;
  /** The first link the app printed at start-up (used by this support to sign in itself, see `token`). */
  readonly printedLink: string;
  readonly origin: string;
  /** A session for direct API calls (the one the support's own sign-in received). */
  readonly token: string;
  /** Presses Enter where the app runs and returns the one-time link it prints. */
  freshLink(): Promise<string>;
  /** A private HOME for this run: config, keychain profile names and logs stay out of the real one. */
  readonly home: string;
  readonly process: ChildProcessWithoutNullStreams;
  stop(): Promise<void>;
}

/** Signs in with a link the way a page does; undefined when the app refuses it (used or expired). */
export async function sessionFrom(link: string): Promise<string | undefined> {
  const res = await fetch(link);
  const page = await res.text();
  return res.ok ? /<meta name="companion-session" content="([\w-]+)">/.exec(page)?.[1] : undefined;
}

/** Starts `companion web` like a user would and waits for its one link line. */
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
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  // Every link line the app prints, handed to whoever waits for the next one.
  const links: string[] = [];
  const waiting: Array<(link: string) => void> = [];
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    const lines = out.split('\n');
    out = lines.pop() ?? '';
    for (const line of lines) {
      const link = LINK_LINE.exec(line)?.[1];
      if (!link) continue;
      const next = waiting.shift();
      if (next) next(link);
      else links.push(link);
    }
  });
  const nextLink = () =>
    new Promise<string>((resolveLink, reject) => {
      const queued = links.shift();
      if (queued) return resolveLink(queued);
      // Bounds a hang only: a busy 2-core machine can take many seconds to start the app.
      const timer = setTimeout(() => reject(new Error(`browser mode printed no link in 60 s.\n${stderr}`)), 60_000);
      const onExit = (code: number | null) => reject(new Error(`browser mode exited with ${code} before printing a link.\n${stderr}`));
      child.once('exit', onExit);
      waiting.push((link) => {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolveLink(link);
      });
    });
  const printedLink = await nextLink();
  const freshLink = () => {
    const link = nextLink();
    child.stdin.write('\n');
    return link;
  };
  const token = await sessionFrom(printedLink);

  // Every visit to launchUrl gets a fresh link of the app's and is sent on to it.
  const opener: Server = createServer((_req, res) => {
    freshLink().then(
      (link) => res.writeHead(302, { Location: link, 'Cache-Control': 'no-store' }).end(),
      (error: Error) => res.writeHead(502, { 'Content-Type': 'text/plain' }).end(error.message),
    );
  });
  await new Promise<void>((r) => opener.listen(0, '127.0.0.1', r));
  const origin = new URL(printedLink).origin;
  return {
    launchUrl: `http://127.0.0.1:${(opener.address() as AddressInfo).port}/`,
    printedLink,
    origin,
    get token(): string {
      if (!token) throw new Error('The support could not sign in with the first link (is the link lifetime shortened?).');
      return token;
    },
    freshLink,
    home,
    process: child,
    async stop() {
      opener.closeAllConnections();
      await new Promise((r) => opener.close(r));
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.home) rmSync(home, { recursive: true, force: true });
    },
  };
}
