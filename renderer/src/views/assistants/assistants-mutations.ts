/**
 * What the Assistants view changes through main, as TanStack mutations: Install, Remove, Test and the
 * "Record sessions" switch. Each
 * updates the client in the overview cache; what the last one produced is read back from the mutation
 * cache (useClientActions), so there is no copy of it to keep in step. A change withdraws the client's
 * last test result (it is out of date) and older changes; a test withdraws older tests.
 */
import { mutationOptions, useMutation, useMutationState, type Mutation, type QueryClient } from '@tanstack/react-query';
import type { ClientId } from '../../../../domain/assistant-clients';
import type { AssistantClient, ConnectionTest } from '../../../../domain/ipc/assistants-channels';
import type { CompanionApi } from '../../../../domain/ipc/facade';
import { useApi } from '../../app/api-context';
import { assistantsKeys, replaceClient, useSelectedProfile } from './assistants-queries';

export type Action = 'install' | 'remove' | 'test' | 'record';

/** What the last action on a client produced, shown under it until the next one or until dismissed. */
export type Outcome =
  | {
      kind: 'installed' | 'removed' | 'unchanged' | 'recording-on' | 'recording-off';
      file: string;
      backup?: string;
      restartHint: string;
      needsRestart: boolean;
      deleted?: boolean;
    }
  | { kind: 'tested'; result: ConnectionTest }
  | { kind: 'failed'; action: Action; message: string };

/** The last change (install or remove) and the last test are kept apart, so a test does not hide the restart hint. */
export interface Outcomes {
  change?: Outcome;
  test?: Outcome;
}
export type OutcomeSlot = keyof Outcomes;

const slotOf = (action: Action): OutcomeSlot => (action === 'test' ? 'test' : 'change');
const actionsIn = (slot: OutcomeSlot): Action[] => (slot === 'test' ? ['test'] : ['install', 'remove', 'record']);

/** Withdraws the client's finished outcomes in a slot (the message's × and a newer action do this). */
export function dismissOutcome(client: QueryClient, id: ClientId, slot: OutcomeSlot): void {
  const cache = client.getMutationCache();
  for (const action of actionsIn(slot))
    for (const m of cache.findAll({ mutationKey: assistantsKeys.action(action, id) })) if (m.state.status !== 'pending') cache.remove(m);
}

function changeOutcome(
  kind: 'installed' | 'removed' | 'recording-on' | 'recording-off',
  r: { changed: boolean; backup?: string | undefined; deleted?: boolean | undefined; client: AssistantClient },
): Outcome {
  return {
    kind: r.changed ? kind : 'unchanged',
    file: r.client.displayPath,
    ...(r.backup ? { backup: r.backup } : {}),
    ...(r.deleted ? { deleted: true } : {}),
    restartHint: r.client.restartHint,
    needsRestart: r.client.needsRestart,
  };
}

/** Options shared by the three actions: outcomes stay until replaced or dismissed (gcTime: Infinity). */
const actionOptions = (action: Action, id: ClientId, run: (client: QueryClient) => Promise<Outcome>) =>
  mutationOptions<Outcome, Error, void>({
    mutationKey: assistantsKeys.action(action, id),
    mutationFn: (_vars, { client }) => run(client),
    gcTime: Infinity,
    onMutate: (_vars, { client }) => {
      if (slotOf(action) === 'change') dismissOutcome(client, id, 'test');
      dismissOutcome(client, id, slotOf(action));
      return undefined;
    },
  });

export function installMutation(api: CompanionApi, id: ClientId, profile: string) {
  return actionOptions('install', id, async (client) => {
    const r = await api.assistants.install(id, { profile });
    replaceClient(client, r.client);
    return changeOutcome('installed', r);
  });
}

export function removeMutation(api: CompanionApi, id: ClientId) {
  return actionOptions('remove', id, async (client) => {
    const r = await api.assistants.remove(id);
    replaceClient(client, r.client);
    return changeOutcome('removed', r);
  });
}

/** The "Record sessions" switch: the entry is rewritten with or without --record (the variable is the new state). */
export function recordMutation(api: CompanionApi, id: ClientId) {
  return mutationOptions<Outcome, Error, boolean>({
    mutationKey: assistantsKeys.action('record', id),
    mutationFn: async (record, { client }) => {
      const r = await api.assistants.setRecording(id, { record });
      replaceClient(client, r.client);
      return changeOutcome(record ? 'recording-on' : 'recording-off', r);
    },
    gcTime: Infinity,
    onMutate: (_record, { client }) => {
      dismissOutcome(client, id, 'test');
      dismissOutcome(client, id, 'change');
      return undefined;
    },
  });
}

export function testMutation(api: CompanionApi, id: ClientId) {
  return actionOptions('test', id, async (client) => {
    const result = await api.assistants.test(id);
    // A passed handshake is recorded in main: the card turns from "Configured" to "Connected".
    const fresh = (await api.assistants.list().catch(() => undefined))?.clients.find((c) => c.id === id);
    if (fresh) replaceClient(client, fresh);
    return { kind: 'tested', result };
  });
}

type ActionState = Mutation<Outcome, Error, void>['state'];

/** What a finished action shows; a pending one shows nothing yet. */
export function outcomeOf(action: Action, state: ActionState): Outcome | undefined {
  if (state.status === 'success') return state.data;
  if (state.status === 'error') return { kind: 'failed', action, message: state.error?.message ?? 'Unknown error' };
  return undefined;
}

/** The newest action of a slot: which one it is and its state. */
function useLatest(id: ClientId, slot: OutcomeSlot): { action: Action; state: ActionState } | undefined {
  const found = useMutationState({
    filters: { predicate: (m) => m.options.mutationKey?.[0] === 'assistants' && m.options.mutationKey[2] === id },
    select: (m) => ({ action: m.options.mutationKey?.[1] as Action, state: m.state as ActionState }),
  });
  return found.filter((f) => slotOf(f.action) === slot).at(-1);
}

/** A client's actions, what is running, and what the last ones produced. */
export function useClientActions(id: ClientId) {
  const api = useApi();
  const profile = useSelectedProfile();
  const install = useMutation(installMutation(api, id, profile));
  const remove = useMutation(removeMutation(api, id));
  const test = useMutation(testMutation(api, id));
  const record = useMutation(recordMutation(api, id));
  const change = useLatest(id, 'change');
  const tested = useLatest(id, 'test');
  const running = [change, tested].find((m) => m?.state.status === 'pending');
  const lastChange = change && outcomeOf(change.action, change.state);
  const lastTest = tested && outcomeOf('test', tested.state);
  const outcomes: Outcomes = { ...(lastChange ? { change: lastChange } : {}), ...(lastTest ? { test: lastTest } : {}) };
  return {
    busy: running?.action,
    outcomes,
    install: () => install.mutate(),
    remove: () => remove.mutate(),
    test: () => test.mutate(),
    setRecording: (on: boolean) => record.mutate(on),
    /** The state the switch was just set to, while main writes it (TanStack's optimistic UI through variables). */
    recordingPending: record.isPending ? record.variables : undefined,
  };
}
