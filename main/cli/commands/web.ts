import { defineCommand, UsageError } from '../command';
import { portOption } from '../port-option';
import { createInterface } from 'node:readline';
import { PRODUCT_NAME } from '../../../domain/app-info';

export const webCommand = defineCommand({
  path: ['web'],
  summary: 'Run the app in browser mode on a loopback URL',
  usage: 'companion web [--port N]',
  about: `Serves Gateway Companion's interface and services on http://127.0.0.1 for any browser.
Prints one line with the link to open. A link opens the app once, within 60 seconds, so the
address your browser keeps in its history opens nothing; press Enter here for a fresh link
(another browser, another tab, or one that expired). GATEWAY_COMPANION_WEB_LINK_LIFETIME_MS
shortens the 60 seconds. Stop with Ctrl-C.`,
  options: {
    port: { type: 'string', value: 'N', description: 'Port to listen on (default: a free port)' },
  },
  positionals: false,
  async run({ values }, io) {
    const port = values.port === undefined ? undefined : portOption(values.port);
    const [{ startBrowserMode }, { linkLifetimeFrom }] = await Promise.all([
      import('../../web/browser-mode'),
      import('../../web/launch-links'),
    ]);
    let linkLifetimeMs: number;
    try {
      linkLifetimeMs = linkLifetimeFrom(io.env);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const server = await startBrowserMode({
      ...(port !== undefined ? { port } : {}),
      linkLifetimeMs,
      log: (l) => io.stderr.write(`${l}\n`),
    });
    io.stdout.write(`${PRODUCT_NAME}: ${server.launchUrl}\n`);
    // Each line on standard input (Enter) prints a fresh one-time link.
    const lines = createInterface({ input: io.stdin, terminal: false });
    lines.on('line', () => io.stdout.write(`${PRODUCT_NAME}: ${server.freshLaunchUrl()}\n`));
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    lines.close();
    await server.close();
    return 0;
  },
});
