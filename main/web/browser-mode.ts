import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createDispatcher } from '../services/dispatch';
import { createServices } from '../services/index';
import type { HostContext } from '../services/host-context';
import { startWebServer, type WebServer } from './server';

export interface BrowserModeOptions {
  port?: number;
  rendererDir?: string;
  /** How long a printed link works (at most 60 s). */
  linkLifetimeMs?: number;
  log?: (line: string) => void;
}

/** The built renderer sits beside the bundled main code (out/main/[chunks/]*.js and out/renderer/). */
export function findRendererDir(): string {
  for (const rel of ['../renderer/', '../../renderer/']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(`${dir}index.html`)) return dir;
  }
  throw new Error('The built interface was not found next to the app code. Run "npm run build" first.');
}

/** Runs the app's services behind the loopback web server, for any browser. */
export async function startBrowserMode(options: BrowserModeOptions = {}): Promise<WebServer> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  let server: WebServer | undefined = undefined;
  const ctx: HostContext = {
    host: 'browser',
    // The page opens https links itself (target=_blank, noopener); a server cannot open a browser tab safely.
    openLink: async () => false,
    emit: (event, payload) => server?.emit(event, payload),
    log,
  };
  const services = createServices(ctx);
  const web = await startWebServer({
    rendererDir: options.rendererDir ?? findRendererDir(),
    dispatch: createDispatcher(services.handlers, log),
    ...(options.port !== undefined ? { port: options.port } : {}),
    ...(options.linkLifetimeMs !== undefined ? { linkLifetimeMs: options.linkLifetimeMs } : {}),
  });
  server = web;
  return {
    ...web,
    close: async () => {
      await web.close();
      await services.dispose();
    },
  };
}
