/**
 * Opens a GitHub page: in browser mode as a new tab; in Electron the window-open handler in main denies the
 * window and hands https pages to the system browser (main enforces https; this only explains a refusal).
 */
export function openLink(url: string): void {
  if (new URL(url).protocol !== 'https:') throw new Error(`Only https pages open from the app. Copy the address instead: ${url}`);
  window.open(url, '_blank', 'noopener,noreferrer');
}
