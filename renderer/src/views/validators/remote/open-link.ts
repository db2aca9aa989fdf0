/**
 * Opens a GitHub page in the system browser through the host (https only; main refuses anything else).
 * Browser mode cannot open windows from main, so the page opens it itself.
 */
import type { CompanionApi } from '../../../../../domain/ipc/facade';

export async function openLink(api: CompanionApi, url: string): Promise<void> {
  const { opened } = await api.app.openExternal(url);
  if (!opened) window.open(url, '_blank', 'noopener,noreferrer');
}
