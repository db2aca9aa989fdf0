/**
 * What the wizard changes through main, as TanStack mutations: each updates the draft with what it did and
 * marks the answers it made out of date (wizard-queries.ts).
 */
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { CompanionApi } from '../../../../domain/ipc/facade';
import { MAX_LOGO_SOURCE_BYTES, type FolderInfo, type LogoInspection } from '../../../../domain/ipc/registry-channels';
import type { Written } from './draft';
import { uploadFile } from './logo-upload';
import { operationOf, rootOf } from './wizard-progress';
import { wizardKeys } from './wizard-queries';
import type { WizardState } from './wizard-state';
import { updateDraft, useWizardStore } from './wizard-store';

/** The image of the newest logo choice still standing (removing the logo withdraws them all). */
const latestLogoChoice = (client: QueryClient): unknown =>
  client.getMutationCache().findAll({ mutationKey: wizardKeys.chooseLogo }).at(-1)?.state.variables;

/** Withdraws every logo choice, finished or on its way, so none of them fills the draft later. */
export function forgetLogoChoices(client: QueryClient): void {
  const cache = client.getMutationCache();
  for (const choice of cache.findAll({ mutationKey: wizardKeys.chooseLogo })) cache.remove(choice);
}

/** Sends a dropped or chosen image to main: checklist and previews come back in one reply. */
export const chooseLogoMutation = (api: CompanionApi) =>
  mutationOptions({
    mutationKey: wizardKeys.chooseLogo,
    mutationFn: async (file: File): Promise<LogoInspection> => {
      if (file.size === 0) throw new Error(`"${file.name}" is empty (0 bytes). Choose the logo image again.`);
      if (file.size > MAX_LOGO_SOURCE_BYTES)
        throw new Error(
          `"${file.name}" is ${(file.size / 1e6).toFixed(0)} MB, over the 30 MB limit. Export a smaller copy of your logo (about 1000×1000 px is plenty).`,
        );
      // Marks let `npm run bench:wizard-logo` say where the time goes (upload, main's check, drawing).
      performance.mark('logo:chosen');
      const { uploadId, parts } = await uploadFile(api, file);
      performance.mark('logo:uploaded');
      const inspection = await api.registry.inspectLogo(uploadId, parts, file.name);
      performance.mark('logo:inspected');
      return inspection;
    },
    onMutate: () => useWizardStore.setState({ logoLost: null }),
    onSuccess: (inspection, file, _result, { client }) => {
      if (latestLogoChoice(client) !== file) return;
      client.setQueryData(wizardKeys.logo(inspection.logoId), inspection);
      // Used as it is until the user presses "Fix logo" (Next explains when that is needed).
      updateDraft({ logo: { logoId: inspection.logoId, fileName: file.name, fix: null } });
    },
  });

/** The planned write, and what the written result will say about it. */
export interface WriteRequest {
  planId: string;
  root: string;
  kind: Written['kind'];
  name: string;
  chain: string;
}

/** Writing this plan for the submission as it is now. */
export function writeRequest(s: WizardState, planId: string): WriteRequest {
  const op = operationOf(s);
  return { planId, root: rootOf(s), kind: op.kind, name: op.kind === 'add' ? op.entry.name : s.draft.form.name, chain: s.draft.chain };
}

export const writeFilesMutation = (api: CompanionApi) =>
  mutationOptions({
    mutationFn: (request: WriteRequest) => api.registry.write(request.planId),
    onSuccess: (result, request, _result, { client }) => {
      // The plan is spent, and the chain's list has changed: its entries, and its count in the folder's chains (below).
      client.removeQueries({ queryKey: wizardKeys.plans });
      void client.invalidateQueries({ queryKey: wizardKeys.entries });
      const git = result.git;
      if (git)
        client.setQueriesData<FolderInfo>({ queryKey: wizardKeys.folders }, (info) =>
          info?.root === request.root ? { ...info, git } : info,
        );
      // After the git state is set at once (setting data would clear the mark): the counts are read again.
      void client.invalidateQueries({ queryKey: wizardKeys.folders });
      updateDraft({
        step: 'write',
        written: {
          operationId: result.operationId,
          root: request.root,
          summary: result.summary,
          kind: request.kind,
          name: request.name,
          chain: request.chain,
          paths: result.written,
          undone: false,
          commit: null,
        },
      });
    },
    // Whatever happened, the plan is spent: prepare it again from the disk as it is now.
    onError: (_error, _request, _result, { client }) => void client.resetQueries({ queryKey: wizardKeys.plans }),
  });

export const undoWriteMutation = (api: CompanionApi) =>
  mutationOptions({
    mutationFn: (written: Written) => api.registry.undo(written.root, written.operationId),
    onSuccess: (_result, written, _r, { client }) => {
      updateDraft({ written: { ...written, undone: true } });
      void client.invalidateQueries({ queryKey: wizardKeys.folders });
      void client.invalidateQueries({ queryKey: wizardKeys.entries });
    },
  });

export const commitWrittenMutation = (api: CompanionApi) =>
  mutationOptions({
    mutationFn: ({ written, branch, title }: { written: Written; branch: string; title: string }) =>
      api.registry.commit(written.root, { branch, title, paths: written.paths.map((p) => p.path) }),
    onSuccess: (commit, { written }, _r, { client }) => {
      updateDraft({ written: { ...written, commit } });
      void client.invalidateQueries({ queryKey: wizardKeys.folders });
    },
  });

export interface PushRequest {
  written: Written;
  branch: string;
  title: string;
  upstream: string;
  submissionId: string;
}

/** Local-clone mode's last step: commit (or reuse the commit), push to the fork, open the pull request. */
export const pushWrittenMutation = (api: CompanionApi) =>
  mutationOptions({
    mutationFn: ({ written, branch, title, upstream, submissionId }: PushRequest) =>
      api.github.pushLocal({ root: written.root, operationId: written.operationId, branch, title, upstream, submissionId }),
    onSuccess: (pr, { written, title }, _r, { client }) => {
      updateDraft({
        written: { ...written, commit: { branch: pr.branch, commit: pr.commit, title: written.commit?.title ?? title } },
        pullRequest: {
          upstream: pr.upstream,
          number: pr.number,
          url: pr.url,
          branch: pr.branch,
          title: pr.title,
          reused: pr.reusedPullRequest,
          notes: [
            ...pr.notes,
            ...(pr.identityFromAccount
              ? ['Git had no name or email, so the commit carries your GitHub name and its private noreply address.']
              : []),
          ],
        },
      });
      void client.invalidateQueries({ queryKey: wizardKeys.folders });
      void client.invalidateQueries({ queryKey: wizardKeys.remotes });
    },
    // A failure puts the branch back; the folder's git state, and the remotes the push may have added, are read again either way.
    onError: (_e, _r, _c, { client }) => {
      void client.invalidateQueries({ queryKey: wizardKeys.folders });
      void client.invalidateQueries({ queryKey: wizardKeys.remotes });
    },
  });

export const forgetFolderMutation = (api: CompanionApi) =>
  mutationOptions({
    mutationFn: (folder: string) => api.registry.forgetFolder(folder).then((r) => r.folders),
    onSuccess: (folders, _folder, _r, { client }) => client.setQueryData(wizardKeys.recent, folders),
    // Main could not say: the list shown drops the folder anyway.
    onError: (_error, folder, _r, { client }) =>
      client.setQueryData<string[]>(wizardKeys.recent, (list) => list?.filter((f) => f !== folder)),
  });
