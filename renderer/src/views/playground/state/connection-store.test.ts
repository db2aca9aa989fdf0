import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import type { CompanionApi } from '../../../../../domain/ipc/facade';
import type { ConnectionInfo } from '../../../../../domain/ipc/playground-channels';
import { useConnectionStore } from './connection-store';
import { connectMutation, disconnectMutation, dismissConnectionError, pingMutation } from './playground-mutations';
import { connectionIn, dropSession, playgroundKeys, sessionQuery, type Session } from './playground-queries';

const info = (profile = 'default'): ConnectionInfo => ({
  profile,
  url: 'http://127.0.0.1:4010/mcp',
  serverName: 'reference',
  serverVersion: '1.0.0',
  protocolVersion: '2025-06-18',
  connectMs: 120,
  latencyMs: 3,
  connectedAt: 1_700_000_000_000,
  tools: [],
});

/** An api with just the playground calls the connection makes. */
function fakeApi(over: { connect?: () => Promise<ConnectionInfo>; ping?: () => Promise<{ latencyMs: number }> } = {}) {
  const api = {
    playground: {
      state: vi.fn(async () => ({ connection: info('work') })),
      connect: vi.fn(over.connect ?? (async () => info())),
      disconnect: vi.fn(async () => undefined),
      ping: vi.fn(over.ping ?? (async () => ({ latencyMs: 9 }))),
    },
  };
  return { api: api as unknown as CompanionApi, calls: api };
}

const session = (client: QueryClient) => client.getQueryData<Session>(playgroundKeys.session);
const connect = (client: QueryClient, api: CompanionApi, profile = 'default') =>
  new MutationObserver(client, connectMutation(api)).mutate(profile);
/** The error the connection bar shows: the last finished connect or ping that failed. */
const shownError = (client: QueryClient) =>
  client
    .getMutationCache()
    .getAll()
    .filter((m) => m.state.status === 'error')
    .map((m) => m.state.error?.message)
    .at(-1);

let client: QueryClient;
beforeEach(() => {
  useConnectionStore.setState(useConnectionStore.getInitialState(), true);
  client = createQueryClient();
});

describe('connection choices', () => {
  it('keeps the pick and flips the profiles panel or sets it', () => {
    useConnectionStore.getState().select('work');
    expect(useConnectionStore.getState().selected).toBe('work');
    useConnectionStore.getState().toggleProfiles();
    expect(useConnectionStore.getState().profilesOpen).toBe(true);
    useConnectionStore.getState().toggleProfiles(true);
    expect(useConnectionStore.getState().profilesOpen).toBe(true);
    useConnectionStore.getState().toggleProfiles();
    expect(useConnectionStore.getState().profilesOpen).toBe(false);
  });
});

describe('the session query and the connection mutations', () => {
  it('connect connects the picked profile and puts the connection in the session', async () => {
    const { api, calls } = fakeApi();
    const pending = connect(client, api);
    expect(client.isMutating({ mutationKey: playgroundKeys.connect })).toBe(1);
    await pending;
    expect(calls.playground.connect).toHaveBeenCalledWith('default');
    expect(connectionIn(client)).toEqual(info());
    expect(client.isMutating()).toBe(0);
  });

  it('a failed connect says why, shows no connection, and a new pick withdraws the message', async () => {
    const { api } = fakeApi({ connect: async () => Promise.reject(new Error('The gateway refused the key.')) });
    await connect(client, api).catch(() => undefined);
    expect(connectionIn(client)).toBeUndefined();
    expect(shownError(client)).toBe('The gateway refused the key.');
    dismissConnectionError(client);
    expect(shownError(client)).toBeUndefined();
  });

  it('the session read picks up a connection main already has, and keeps what it knew when main is unreachable', async () => {
    const { api, calls } = fakeApi();
    await client.fetchQuery(sessionQuery(api));
    expect(connectionIn(client)?.profile).toBe('work');
    calls.playground.state.mockRejectedValueOnce(new Error('unreachable'));
    await client.refetchQueries({ queryKey: playgroundKeys.session });
    expect(connectionIn(client)?.profile).toBe('work');
  });

  it('ping updates the latency of the live connection', async () => {
    const { api } = fakeApi();
    await connect(client, api);
    const latency = await new MutationObserver(client, pingMutation(api)).mutate();
    expect(latency).toBe(9);
    expect(connectionIn(client)?.latencyMs).toBe(9);
    expect(client.isMutating()).toBe(0);
  });

  it('disconnect ends the connection even when main fails to', async () => {
    const { api, calls } = fakeApi();
    await connect(client, api);
    calls.playground.disconnect.mockRejectedValueOnce(new Error('gone'));
    await expect(new MutationObserver(client, disconnectMutation(api)).mutate()).rejects.toThrow('gone');
    expect(connectionIn(client)).toBeUndefined();
  });

  it('a dropped session ends a live connection with a notice, is ignored otherwise, and a new connect clears it', async () => {
    dropSession(client, 'bridge exited');
    expect(session(client)).toBeUndefined();
    const { api } = fakeApi();
    await connect(client, api);
    dropSession(client, undefined);
    expect(session(client)).toEqual({ connection: undefined, notice: 'The connection ended.' });
    await connect(client, api);
    expect(session(client)?.notice).toBeUndefined();
  });
});
