import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanionApi } from '../../../../../domain/ipc/facade';
import type { ConnectionInfo } from '../../../../../domain/ipc/playground-channels';
import type { ProfileSummary } from '../../../../../domain/ipc/profiles-channels';
import { useConnectionStore } from './connection-store';

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
const profile = (name: string) => ({ name, kind: 'embedded', url: '' }) as unknown as ProfileSummary;

/** An api with just the playground and profile calls the store makes. */
function fakeApi(over: { connect?: () => Promise<ConnectionInfo>; ping?: () => Promise<{ latencyMs: number }>; profiles?: string[] } = {}) {
  const api = {
    profiles: { list: vi.fn(async () => ({ profiles: (over.profiles ?? ['default']).map(profile) })) },
    playground: {
      state: vi.fn(async () => ({ connection: info('work') })),
      connect: vi.fn(over.connect ?? (async () => info())),
      disconnect: vi.fn(async () => undefined),
      ping: vi.fn(over.ping ?? (async () => ({ latencyMs: 9 }))),
    },
  };
  return { api: api as unknown as CompanionApi, calls: api };
}

beforeEach(() => {
  useConnectionStore.setState(useConnectionStore.getInitialState(), true);
});

describe('connection store', () => {
  it('connect connects the picked profile and shows the connection', async () => {
    const { api, calls } = fakeApi();
    const pending = useConnectionStore.getState().connect(api, 'default');
    expect(useConnectionStore.getState().status).toBe('connecting');
    await pending;
    expect(calls.playground.connect).toHaveBeenCalledWith('default');
    expect(useConnectionStore.getState()).toMatchObject({ status: 'connected', connection: info(), error: undefined });
  });

  it('a failed connect says why and shows no connection', async () => {
    const { api } = fakeApi({ connect: async () => Promise.reject(new Error('The gateway refused the key.')) });
    await useConnectionStore.getState().connect(api, 'default');
    expect(useConnectionStore.getState()).toMatchObject({ status: 'failed', connection: undefined, error: 'The gateway refused the key.' });
  });

  it('restore picks up a connection main already has, with its profile', async () => {
    await useConnectionStore.getState().restore(fakeApi().api);
    expect(useConnectionStore.getState()).toMatchObject({ status: 'connected', selected: 'work', connection: info('work') });
  });

  it('ping updates the latency, and does nothing when not connected', async () => {
    const { api, calls } = fakeApi();
    await useConnectionStore.getState().ping(api);
    expect(calls.playground.ping).not.toHaveBeenCalled();
    await useConnectionStore.getState().connect(api, 'default');
    await useConnectionStore.getState().ping(api);
    expect(useConnectionStore.getState().connection?.latencyMs).toBe(9);
    expect(useConnectionStore.getState().pinging).toBe(false);
  });

  it('disconnect ends the connection even when main fails to', async () => {
    const { api, calls } = fakeApi();
    await useConnectionStore.getState().connect(api, 'default');
    calls.playground.disconnect.mockRejectedValueOnce(new Error('gone'));
    await expect(useConnectionStore.getState().disconnect(api)).rejects.toThrow('gone');
    expect(useConnectionStore.getState()).toMatchObject({ status: 'idle', connection: undefined });
  });

  it('dropped ends a live connection with a notice, and is ignored otherwise', async () => {
    useConnectionStore.getState().dropped('bridge exited');
    expect(useConnectionStore.getState().notice).toBeUndefined();
    await useConnectionStore.getState().connect(fakeApi().api, 'default');
    useConnectionStore.getState().dropped(undefined);
    expect(useConnectionStore.getState()).toMatchObject({ status: 'idle', connection: undefined, notice: 'The connection ended.' });
  });

  it('toggleProfiles flips the panel or sets it', () => {
    useConnectionStore.getState().toggleProfiles();
    expect(useConnectionStore.getState().profilesOpen).toBe(true);
    useConnectionStore.getState().toggleProfiles(true);
    expect(useConnectionStore.getState().profilesOpen).toBe(true);
    useConnectionStore.getState().toggleProfiles();
    expect(useConnectionStore.getState().profilesOpen).toBe(false);
  });
});
