import { app, session, shell, type WebContents } from 'electron';
import { isAppUrl } from './app-origin';
import { parseHttpsUrl } from '../services/external-url';

/** Opens a link in the system browser only when it parses as an https URL. */
export async function openExternalSafely(raw: string): Promise<boolean> {
  let url: URL;
  try {
    url = parseHttpsUrl(raw);
  } catch {
    return false;
  }
  await shell.openExternal(url.toString()); // eng-disable OPEN_EXTERNAL_JS_CHECK -- only parsed https URLs reach here
  return true;
}

function lockDown(contents: WebContents): void {
  // In-app navigation is client-side; any real navigation is an attack or a stray link.
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalSafely(url);
    return { action: 'deny' };
  });
}

/** Applies the hardening to every web contents the app ever creates. */
export function applySecurityPolicy(): void {
  app.on('web-contents-created', (_event, contents) => lockDown(contents));
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
}
