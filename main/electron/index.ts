import { app, BrowserWindow, dialog } from 'electron';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { IPC_EVENT } from '../../domain/ipc/channel-names';
import { createDispatcher } from '../services/dispatch';
import { createServices } from '../services/index';
import type { HostContext } from '../services/host-context';
import { registerAppScheme, serveRenderer } from './protocol';
import { applySecurityPolicy, openExternalSafely } from './security';
import { registerIpc } from './ipc';
import { createMainWindow } from './window';
import { bridgeArguments } from './bridge-mode';
import { askpassPrompt } from './askpass-mode';

const here = dirname(fileURLToPath(import.meta.url));

function startApp(): void {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  registerAppScheme();

  let mainWindow: BrowserWindow | undefined;
  const ctx: HostContext = {
    host: 'electron',
    openLink: (url) => openExternalSafely(url.toString()),
    emit: (event, payload) => {
      for (const win of BrowserWindow.getAllWindows()) win.webContents.send(IPC_EVENT, event, payload);
    },
    log: (line) => process.stderr.write(`${line}\n`),
    pickFolder: async (title) => {
      // createDirectory: macOS shows "New Folder" only when asked (a collections folder in a repository is often new).
      const options = { title, properties: ['openDirectory' as const, 'createDirectory' as const] };
      const picked = mainWindow ? await dialog.showOpenDialog(mainWindow, options) : await dialog.showOpenDialog(options);
      return picked.canceled ? null : (picked.filePaths[0] ?? null);
    },
    pickFile: async (title, filters) => {
      const options = {
        title,
        properties: ['openFile' as const],
        filters: filters.map((f) => ({ name: f.name, extensions: [...f.extensions] })),
      };
      const picked = mainWindow ? await dialog.showOpenDialog(mainWindow, options) : await dialog.showOpenDialog(options);
      return picked.canceled ? null : (picked.filePaths[0] ?? null);
    },
  };

  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  void app.whenReady().then(() => {
    applySecurityPolicy();
    serveRenderer(join(here, '../renderer'));
    const services = createServices(ctx);
    registerIpc(createDispatcher(services.handlers, ctx.log));
    // Close long-lived connections before quitting, once; then quit for real.
    let disposed = false;
    app.on('before-quit', (event) => {
      if (disposed) return;
      event.preventDefault();
      disposed = true;
      void services.dispose().finally(() => app.quit());
    });
    mainWindow = createMainWindow(join(here, '../preload/index.cjs'));
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) mainWindow = createMainWindow(join(here, '../preload/index.cjs'));
    });
  });
}

/** Runs the same bridge code as `companion bridge`, then exits with its code. */
function startBridge(argv: string[]): void {
  app.dock?.hide();
  void import('../cli/bridge-cli')
    .then(({ runBridgeCli }) =>
      runBridgeCli(argv, { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env }),
    )
    .then(
      (code) => app.exit(code),
      (error: unknown) => {
        process.stderr.write(`Gateway Companion bridge: ${(error as Error)?.message ?? String(error)}\n`);
        app.exit(1);
      },
    );
}

/** Answers one git prompt with the same code as `companion github askpass`, then exits. */
function startAskpass(prompt: string): void {
  app.dock?.hide();
  void import('../../github/askpass')
    .then(({ answerAskpass }) => answerAskpass(prompt, process.env))
    .then(
      (answer) => process.stdout.write(`${answer}\n`, () => app.exit(0)),
      (error: unknown) => {
        process.stderr.write(`Gateway Companion: ${(error as Error)?.message ?? String(error)}\n`);
        app.exit(1);
      },
    );
}

const bridgeArgs = bridgeArguments(process.argv);
const gitPrompt = askpassPrompt(process.argv);
if (bridgeArgs) startBridge(bridgeArgs);
else if (gitPrompt !== undefined) startAskpass(gitPrompt);
else startApp();
