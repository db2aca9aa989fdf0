/**
 * The wizard's actions that are not a single request: keeping the draft, editing it, and asking main
 * afresh when the user checks a folder or chooses a chain (the answers are queries, wizard-queries.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { CompanionApi } from '../../../../domain/ipc/facade';
import type { EntrySnapshot, FixSettings, FolderInfo } from '../../../../domain/ipc/registry-channels';
import { emptyDraft, hasContent, LOCAL_DRAFT_KEY, newerDraft, parseDraft, type Draft, type StepId } from './draft';
import { emptyForm, formFromSnapshot } from './entry-form';
import { forgetLogoChoices } from './wizard-mutations';
import { entriesQuery, folderQuery, wizardKeys } from './wizard-queries';
import { goToStep, updateDraft, useWizardStore } from './wizard-store';

const get = () => useWizardStore.getState();
const set = useWizardStore.setState;

// ---- Draft persistence -------------------------------------------------------------------------

const SAVE_DELAY_MS = 400;
let saveTimer: ReturnType<typeof setTimeout> | undefined;
let persisting = false;

function readLocalDraft(): Draft | null {
  try {
    return parseDraft(localStorage.getItem(LOCAL_DRAFT_KEY));
  } catch {
    return null;
  }
}

/** Saves every draft change: at once locally, and after a short pause through main. Installed once. */
function persistChanges(api: CompanionApi): void {
  if (persisting) return;
  persisting = true;
  let last = get().draft;
  useWizardStore.subscribe((s) => {
    if (!s.hydrated || s.draft === last) return;
    last = s.draft;
    const json = JSON.stringify(s.draft);
    try {
      localStorage.setItem(LOCAL_DRAFT_KEY, json);
    } catch {
      // Storage full or disabled: main still keeps the draft.
    }
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => void api.registry.saveDraft(json).catch(() => undefined), SAVE_DELAY_MS);
  });
}

/** Reads the stored draft (the newer of the two copies); the queries then re-read from disk what it refers to. */
export async function hydrate(api: CompanionApi): Promise<void> {
  if (get().hydrated) return;
  const local = readLocalDraft();
  const stored = await api.registry.loadDraft().then(
    (r) => parseDraft(r.draft),
    () => null,
  );
  const draft = newerDraft(local, stored);
  if (get().hydrated) return;
  const restored = draft ?? get().draft;
  set({ hydrated: true, draft: restored, folderInput: restored.root });
  persistChanges(api);
}

/** What a new submission keeps of the one before it. */
export type Keep = 'nothing' | 'chain-and-details';

/**
 * The draft a new submission starts from: always the same place (folder or GitHub, and the upstream), on
 * step 1; with `chain-and-details`, also the chain, the details and the logo of the previous one (another
 * validator of the same operator), on the Validator ID step, as a new entry with an empty id.
 */
export function nextDraft(previous: Draft, keep: Keep, now = Date.now()): Draft {
  const base: Draft = { ...emptyDraft(previous.root), source: previous.source, upstream: previous.upstream, updatedAt: now };
  if (keep === 'nothing') return base;
  return {
    ...base,
    chain: previous.chain,
    form: { ...previous.form, id: '' },
    logo: previous.logo,
    step: previous.chain ? 'id' : 'folder',
  };
}

/** Starts a new submission (after asking what to keep, in the view) in the same registry folder or on GitHub. */
export async function startNew(api: CompanionApi, client: QueryClient, keep: Keep): Promise<void> {
  const kept = nextDraft(get().draft, keep);
  if (!kept.logo) forgetLogoChoices(client);
  set({ draft: kept, liveAsked: '', logoLost: null });
  // The stored draft goes with the old submission; the one kept is saved again by the next change.
  if (keep === 'nothing') await api.registry.clearDraft().catch(() => undefined);
}

/** Forgets the submission (after asking, in the view) and starts again on step 1, in the same folder or on GitHub. */
export const startOver = (api: CompanionApi, client: QueryClient) => startNew(api, client, 'nothing');

/**
 * Switches between a pull request through GitHub and a folder on this computer, at any step: the chain, id,
 * details and logo (with its fix) carry over. The step stays, except that a switch to a folder not yet
 * chosen opens step 1 to choose it (the later steps are then one Next each, already filled in).
 */
export function switchPath(client: QueryClient, source: Draft['source']): void {
  const { draft, folderInput } = get();
  if (draft.source === source) return;
  const folder = client.getQueryData<FolderInfo>(wizardKeys.folder(folderInput));
  const needsFolder = source === 'folder' && !folder?.isRegistry;
  updateDraft({ source, ...(needsFolder ? { step: 'folder' as const } : {}) });
}

/**
 * After a write into a folder: takes the same submission to the GitHub path, on Review, to open the pull
 * request from the operator's GitHub account (the way for a folder that is not a git clone). The files
 * written stay on disk.
 */
