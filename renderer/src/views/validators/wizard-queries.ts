/**
 * What the wizard reads through main, as TanStack queries keyed by what they were asked about: a reply
 * for an older question lands under its own key, so fast typing never shows a stale answer. Answers stay
 * until an explicit re-check (wizard-actions.ts) or a write (wizard-mutations.ts) makes them out of date.
 */
import { keepPreviousData, queryOptions, useMutationState, useQuery, type MutationState } from '@tanstack/react-query';
import type { CompanionApi } from '../../../../domain/ipc/facade';
import type { FixSettings, FolderInfo, LogoInspection, WizardOperation } from '../../../../domain/ipc/registry-channels';
import { useApi } from '../../app/api-context';
import { checkFailed, checkRequest, type CheckRequest } from './live-check';
import { asFolderInfo, remoteRegistryQuery } from './remote/github-queries';
import { remoteUpstream, sourceRoot } from './remote/source';
import { fixKey, liveKey, operationOf, planKey, rootOf } from './wizard-progress';
import { useWizardStore, updateDraft } from './wizard-store';
import { loadOf, type Load, type WizardState } from './wizard-state';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const wizardKeys = {
  folders: ['registry', 'folder'] as const,
  folder: (input: string) => ['registry', 'folder', input] as const,
  recent: ['registry', 'recent'] as const,
  entries: ['registry', 'entries'] as const,
  chainEntries: (root: string, chain: string) => ['registry', 'entries', root, chain] as const,
  logo: (logoId: string) => ['registry', 'logo', logoId] as const,
  plans: ['registry', 'plan'] as const,
  remotes: ['registry', 'remotes'] as const,
  cloneRemotes: (root: string, upstream: string) => ['registry', 'remotes', root, upstream] as const,
  /** The upload and inspection of a chosen image (a mutation: it stores the image in main). */
  chooseLogo: ['registry', 'choose-logo'] as const,
};

// An answer is about the disk as it was: it stays until the wizard re-checks or writes (staleTime: Infinity).

export const folderQuery = (api: CompanionApi, input: string) =>
  queryOptions({
    queryKey: wizardKeys.folder(input),
    queryFn: async ({ client }) => {
      const info = await api.registry.openFolder(input);
      // Main remembers a registry it opened as recent.
      if (info.isRegistry) void client.invalidateQueries({ queryKey: wizardKeys.recent });
      return info;
    },
    staleTime: Infinity,
  });

const recentQuery = (api: CompanionApi) =>
  queryOptions({
    queryKey: wizardKeys.recent,
    queryFn: () =>
      api.registry.recentFolders().then(
        (r) => r.folders,
        () => [] as string[],
      ),
    staleTime: Infinity,
  });

export const entriesQuery = (api: CompanionApi, root: string, chain: string) =>
  queryOptions({
    queryKey: wizardKeys.chainEntries(root, chain),
    queryFn: () => {
      const upstream = remoteUpstream(root);
      return (upstream ? api.github.chainEntries(upstream, chain) : api.registry.chainEntries(root, chain)).then((r) => r.entries);
    },
    staleTime: Infinity,
  });

const liveQuery = (api: CompanionApi, key: string, request: CheckRequest | null) =>
  queryOptions({
    queryKey: ['registry', 'check', key],
    queryFn: async () => {
      if (!request) return [];
      try {
        const upstream = remoteUpstream(request.root);
        const answer = upstream
          ? await api.github.checkEntry(upstream, request.chain, request.entry, request.options)
          : await api.registry.checkEntry(request.root, request.chain, request.entry, request.options);
        return answer.findings;
      } catch (error) {
        return checkFailed(messageOf(error));
      }
    },
    staleTime: Infinity,
  });

export const logoQuery = (api: CompanionApi, logoId: string) =>
  queryOptions({
    queryKey: wizardKeys.logo(logoId),
    queryFn: async () => {
      try {
        return await api.registry.loadLogo(logoId);
      } catch (error) {
        // The stored copy is gone: the draft keeps everything else and asks for the file again.
        if (useWizardStore.getState().draft.logo?.logoId === logoId) {
          updateDraft({ logo: null });
          useWizardStore.setState({ logoLost: messageOf(error) });
        }
        throw error;
      }
    },
    staleTime: Infinity,
  });

const fixQuery = (api: CompanionApi, logoId: string, settings: FixSettings | null) =>
  queryOptions({
    queryKey: ['registry', 'fix', logoId, settings],
    queryFn: () => api.registry.fixLogo(logoId, settings!),
    // While a new crop is being fixed, the last fixed image of the same logo stays in view.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === logoId ? keepPreviousData(previous) : undefined),
    staleTime: Infinity,
  });

const existingLogoQuery = (api: CompanionApi, root: string, chain: string, id: string) =>
  queryOptions({
    queryKey: ['registry', 'existing-logo', root, chain, id],
    queryFn: () => {
      const upstream = remoteUpstream(root);
      return upstream ? api.github.existingLogo(upstream, chain, id) : api.registry.existingLogo(root, chain, id);
    },
    staleTime: Infinity,
  });

