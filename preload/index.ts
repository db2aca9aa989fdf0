import { contextBridge, ipcRenderer } from 'electron';
import { EVENT_NAMES, IPC_EVENT, IPC_INVOKE, type Envelope } from '../domain/ipc/channel-names';
import { createFacade } from '../domain/ipc/facade';

const eventNames = new Set<string>(EVENT_NAMES);

// The renderer gets this facade only: never ipcRenderer, never Node.
const api = createFacade({
  invoke: (channel, args) => ipcRenderer.invoke(IPC_INVOKE, channel, args) as Promise<Envelope<unknown>>,
  subscribe: (listener) => {
    const handler = (_event: unknown, name: unknown, payload: unknown) => {
      if (typeof name === 'string' && eventNames.has(name)) listener(name, payload);
    };
    ipcRenderer.on(IPC_EVENT, handler);
    return () => ipcRenderer.removeListener(IPC_EVENT, handler);
  },
});

contextBridge.exposeInMainWorld('companion', api);
