/**
 * What the wizard asks of main. Each call is tagged, and a reply that arrives after a newer request
 * for the same thing is dropped, so fast typing never shows a stale answer.
 */
import type { CompanionApi } from '../../../../domain/ipc/facade';
import { MAX_LOGO_SOURCE_BYTES, type EntrySnapshot, type FixSettings } from '../../../../domain/ipc/registry-channels';
import { uploadFile } from './logo-upload';
import { emptyDraft, hasContent, LOCAL_DRAFT_KEY, newerDraft, parseDraft, type Draft, type StepId } from './draft';
import { emptyForm, formFromSnapshot } from './entry-form';
import { currentSnapshot, goToStep, initialState, updateDraft, useWizardStore } from './wizard-store';
import { fixKey, liveKey, operationOf, planKey } from './wizard-progress';

const latest = new Map<string, number>();
/** Starts a tagged request; the returned function says whether it is still the newest. */
function ticket(slot: string): () => boolean {
  const n = (latest.get(slot) ?? 0) + 1;
  latest.set(slot, n);
  return () => latest.get(slot) === n;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const get = () => useWizardStore.getState();
const set = useWizardStore.setState;
/** The registry root as main resolved it (the typed text until the folder was checked). */
const rootOf = (s: ReturnType<typeof get>) => (s.folder.status === 'done' ? s.folder.data.root : s.draft.root);

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

/** Reads the stored draft (the newer of the two copies) and re-reads from disk what it refers to. */
export async function hydrate(api: CompanionApi): Promise<void> {
  if (get().hydrated) return;
  const local = readLocalDraft();
  const stored = await api.registry.loadDraft().then(
    (r) => parseDraft(r.draft),
    () => null,
  );
  const draft = newerDraft(local, stored);
  if (get().hydrated) return;
  set({ hydrated: true, ...(draft ? { draft } : {}) });
  persistChanges(api);
  void loadRecent(api);
  await refreshFromDisk(api);
}

async function refreshFromDisk(api: CompanionApi): Promise<void> {
  const { draft } = get();
  const jobs: Promise<unknown>[] = [];
  if (draft.root) jobs.push(openFolder(api, draft.root, { keepStep: true }));
  if (draft.root && draft.chain) jobs.push(loadEntries(api));
  if (draft.logo) jobs.push(loadLogo(api, draft.logo.logoId));
  await Promise.all(jobs);
}

/** Forgets the submission (after asking, in the view) and starts again in the same registry folder. */
export async function startOver(api: CompanionApi): Promise<void> {
  const keepRoot = get().draft.root;
  set({
    ...initialState(),
    hydrated: true,
    recent: get().recent,
    folder: get().folder,
    draft: { ...emptyDraft(keepRoot), updatedAt: Date.now() },
  });
  await api.registry.clearDraft().catch(() => undefined);
  if (get().folder.status === 'done') goToStep('chain');
}

// ---- Step 1: folder ----------------------------------------------------------------------------

export async function loadRecent(api: CompanionApi): Promise<void> {
  const { folders } = await api.registry.recentFolders().catch(() => ({ folders: [] as string[] }));
  set({ recent: folders });
}

export async function forgetRecent(api: CompanionApi, folder: string): Promise<void> {
  const { folders } = await api.registry.forgetFolder(folder).catch(() => ({ folders: get().recent.filter((f) => f !== folder) }));
  set({ recent: folders });
}

export function setRootInput(root: string): void {
  updateDraft({ root });
}

export async function openFolder(api: CompanionApi, input: string, options: { keepStep?: boolean } = {}): Promise<void> {
  const current = ticket('folder');
  if (input.trim() === '') {
    set({ folder: { status: 'idle' } });
    return;
  }
  set((s) => ({ folder: { status: 'loading', input, ...(s.folder.status === 'done' ? { data: s.folder.data } : {}) } }));
  try {
    const info = await api.registry.openFolder(input);
    if (!current()) return;
    set({ folder: { status: 'done', data: info, input } });
    if (info.isRegistry) void loadRecent(api);
    if (!options.keepStep && info.isRegistry && get().draft.chain) void loadEntries(api);
  } catch (error) {
    if (current()) set({ folder: { status: 'error', message: messageOf(error), input } });
  }
}

export async function browseForFolder(api: CompanionApi): Promise<void> {
  const { path } = await api.registry.pickFolder();
  if (!path) return;
  setRootInput(path);
  await openFolder(api, path);
}

// ---- Step 2: chain -----------------------------------------------------------------------------

export async function loadEntries(api: CompanionApi): Promise<void> {
  const { root, chain } = get().draft;
  const current = ticket('entries');
  if (!root || !chain) return;
  set({ entries: { status: 'loading', chain } });
  try {
    const { entries } = await api.registry.chainEntries(root, chain);
    if (current()) set({ entries: { status: 'done', data: entries, chain } });
  } catch (error) {
    if (current()) set({ entries: { status: 'error', message: messageOf(error), chain } });
  }
}

export async function chooseChain(api: CompanionApi, chain: string): Promise<void> {
  const { draft } = get();
  if (draft.chain === chain) return;
  // An update belongs to one chain; a new entry's typed details carry over.
  updateDraft(
    draft.mode === 'update' ? { chain, mode: 'add', originalId: '', form: emptyForm(), disable: { disabled: false, note: '' } } : { chain },
  );
  set({ existingLogo: { status: 'idle' } });
  await loadEntries(api);
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

/** Runs the engine's entry rules on the form (the view debounces calls while the user types). */
export async function checkDetails(api: CompanionApi): Promise<void> {
  const s = get();
  const key = liveKey(s);
  if (s.live?.key === key || !s.draft.root || !s.draft.chain) return;
  const current = ticket('live');
  const op = operationOf(s, false);
  const snapshot = currentSnapshot(s);
  const entry: Record<string, unknown> =
    op.kind === 'add'
      ? { ...op.entry }
      : {
          id: s.draft.originalId,
          name: s.draft.form.name,
          description: s.draft.form.description,
          website: s.draft.form.website,
          ...withOptional(op, snapshot),
        };
  try {
    const { findings } = await api.registry.checkEntry(
      s.draft.root,
      s.draft.chain,
      entry,
      s.draft.mode === 'update' ? { originalId: s.draft.originalId } : {},
    );
    if (current()) set({ live: { key, findings } });
  } catch (error) {
    if (current())
      set({
        live: {
          key,
          findings: [
            {
              severity: 'error',
              code: 'check-failed',
              path: '',
              chain: null,
              id: null,
              message: `The details could not be checked: ${messageOf(error)}`,
              meaning: '',
            },
          ],
        },
      });
  }
}

/** For an update, the optional objects as they would be after the change (numbers from the form). */
function withOptional(op: ReturnType<typeof operationOf>, snapshot: EntrySnapshot | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const merge = (
    key: 'payout' | 'staking' | 'status',
    before: Record<string, unknown> | undefined,
    change: Record<string, unknown> | null | undefined,
  ) => {
    if (change === null) return;
    const next: Record<string, unknown> = { ...before };
    for (const [k, v] of Object.entries(change ?? {})) {
      if (v === null) delete next[k];
      else if (v !== undefined) next[k] = v;
    }
    if (Object.keys(next).length > 0) out[key] = next;
  };
  const changes =
    op.kind === 'update' ? op.changes : op.kind === 'disable' ? { status: { disabled: true, ...(op.note ? { note: op.note } : {}) } } : {};
  merge('payout', snapshot?.payout, changes.payout);
  merge('staking', snapshot?.staking, changes.staking);
  merge('status', snapshot?.status, changes.status);
  return out;
}

// ---- Step 5: logo ------------------------------------------------------------------------------

/** Sends a dropped or chosen image to main: checklist and previews come back in one reply. */
export async function chooseLogo(api: CompanionApi, file: File): Promise<void> {
  const current = ticket('logo');
  if (file.size === 0) {
    set({ logo: { status: 'error', message: `"${file.name}" is empty (0 bytes). Choose the logo image again.`, fileName: file.name } });
    return;
  }
  if (file.size > MAX_LOGO_SOURCE_BYTES) {
    set({
      logo: {
        status: 'error',
        message: `"${file.name}" is ${(file.size / 1e6).toFixed(0)} MB, over the 30 MB limit. Export a smaller copy of your logo (about 1000×1000 px is plenty).`,
        fileName: file.name,
      },
    });
    return;
  }
  set({ logo: { status: 'loading', fileName: file.name }, fix: { status: 'idle' } });
  try {
    // Marks let `npm run bench:wizard-logo` say where the time goes (upload, main's check, drawing).
    performance.mark('logo:chosen');
    const { uploadId, parts } = await uploadFile(api, file);
    performance.mark('logo:uploaded');
    const inspection = await api.registry.inspectLogo(uploadId, parts, file.name);
    performance.mark('logo:inspected');
    if (!current()) return;
    set({ logo: { status: 'done', data: inspection, fileName: file.name } });
    // Used as it is until the user presses "Fix logo" (Next explains when that is needed).
    updateDraft({ logo: { logoId: inspection.logoId, fileName: file.name, fix: null } });
  } catch (error) {
    if (current()) set({ logo: { status: 'error', message: messageOf(error), fileName: file.name } });
  }
}

export async function loadLogo(api: CompanionApi, logoId: string): Promise<void> {
  const current = ticket('logo');
  set({ logo: { status: 'loading', fileName: get().draft.logo?.fileName ?? '' } });
  try {
    const inspection = await api.registry.loadLogo(logoId);
    if (!current()) return;
    set({ logo: { status: 'done', data: inspection, fileName: inspection.fileName } });
    if (get().draft.logo?.fix) await runFix(api);
  } catch (error) {
    if (!current()) return;
    // The stored copy is gone: the draft keeps everything else and asks for the file again.
    updateDraft({ logo: null });
    set({ logo: { status: 'error', message: messageOf(error) } });
  }
}

export async function applyFix(api: CompanionApi, settings: FixSettings): Promise<void> {
  const logo = get().draft.logo;
  if (!logo) return;
  updateDraft({ logo: { ...logo, fix: settings } });
  await runFix(api);
}

/** Uses the image exactly as chosen (only offered when it already meets every rule). */
export function useOriginalLogo(): void {
  const logo = get().draft.logo;
  if (logo) updateDraft({ logo: { ...logo, fix: null } });
}

export function removeLogo(): void {
  ticket('logo');
  updateDraft({ logo: null });
  set({ logo: { status: 'idle' }, fix: { status: 'idle' } });
}

async function runFix(api: CompanionApi): Promise<void> {
  const s = get();
  const logo = s.draft.logo;
  if (!logo?.fix) return;
  const key = fixKey(s);
  if (s.fix.status === 'done' && s.fix.key === key) return;
  const current = ticket('fix');
  set((st) => ({ fix: { status: 'loading', key, ...(st.fix.status === 'done' ? { data: st.fix.data } : {}) } }));
  try {
    const result = await api.registry.fixLogo(logo.logoId, logo.fix);
    if (current()) set({ fix: { status: 'done', data: result, key } });
  } catch (error) {
    if (current()) set({ fix: { status: 'error', message: messageOf(error), key } });
  }
}

export async function loadExistingLogo(api: CompanionApi): Promise<void> {
  const { root, chain, originalId, mode } = get().draft;
  if (mode !== 'update' || !originalId) return;
  const key = `${root}|${chain}|${originalId}`;
  if (get().existingLogo.key === key && get().existingLogo.status !== 'error') return;
  const current = ticket('existingLogo');
  set({ existingLogo: { status: 'loading', key } });
  try {
    const existing = await api.registry.existingLogo(root, chain, originalId);
    if (current()) set({ existingLogo: { status: 'done', data: existing, key } });
  } catch (error) {
    if (current()) set({ existingLogo: { status: 'error', message: messageOf(error), key } });
  }
}

// ---- Steps 6 and 7: review, write, undo, commit -------------------------------------------------

export async function makePlan(api: CompanionApi, options: { force?: boolean } = {}): Promise<void> {
  const s = get();
  const key = planKey(s);
  if (!options.force && s.plan.key === key && (s.plan.status === 'done' || s.plan.status === 'loading')) return;
  const current = ticket('plan');
  set({ plan: { status: 'loading', key } });
  const root = rootOf(s);
  try {
    const view = await api.registry.plan(root, operationOf(s));
    if (current()) set({ plan: { status: 'done', data: view, key } });
  } catch (error) {
    if (current()) set({ plan: { status: 'error', message: messageOf(error), key } });
  }
}

export async function writeFiles(api: CompanionApi): Promise<void> {
  const s = get();
  if (s.plan.status !== 'done' || s.plan.key !== planKey(s)) return;
  const op = operationOf(s);
  set({ writing: { status: 'loading' } });
  try {
    const result = await api.registry.write(s.plan.data.planId);
    set({ writing: { status: 'idle' }, plan: { status: 'idle' } });
    if (result.git && s.folder.status === 'done')
      set({ folder: { status: 'done', data: { ...s.folder.data, git: result.git }, input: s.folder.input ?? '' } });
    const name = op.kind === 'add' ? op.entry.name : s.draft.form.name;
    updateDraft({
      step: 'write',
      written: {
        operationId: result.operationId,
        root: rootOf(s),
        summary: result.summary,
        kind: op.kind,
        name,
        chain: s.draft.chain,
        paths: result.written,
        undone: false,
        commit: null,
      },
    });
  } catch (error) {
    set({ writing: { status: 'error', message: messageOf(error) } });
    // Whatever happened, the plan is spent: prepare it again from the disk as it is now.
    void makePlan(api, { force: true });
  }
}

export async function undoWrite(api: CompanionApi): Promise<void> {
  const written = get().draft.written;
  if (!written || written.undone) return;
  set({ undoing: { status: 'loading' } });
  try {
    await api.registry.undo(written.root, written.operationId);
    set({ undoing: { status: 'done', data: null } });
    updateDraft({ written: { ...written, undone: true } });
    void openFolder(api, written.root, { keepStep: true });
    void loadEntries(api);
  } catch (error) {
    set({ undoing: { status: 'error', message: messageOf(error) } });
  }
}

export async function commitWritten(api: CompanionApi, branch: string, title: string): Promise<void> {
  const written = get().draft.written;
  if (!written) return;
  set({ committing: { status: 'loading' } });
  try {
    const done = await api.registry.commit(written.root, { branch, title, paths: written.paths.map((p) => p.path) });
    set({ committing: { status: 'done', data: null } });
    updateDraft({ written: { ...written, commit: done } });
    void openFolder(api, written.root, { keepStep: true });
  } catch (error) {
    set({ committing: { status: 'error', message: messageOf(error) } });
  }
}

/** After an undo: back to Review with everything as it was, to change something and write again. */
export function reviseAfterUndo(): void {
  set({ plan: { status: 'idle' }, undoing: { status: 'idle' } });
  updateDraft({ written: null, step: 'review' });
}

// ---- Opening the wizard from the registry check ----------------------------------------------

/** Opens an existing entry (or a chain) from a finding. Returns false when a started submission would be replaced. */
export async function openFromFinding(
  api: CompanionApi,
  target: { root: string; chain: string; id: string | null; step: StepId },
  replace: boolean,
): Promise<boolean> {
  if (!replace && hasContent(get().draft) && !(get().draft.written && !get().draft.written?.undone)) return false;
  set({
    ...initialState(),
    hydrated: true,
    recent: get().recent,
    draft: { ...emptyDraft(target.root), chain: target.chain, step: target.id ? target.step : 'id', updatedAt: Date.now() },
  });
  await openFolder(api, target.root, { keepStep: true });
  await loadEntries(api);
  const s = get();
  const entry = target.id && s.entries.status === 'done' ? s.entries.data.find((e) => e.id === target.id) : undefined;
  if (entry) switchToUpdate(entry);
  else if (target.id) {
    setField('id', target.id);
    goToStep('id');
  }
  return true;
}
