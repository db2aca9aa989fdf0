import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { IPC_INVOKE, type Envelope } from '../../domain/ipc/channel-names';
import type { Dispatch } from '../services/dispatch';
import { isAppUrl } from './app-origin';

/**
 * Checks who is calling before anything is dispatched: only the app's own top-level frame may call.
 * Returns a refusal envelope, or undefined when the sender is trusted.
 */
export function refuseSender(event: Pick<IpcMainInvokeEvent, 'senderFrame' | 'sender'>): Envelope<never> | undefined {
  const frame = event.senderFrame;
  if (!frame) return { ok: false, error: { code: 'forbidden_sender', message: 'The calling frame no longer exists.' } };
  if (!isAppUrl(frame.url)) {
    return { ok: false, error: { code: 'forbidden_sender', message: 'Calls are accepted only from the app itself.' } };
  }
  if (frame !== event.sender.mainFrame) {
    return { ok: false, error: { code: 'forbidden_sender', message: 'Calls are accepted only from the main frame.' } };
  }
  return undefined;
}

/** Registers the one invoke channel; the dispatcher rejects unknown channels and invalid arguments. */
export function registerIpc(dispatch: Dispatch): () => void {
  ipcMain.handle(IPC_INVOKE, async (event, channel: unknown, args: unknown) => {
    return refuseSender(event) ?? dispatch(channel, args);
  });
  return () => ipcMain.removeHandler(IPC_INVOKE);
}