const planQuery = (api: CompanionApi, key: string, root: string, operation: WizardOperation) =>
  queryOptions({
    queryKey: [...wizardKeys.plans, key],
    queryFn: () => {
      const upstream = remoteUpstream(root);
      return upstream ? api.github.plan(upstream, operation) : api.registry.plan(root, operation);
    },
    staleTime: Infinity,
  });

/** A clone's remotes, and which of them points at the upstream registry (the push hint names only a push that works). */
export const remotesQuery = (api: CompanionApi, root: string, upstream: string) =>
  queryOptions({
    queryKey: wizardKeys.cloneRemotes(root, upstream),
    queryFn: () => api.registry.remotes(root, upstream).then((r) => r.remotes),
    staleTime: Infinity,
  });

/** The folder last sent to be checked, as main describes it (the folder field, here and in Check registry). */
export function useFolder(): Load<FolderInfo> {
  const api = useApi();
  const input = useWizardStore((s) => s.folderInput);
  return loadOf(useQuery({ ...folderQuery(api, input), enabled: input.trim() !== '' }));
}

/** Where the wizard reads the registry: the checked folder, or in remote mode the upstream read through GitHub. */
function useSource(): Load<FolderInfo> {
  const api = useApi();
  const remote = useWizardStore((s) => (s.draft.source === 'github' ? s.draft.upstream : null));
  const folder = useFolder();
  const upstream = useQuery({ ...remoteRegistryQuery(api, remote ?? ''), enabled: remote !== null, select: asFolderInfo });
  return remote === null ? folder : loadOf(upstream);
}

export function useRecentFolders(): string[] {
  return useQuery(recentQuery(useApi())).data ?? [];
}

/** The last image chosen, while it is being uploaded and checked or when that failed. */
function useLogoChoice() {
  return useMutationState({
    filters: { mutationKey: wizardKeys.chooseLogo },
    select: (m) => m.state as MutationState<LogoInspection, Error, File>,
  }).at(-1);
}

/**
 * The whole wizard as the steps read it. Each query runs when what it is about is known (the live check
 * once the form has rested, existing logo on the Logo step, the plan on Review and Write); every view
 * that calls this shares the same queries.
 */
export function useWizardState(): WizardState {
  const api = useApi();
  const { draft, hydrated, liveAsked, logoLost } = useWizardStore();
  const folder = useSource();
  const root = folder.status === 'done' && folder.data.isRegistry ? folder.data.root : '';
  const entries = {
    ...loadOf(useQuery({ ...entriesQuery(api, root, draft.chain), enabled: root !== '' && draft.chain !== '' })),
    chain: draft.chain,
  };

  const chosen = draft.logo;
  const choice = useLogoChoice();
  const choosing = choice?.status === 'pending';
  const stored = useQuery({ ...logoQuery(api, chosen?.logoId ?? ''), enabled: chosen !== null });
  const logo: WizardState['logo'] =
    choice?.status === 'pending'
      ? { status: 'loading', fileName: choice.variables?.name ?? '' }
      : choice?.status === 'error'
        ? { status: 'error', message: messageOf(choice.error), fileName: choice.variables?.name ?? '' }
        : chosen
          ? { ...loadOf(stored), fileName: chosen.fileName }
          : logoLost
            ? { status: 'error', message: logoLost }
            : { status: 'idle' };
  const fixed = useQuery({
    ...fixQuery(api, chosen?.logoId ?? '', chosen?.fix ?? null),
    enabled: Boolean(chosen?.fix) && stored.isSuccess && !choosing,
  });
  const existingLogo = loadOf(
    useQuery({
      ...existingLogoQuery(api, sourceRoot(draft), draft.chain, draft.originalId),
      enabled: draft.step === 'logo' && draft.mode === 'update' && draft.originalId !== '',
    }),
  );

  const base: WizardState = {
    draft,
    hydrated,
    folder,
    entries,
    live: null,
    logo,
    fix: { status: 'idle' },
    existingLogo,
    plan: { status: 'idle' },
  };
  // Asked only once the form has rested on what it is now (WizardView sets liveAsked after a pause).
  const request = liveAsked === liveKey(base) ? checkRequest(base) : null;
  const live = useQuery({ ...liveQuery(api, liveAsked, request), enabled: hydrated && request !== null });
  const fix = choosing ? { status: 'idle' as const } : { ...loadOf(fixed), key: fixKey(base) };
  const withFix = { ...base, fix };
  const plan = planKey(withFix);
  const planned = useQuery({
    ...planQuery(api, plan, rootOf(withFix), operationOf(withFix)),
    enabled: (draft.step === 'review' || draft.step === 'write') && draft.written === null,
  });
  return {
    ...withFix,
    live: live.data ? { key: liveAsked, findings: live.data } : null,
    plan: { ...loadOf(planned), key: plan },
  };
}
