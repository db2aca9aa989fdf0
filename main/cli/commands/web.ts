import { defineCommand, UsageError } from '../command';
import { PRODUCT_NAME } from '../../../domain/app-info';

export const webCommand = defineCommand({
  path: ['web'],
  summary: 'Run the app in browser mode on a loopback URL',
  usage: 'companion web [--port N]',
  about: `Serves Gateway Companion's interface and services on http://127.0.0.1 for any browser.
Prints one line with the URL to open; it carries a per-launch token, so keep it private.
Stop with Ctrl-C.`,
  options: {
    port: { type: 'string', value: 'N', description: 'Port to listen on (default: a free port)' },
  },
  positionals: false,
  async run({ values }, io) {
    const port = values.port === undefined ? undefined : Number(values.port);
    if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
      throw new UsageError(`--port must be a whole number from 0 to 65535, got "${values.port}".`);
    }
    const { startBrowserMode } = await import('../../web/browser-mode');
    const server = await startBrowserMode({ ...(port !== undefined ? { port } : {}), log: (l) => io.stderr.write(`${l}\n`) });
    io.stdout.write(`${PRODUCT_NAME}: ${server.launchUrl}\n`);
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await server.close();
    return 0;
  },
});
