/**
 * What remote mode asks main about GitHub, as TanStack queries and mutations: who is signed in, the
 * upstream registry, the pull request's status (polled with backoff, see poll.ts).
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CompanionApi } from '../../../../../domain/ipc/facade';
import type { FolderInfo } from '../../../../../domain/ipc/registry-channels';
import type { RemoteRegistry } from '../../../../../domain/ipc/github-channels';
import { sourceRoot } from './source';

export const githubKeys = {
  all: ['github'] as const,
  status: ['github', 'status'] as const,
  registry: (upstream: string) => ['github', 'registry', upstream] as const,
  pullRequest: (upstream: string, number: number) => ['github', 'pull-request', upstream, number] as const,
  deviceFlow: (flowId: string) => ['github', 'device', flowId] as const,
};

export const githubStatusQuery = (api: CompanionApi) =>
  queryOptions({ queryKey: githubKeys.status, queryFn: () => api.github.status(), staleTime: 60_000 });

/** The upstream at its head: read when remote mode opens, and again when the user asks. */
export const remoteRegistryQuery = (api: CompanionApi, upstream: string) =>
  queryOptions({ queryKey: githubKeys.registry(upstream), queryFn: () => api.github.openRegistry(upstream), staleTime: Infinity });

/** The upstream as the steps read a registry folder: the chain step lists its chains the same way. */
export function asFolderInfo(registry: RemoteRegistry): FolderInfo {
  return {
    root: sourceRoot({ source: 'github', upstream: registry.upstream, root: '' }),
    isRegistry: true,
    chains: registry.chains,
    validators: 0,
    git: null,
  };
}

/** After signing in or out: reads switch token, so what was read is asked again. */
function signedInOrOut(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: githubKeys.status });
}

export const tokenSignInMutation = (api: CompanionApi) =>
  mutationOptions({
    mutationFn: (token: string) => api.github.signInWithToken(token),
    onSuccess: (_r, _t, _x, { client }) => signedInOrOut(client),
  });

export const signOutMutation = (api: CompanionApi) =>
  mutationOptions({
    mutationFn: () => api.github.signOut(),
    onSuccess: (_r, _v, _x, { client }) => signedInOrOut(client),
  });

export const startDeviceFlowMutation = (api: CompanionApi) => mutationOptions({ mutationFn: () => api.github.startDeviceSignIn() });

/** Stops the device flow in main: it stops polling GitHub at once and stores nothing. */
export const cancelDeviceFlowMutation = (api: CompanionApi) =>
  mutationOptions({ mutationFn: (flowId: string) => api.github.cancelDeviceSignIn(flowId) });

/** Saves the OAuth app's client id (or clears it, with null); the sign-in offered changes with it. */
export const setClientIdMutation = (api: CompanionApi) =>
  mutationOptions({
    mutationFn: (clientId: string | null) => api.github.setClientId(clientId),
    onSuccess: (_r, _v, _x, { client }) => void client.invalidateQueries({ queryKey: githubKeys.status }),
  });

/** The device flow's state, asked every two seconds until it is decided. */
export const deviceFlowQuery = (api: CompanionApi, flowId: string) =>
  queryOptions({
    queryKey: githubKeys.deviceFlow(flowId),
    queryFn: async ({ client }) => {
      const state = await api.github.deviceSignInState(flowId);
      if (state.state === 'signed-in') signedInOrOut(client);
      return state;
    },
    refetchInterval: (query) => (query.state.data?.state === 'pending' || !query.state.data ? 2000 : false),
  });
