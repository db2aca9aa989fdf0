import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { CompanionApi } from '../../../../../domain/ipc/facade';
import type { ConnectionInfo } from '../../../../../domain/ipc/playground-channels';

export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'failed';

interface ConnectionState {
  /** Persisted: the profile the user last picked. */
  selected: string;
  status: ConnectionStatus;
  connection: ConnectionInfo | undefined;
  error: string | undefined;
  /** Why the connection ended, when it was not the user's doing. */
  notice: string | undefined;
  profilesOpen: boolean;
  pinging: boolean;
  select: (name: string) => void;
  toggleProfiles: (open?: boolean) => void;
  restore: (api: CompanionApi) => Promise<void>;
  connect: (api: CompanionApi, profile: string) => Promise<void>;
  disconnect: (api: CompanionApi) => Promise<void>;
  ping: (api: CompanionApi) => Promise<void>;
  dropped: (reason: string | undefined) => void;
}

/** Marks for the "tool list within 200 ms of connecting" figure (read by scripts/bench/playground.ts). */
export const MARK_CONNECTED = 'playground:connected';
export const MARK_TOOLS_PAINTED = 'playground:tools-painted';

export const useConnectionStore = create<ConnectionState>()(
  persist(
    (set, get) => ({
      selected: 'default',
      status: 'idle',
      connection: undefined,
      error: undefined,
      notice: undefined,
      profilesOpen: false,
      pinging: false,
      select: (name) => set({ selected: name, error: undefined }),
      toggleProfiles: (open) => set((s) => ({ profilesOpen: open ?? !s.profilesOpen })),
      async restore(api) {
        try {
          const { connection } = await api.playground.state();
          if (connection) set({ connection, status: 'connected', selected: connection.profile });
        } catch {
          // Services unreachable: the status area says so.
        }
      },
      async connect(api, profile) {
        set({ status: 'connecting', error: undefined, notice: undefined });
        try {
          const connection = await api.playground.connect(profile);
          performance.clearMarks(MARK_CONNECTED);
          performance.clearMarks(MARK_TOOLS_PAINTED);
          performance.mark(MARK_CONNECTED);
          set({ connection, status: 'connected' });
        } catch (error) {
          set({ status: 'failed', connection: undefined, error: (error as Error).message });
        }
      },
      async disconnect(api) {
        try {
          await api.playground.disconnect();
        } finally {
          set({ status: 'idle', connection: undefined, notice: undefined });
        }
      },
      async ping(api) {
        const connection = get().connection;
        if (!connection) return;
        set({ pinging: true });
        try {
          const { latencyMs } = await api.playground.ping();
          set((s) => ({ connection: s.connection && { ...s.connection, latencyMs } }));
        } catch (error) {
          set({ error: (error as Error).message });
        } finally {
          set({ pinging: false });
        }
      },
      dropped(reason) {
        if (get().status !== 'connected') return;
        set({ status: 'idle', connection: undefined, notice: reason ?? 'The connection ended.' });
      },
    }),
    { name: 'companion.playground.connection', partialize: (s) => ({ selected: s.selected }) },
  ),
);
