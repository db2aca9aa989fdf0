import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { REPO_ROOT } from './support/browser-mode';
import { findElectronBinary } from '../scripts/electron-binary';

const found = findElectronBinary();
const binary = 'path' in found ? { path: found.path, reason: undefined } : { path: undefined, reason: found.reason };

test.describe('Electron shell', () => {
  test.skip(
    !binary.path,
    `No Electron binary is installed here: ${binary.reason}. Installs with ELECTRON_SKIP_BINARY_DOWNLOAD=1 cannot run Electron. Browser-mode tests cover the same renderer and services.`,
  );

  test('opens one hardened window whose renderer reaches main through window.companion', async () => {
    const app = await electron.launch({ executablePath: binary.path!, args: [join(REPO_ROOT, 'out/main/index.js')] });
    const page = await app.firstWindow();
    await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Status' })).toContainText('Desktop app');
    const prefs = await app.evaluate(({ BrowserWindow }) => {
      // Not in electron.d.ts, but present at runtime: the preferences the renderer really got.
      const contents = BrowserWindow.getAllWindows()[0]!.webContents as unknown as {
        getLastWebPreferences(): Record<string, unknown> | null;
      };
      const wp = contents.getLastWebPreferences();
      return {
        contextIsolation: wp?.contextIsolation,
        sandbox: wp?.sandbox,
        nodeIntegration: wp?.nodeIntegration,
        webSecurity: wp?.webSecurity,
      };
    });
    expect(prefs).toEqual({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    expect(await page.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe('undefined');
    const info = await page.evaluate(() => window.companion!.app.info());
    expect(info.host).toBe('electron');
    expect(page.url()).toBe('app://companion/index.html');
    await app.close();
  });
});