export function continueOnGitHub(): void {
  updateDraft({ source: 'github', written: null, pullRequest: null, step: 'review' });
}

// ---- Step 1: folder ----------------------------------------------------------------------------

export function setRootInput(root: string): void {
  updateDraft({ root });
}

/** Asks main about a folder, and then its chain's list, afresh even when checked before (it may have been cloned or edited since). */
export function checkFolder(client: QueryClient, input: string): void {
  set({ folderInput: input });
  void client.resetQueries({ queryKey: wizardKeys.folder(input), exact: true });
  void client.resetQueries({ queryKey: wizardKeys.entries });
}

export async function browseForFolder(api: CompanionApi, client: QueryClient): Promise<void> {
  const { path } = await api.registry.pickFolder();
  if (!path) return;
  setRootInput(path);
  checkFolder(client, path);
}

// ---- Step 2: chain -----------------------------------------------------------------------------

/** The checked folder, when main found a registry there. */
const openRegistry = (client: QueryClient): FolderInfo | undefined => {
  const info = client.getQueryData<FolderInfo>(wizardKeys.folder(get().folderInput));
  return info?.isRegistry ? info : undefined;
};

export function chooseChain(client: QueryClient, chain: string): void {
  const { draft } = get();
  if (draft.chain === chain) return;
  // Choosing a chain reads its list afresh.
  const registry = openRegistry(client);
  if (registry) void client.resetQueries({ queryKey: wizardKeys.chainEntries(registry.root, chain), exact: true });
  // An update belongs to one chain; a new entry's typed details carry over.
  updateDraft(
    draft.mode === 'update' ? { chain, mode: 'add', originalId: '', form: emptyForm(), disable: { disabled: false, note: '' } } : { chain },
  );
}

// ---- Step 3: id, and switching to an update ---------------------------------------------------

export function setField(field: keyof Draft['form'], value: string): void {
  updateDraft((d) => ({ form: { ...d.form, [field]: value } }));
}

export function switchToUpdate(entry: EntrySnapshot): void {
  updateDraft({
    mode: 'update',
    originalId: entry.id,
    form: formFromSnapshot(entry),
    disable: { disabled: entry.status?.disabled === true, note: entry.status?.note ?? '' },
  });
}

export function switchToAdd(): void {
  updateDraft({ mode: 'add', originalId: '', form: emptyForm(), disable: { disabled: false, note: '' } });
}

export function setDisable(disable: Draft['disable']): void {
  updateDraft({ disable });
}

// ---- Step 4: live checks -----------------------------------------------------------------------

/** Asks the engine about the form as it is now (the view calls this after a pause in typing). */
export function askLiveCheck(key: string): void {
  set({ liveAsked: key });
}

// ---- Step 5: logo ------------------------------------------------------------------------------

/** Sends the logo through the fixer with these settings (the fix is a query on the draft's logo). */
export function applyFix(settings: FixSettings): void {
  const logo = get().draft.logo;
  if (logo) updateDraft({ logo: { ...logo, fix: settings } });
}

/** Uses the image exactly as chosen (only offered when it already meets every rule). */
export function useOriginalLogo(): void {
  const logo = get().draft.logo;
  if (logo) updateDraft({ logo: { ...logo, fix: null } });
}

export function removeLogo(client: QueryClient): void {
  forgetLogoChoices(client);
  updateDraft({ logo: null });
  set({ logoLost: null });
}

// ---- Step 7: after an undo ---------------------------------------------------------------------

/** After an undo: back to Review with everything as it was, to change something and write again. */
export function reviseAfterUndo(): void {
  updateDraft({ written: null, step: 'review' });
}

// ---- Opening the wizard from the registry check ----------------------------------------------

/** Opens an existing entry (or a chain) from a finding. Returns false when a started submission would be replaced. */
export async function openFromFinding(
  api: CompanionApi,
  client: QueryClient,
  target: { root: string; chain: string; id: string | null; step: StepId },
  replace: boolean,
): Promise<boolean> {
  const { draft } = get();
  if (!replace && hasContent(draft) && !(draft.written && !draft.written.undone)) return false;
  forgetLogoChoices(client);
  set({
    hydrated: true,
    folderInput: target.root,
    liveAsked: '',
    logoLost: null,
    draft: { ...emptyDraft(target.root), chain: target.chain, step: target.id ? target.step : 'id', updatedAt: Date.now() },
  });
  // Read afresh: the finding may have been fixed on disk since the check.
  const info = await client.fetchQuery({ ...folderQuery(api, target.root), staleTime: 0 }).catch(() => undefined);
  const entries = info?.isRegistry
    ? await client.fetchQuery({ ...entriesQuery(api, info.root, target.chain), staleTime: 0 }).catch(() => undefined)
    : undefined;
  const entry = target.id ? entries?.find((e) => e.id === target.id) : undefined;
  if (entry) switchToUpdate(entry);
  else if (target.id) {
    setField('id', target.id);
    goToStep('id');
  }
  return true;
}
