/** State of the Assistants view: the clients, what each action last did, and the live activity. */
import { create } from 'zustand';
import type { ClientId } from '../../../../domain/assistant-clients';
import type { ActivityRecord, AssistantClient, AssistantsOverview, ConnectionTest } from '../../../../domain/ipc/assistants-channels';
import type { CompanionApi } from '../../../../domain/ipc/facade';

/** What the last action on a client produced, shown under it until the next one. */
export type Outcome =
  | {
      kind: 'installed' | 'removed' | 'unchanged';
      file: string;
      backup?: string;
      restartHint: string;
      needsRestart: boolean;
      deleted?: boolean;
    }
  | { kind: 'tested'; result: ConnectionTest }
  | { kind: 'failed'; action: 'install' | 'remove' | 'test'; message: string };

export type Busy = 'install' | 'remove' | 'test';

/** The last change (install or remove) and the last test are kept apart, so a test does not hide the restart hint. */
export interface Outcomes {
  change?: Outcome;
  test?: Outcome;
}

/** How many tool calls the view keeps; the log itself holds more. */
export const ACTIVITY_KEPT = 500;

interface AssistantsState {
  overview: AssistantsOverview | null;
  loadError: string | null;
  loading: boolean;
  profile: string | null;
  busy: Partial<Record<ClientId, Busy>>;
  outcomes: Partial<Record<ClientId, Outcomes>>;
  activity: ActivityRecord[];
  activityLog: string | null;
  activityError: string | null;
}

export const useAssistantsStore = create<AssistantsState>()(() => ({
  overview: null,
  loadError: null,
  loading: false,
  profile: null,
  busy: {},
  outcomes: {},
  activity: [],
  activityLog: null,
  activityError: null,
}));

const set = useAssistantsStore.setState;
const get = useAssistantsStore.getState;

export function selectedProfile(s: AssistantsState = get()): string {
  return s.profile ?? s.overview?.defaultProfile ?? 'default';
}

export function chooseProfile(profile: string): void {
  set({ profile });
}

export async function loadClients(api: CompanionApi): Promise<void> {
  set({ loading: true });
  try {
    const overview = await api.assistants.list();
    set((s) => ({
      overview,
      loadError: null,
      profile: s.profile && overview.profiles.includes(s.profile) ? s.profile : overview.defaultProfile,
    }));
  } catch (error) {
    set({ loadError: (error as Error).message });
  } finally {
    set({ loading: false });
  }
}

function replaceClient(client: AssistantClient): void {
  set((s) =>
    s.overview ? { overview: { ...s.overview, clients: s.overview.clients.map((c) => (c.id === client.id ? client : c)) } } : {},
  );
}

function record(id: ClientId, slot: keyof Outcomes, outcome: Outcome | undefined): void {
  set((s) => ({ outcomes: { ...s.outcomes, [id]: { ...s.outcomes[id], [slot]: outcome } } }));
}

async function act(id: ClientId, busy: Busy, run: () => Promise<Outcome>): Promise<void> {
  if (get().busy[id]) return;
  const slot = busy === 'test' ? 'test' : 'change';
  set((s) => ({ busy: { ...s.busy, [id]: busy } }));
  // A change makes the last test result out of date.
  if (slot === 'change') record(id, 'test', undefined);
  try {
    record(id, slot, await run());
  } catch (error) {
    record(id, slot, { kind: 'failed', action: busy, message: (error as Error).message });
  } finally {
    set((s) => {
      const { [id]: _, ...rest } = s.busy;
      return { busy: rest };
    });
  }
}

export function install(api: CompanionApi, id: ClientId): Promise<void> {
  return act(id, 'install', async () => {
    const r = await api.assistants.install(id, { profile: selectedProfile() });
    replaceClient(r.client);
    return {
      kind: r.changed ? 'installed' : 'unchanged',
      file: r.client.displayPath,
      ...(r.backup ? { backup: r.backup } : {}),
      restartHint: r.client.restartHint,
      needsRestart: r.client.needsRestart,
    };
  });
}

export function remove(api: CompanionApi, id: ClientId): Promise<void> {
  return act(id, 'remove', async () => {
    const r = await api.assistants.remove(id);
    replaceClient(r.client);
    return {
      kind: r.changed ? 'removed' : 'unchanged',
      file: r.client.displayPath,
      ...(r.backup ? { backup: r.backup } : {}),
      ...(r.deleted ? { deleted: true } : {}),
      restartHint: r.client.restartHint,
      needsRestart: r.client.needsRestart,
    };
  });
}

export function test(api: CompanionApi, id: ClientId): Promise<void> {
  return act(id, 'test', async () => {
    const result = await api.assistants.test(id);
    // A passed handshake is recorded in main: the card turns from "Configured" to "Connected".
    const fresh = (await api.assistants.list().catch(() => undefined))?.clients.find((c) => c.id === id);
    if (fresh) replaceClient(fresh);
    return { kind: 'tested', result };
  });
}

export function dismiss(id: ClientId, slot: keyof Outcomes): void {
  record(id, slot, undefined);
}

/**
 * Loads the newest tool calls and follows new ones. Subscribes before reading so nothing logged in
 * between is missed; records already shown are not added twice.
 */
export function followActivity(api: CompanionApi): () => void {
  const key = (r: ActivityRecord) => `${r.time}|${r.tool}|${r.durationMs}|${r.profile}`;
  const unsubscribe = api.on('assistants:activity', ({ records }) => {
    set((s) => {
      const seen = new Set(s.activity.map(key));
      const fresh = records.filter((r) => !seen.has(key(r))).reverse();
      return fresh.length ? { activity: [...fresh, ...s.activity].slice(0, ACTIVITY_KEPT) } : {};
    });
  });
  api.assistants.recentActivity().then(
    ({ records, logFile }) =>
      set((s) => {
        const seen = new Set(s.activity.map(key));
        return {
          activityLog: logFile,
          activityError: null,
          activity: [...s.activity, ...records.filter((r) => !seen.has(key(r)))].slice(0, ACTIVITY_KEPT),
        };
      }),
    (error: Error) => set({ activityError: error.message }),
  );
  return unsubscribe;
}
