/**
 * Services of the validator submission wizard and the registry check, on the registry engine
 * (registry/). Engine refusals become ServiceErrors with the engine's plain-language message.
 */
import { join } from 'node:path';
import {
  applyWrite,
  checkRegistry,
  planWrite,
  readList,
  registryPaths,
  undo,
  type LogoInput,
  type WriteOperation,
  type WritePlan,
} from '../../registry/index';
import { configDir } from '../../platform/credentials/config-paths';
import { FileReadError } from '../../platform/files/bounded-read';
import type { Handlers } from './dispatch';
import type { HostContext } from './host-context';
import { ServiceError } from './service-error';
import type { LogoRef, WizardOperation } from '../../domain/ipc/registry-channels';
import { engine as engineWith, type Advice } from './engine-errors';
import { chainEntries, entryFindings } from './entry-views';
import { HeldPlans } from './held-plans';
import { findingViews } from './wizard/findings-view';
import { listFolders } from './wizard/folder-browser';
import { inspectFolder, normaliseFolderInput } from './wizard/folder-info';
import { commitFiles, gitInfo } from './wizard/git';
import { existingLogo, fixLogoFor, inspectLogo } from './wizard/logo-service';
import { RecentLogos } from './wizard/recent-logos';
import { createLogoUploads } from './wizard/logo-uploads';
import { absoluteIn, planView } from './wizard/plan-view';
import { cloneRemotes } from './wizard/remotes';
import { createWizardState, logoIdOf, type WizardState } from './wizard/wizard-state';

type RegistryChannel =
  | 'registry:openFolder'
  | 'registry:recentFolders'
  | 'registry:forgetFolder'
  | 'registry:listFolders'
  | 'registry:pickFolder'
  | 'registry:chainEntries'
  | 'registry:checkEntry'
  | 'registry:uploadLogoPart'
  | 'registry:inspectLogo'
  | 'registry:loadLogo'
  | 'registry:fixLogo'
  | 'registry:existingLogo'
  | 'registry:plan'
  | 'registry:write'
  | 'registry:undo'
  | 'registry:remotes'
  | 'registry:commit'
  | 'registry:check'
  | 'registry:loadDraft'
  | 'registry:saveDraft'
  | 'registry:clearDraft';

export interface RegistryHandlerOptions {
  /** Where drafts, uploaded logos and recent folders are kept (default: `<config dir>/wizard`). */
  stateDir?: string;
  /** Where the engine keeps undo history (default: the engine's per-user folder). */
  historyDir?: string;
}

/** Progress events at most this often, plus the first and the last. */
const PROGRESS_INTERVAL_MS = 60;

/** What to do next, for refusals whose engine message says only what is wrong. */
const ADVICE: Advice = {
  'list-unparseable':
    'Repair the file, or restore its last committed version (for example with "git checkout -- <file>"), then go back to Review.',
  'unknown-chain': 'Choose another chain, or update your copy of the registry.',
};

/** Runs engine code, turning its refusals into errors the renderer shows as they are, with the advice above. */
const engine = <T>(work: () => Promise<T>): Promise<T> => engineWith(work, ADVICE);

export interface RegistryService {
  readonly handlers: Pick<Handlers, RegistryChannel>;
  /** The wizard's operation for the engine, with the logo the user uploaded (shared with the GitHub submission). */
  readonly engineOperation: (op: WizardOperation) => Promise<WriteOperation>;
}

export function registryHandlers(ctx: HostContext, options: RegistryHandlerOptions = {}): Pick<Handlers, RegistryChannel> {
  return registryService(ctx, options).handlers;
}

/** The wizard's state folder (drafts, uploaded logos, recent folders), resolved on first use. */
type StateOf = () => WizardState;
type WriteOptions = { historyDir?: string };

/** The registry folder: open it (and remember it), the recent ones, browse, or pick one in the desktop app. */
function folderHandlers(
  ctx: HostContext,
  state: StateOf,
): Pick<
  Handlers,
  'registry:openFolder' | 'registry:recentFolders' | 'registry:forgetFolder' | 'registry:listFolders' | 'registry:pickFolder'
> {
  return {
    'registry:openFolder': async (raw) => {
      const info = await inspectFolder(raw);
      if (info.isRegistry) await state().rememberFolder(info.root);
      return info;
    },
    'registry:recentFolders': async () => ({ folders: await state().recentFolders() }),
    'registry:forgetFolder': async (folder) => ({ folders: await state().forgetFolder(folder) }),
    'registry:listFolders': (folder) => listFolders(folder),
    'registry:pickFolder': async () => {
      if (!ctx.pickFolder)
        throw new ServiceError(
          'not_available',
          'Browsing for a folder works in the desktop app only. Paste the folder path into "Registry folder" instead.',
        );
      return { path: await ctx.pickFolder('Choose your copy of the registry (the folder that contains "blockchains")') };
    },
  };
}

/** A chain's list.json, read and parsed, or a refusal that says how to fix it. */
async function readChainList(root: string, chain: string) {
  const path = registryPaths.list(chain);
  const doc = await readList(absoluteIn(root, path), { path, chain }, root).catch((error: Error) => {
    throw new ServiceError(
      'list-unreadable',
      error instanceof FileReadError && error.reason === 'missing'
        ? `${path} does not exist in this registry. Choose another chain, or update your copy of the registry.`
        : error instanceof FileReadError
          ? error.message
          : `${path} cannot be read: ${error.message}.`,
    );
  });
  if (!doc.ok) {
    const why = doc.findings.find((f) => f.severity === 'error')?.message ?? 'it is not a JSON list';
    throw new ServiceError(
      'list-unparseable',
      `${path} is damaged, so the wizard will not change it: ${why} Fix the file or restore it (for example with "git checkout -- ${path}"), then choose the chain again.`,
    );
  }
  return doc;
}

/** A chain's entries, and the live check of one entry against them. */
function entryHandlers(): Pick<Handlers, 'registry:chainEntries' | 'registry:checkEntry'> {
  return {
    'registry:chainEntries': async (raw, chain) => {
      const doc = await readChainList(normaliseFolderInput(raw), chain);
      return chainEntries(doc.entries);
    },
    'registry:checkEntry': async (raw, chain, entry, { originalId }) => {
      const root = normaliseFolderInput(raw);
      const path = registryPaths.list(chain);
      const doc = await readList(absoluteIn(root, path), { path, chain }, root).catch(() => null);
      return entryFindings(chain, entry, doc?.ok ? doc.entries : undefined, originalId);
    },
  };
}

/** The logo: uploaded in parts, inspected, kept for the draft, fixed, and the one already in the registry. */
function logoHandlers(
  ctx: HostContext,
  logos: RecentLogos,
): Pick<Handlers, 'registry:uploadLogoPart' | 'registry:inspectLogo' | 'registry:loadLogo' | 'registry:fixLogo' | 'registry:existingLogo'> {
  const uploads = createLogoUploads();
  return {
    'registry:uploadLogoPart': (uploadId, index, part) => ({ received: uploads.put(uploadId, index, part) }),
    'registry:inspectLogo': async (uploadId, parts, fileName) => {
      const bytes = uploads.take(uploadId, parts);
      if (bytes.length === 0) throw new ServiceError('logo_empty', 'The file is empty (0 bytes). Choose the logo image again.');
      const logoId = logoIdOf(bytes);
      // Keep a copy on disk for the draft while the image is inspected.
      const saved = logos.keep(logoId, { bytes, fileName }, (error) =>
        ctx.log(`[registry:inspectLogo] could not keep the logo for the draft: ${error.message}`),
      );
      const [inspection] = await Promise.all([inspectLogo(bytes, fileName, logoId), saved]);
      return inspection;
    },
    'registry:loadLogo': async (logoId) => {
      const { bytes, fileName } = await logos.get(logoId);
      return inspectLogo(bytes, fileName, logoId);
    },
    'registry:fixLogo': async (logoId, settings) => fixLogoFor((await logos.get(logoId)).bytes, settings),
    'registry:existingLogo': async (raw, chain, id) => existingLogo(normaliseFolderInput(raw), chain, id),
  };
}

/** The wizard's operation for the engine, with the logo the user uploaded. */
function engineOperationWith(logos: RecentLogos): (op: WizardOperation) => Promise<WriteOperation> {
  async function logoInput(ref: LogoRef | undefined): Promise<LogoInput | undefined> {
    if (!ref) return undefined;
    const { bytes } = await logos.get(ref.logoId);
    return {
      source: bytes,
      fix: ref.fix ? { ...(ref.fix.crop ? { crop: ref.fix.crop } : {}), fit: ref.fix.fit ?? 'cover', previewSize: 0 } : false,
    };
  }
  return async (op) => {
    if (op.kind === 'disable') return { kind: 'disable', chain: op.chain, id: op.id, ...(op.note !== undefined ? { note: op.note } : {}) };
    const logo = await logoInput(op.logo);
    if (op.kind === 'add') return { kind: 'add', chain: op.chain, entry: op.entry, ...(logo ? { logo } : {}) };
    return { kind: 'update', chain: op.chain, id: op.id, changes: op.changes, ...(logo ? { logo } : {}) };
  };
}

/** Plan a change (held under an id for review), write the reviewed plan, and undo a write. */
function writeHandlers(
  writeOptions: WriteOptions,
  toEngineOperation: (op: WizardOperation) => Promise<WriteOperation>,
): Pick<Handlers, 'registry:plan' | 'registry:write' | 'registry:undo'> {
  // Plans waiting for "Write files"; older ones are dropped (the Review step then plans again).
  const plans = new HeldPlans<WritePlan>();
  return {
    'registry:plan': async (raw, op) => {
      const root = normaliseFolderInput(raw);
      const plan = await engine(async () => planWrite(root, await toEngineOperation(op), writeOptions));
      return planView(plans.hold(plan), plan);
    },
    'registry:write': async (planId) => {
      const plan = plans.get(planId);
      if (!plan)
        throw new ServiceError(
          'plan_expired',
          'This review is out of date (the app restarted, or the changes were reviewed again). Go back to Review, check the changes, then write.',
        );
      const applied = await engine(() => applyWrite(plan, writeOptions));
      plans.forget(planId);
      return {
        operationId: applied.operationId,
        summary: plan.summary,
        written: applied.written.map((path) => ({ path, absolutePath: absoluteIn(plan.root, path) })),
        git: await gitInfo(plan.root),
      };
    },
    'registry:undo': async (raw, operationId) => {
      const result = await engine(() => undo(normaliseFolderInput(raw), { ...writeOptions, operationId }));
      return { restored: [...result.restored], summary: result.undone.summary };
    },
  };
}

/** Only the validator files the wizard writes may be committed: no other folder, no `..`, no backslash. */
function assertWizardPaths(paths: readonly string[]): void {
  for (const path of paths) {
    if (
      !/^blockchains\/[^/]+\/validators\//.test(path) ||
      path.split('/').some((part) => part === '..' || part === '') ||
      path.includes('\\')
    ) {
      throw new ServiceError('bad_path', `"${path}" is not a file the wizard wrote, so it will not be committed.`);
    }
  }
}

/** The clone's remotes, and the local commit of the files written. */
function gitHandlers(): Pick<Handlers, 'registry:remotes' | 'registry:commit'> {
  return {
    'registry:remotes': async (raw, upstream) => ({ remotes: await cloneRemotes(normaliseFolderInput(raw), upstream) }),
    'registry:commit': async (raw, request) => {
      assertWizardPaths(request.paths);
      const title = request.title.replace(/\s+/g, ' ').trim();
      if (title === '')
        throw new ServiceError('bad_title', 'Enter a commit title, for example "Add My Validator validator to Cosmos Hub".');
      const done = await commitFiles(normaliseFolderInput(raw), { ...request, title });
      return { ...done, title };
    },
  };
}

/** The full check of a registry folder, its progress sent as events (at most every PROGRESS_INTERVAL_MS). */
function checkHandler(ctx: HostContext, writeOptions: WriteOptions): Pick<Handlers, 'registry:check'> {
  return {
    'registry:check': async (raw, { scanId }) => {
      let last = 0;
      const report = await engine(() =>
        checkRegistry(normaliseFolderInput(raw), {
          ...writeOptions,
          onProgress: (p) => {
            const now = performance.now();
            if (p.phase === 'check' && p.done < p.total && now - last < PROGRESS_INTERVAL_MS) return;
            last = now;
            ctx.emit('registry:progress', { scanId, phase: p.phase, done: p.done, total: p.total, ...(p.chain ? { chain: p.chain } : {}) });
          },
        }),
      );
      const { errors, warnings, infos, chains, entries, logos: logoCount } = report.summary;
      return {
        root: report.root,
        findings: findingViews(report.findings),
        summary: { chains, entries, logos: logoCount, errors, warnings, infos },
        totalMs: report.timings.totalMs,
      };
    },
  };
}

/** The wizard's draft, kept across restarts. */
function draftHandlers(state: StateOf): Pick<Handlers, 'registry:loadDraft' | 'registry:saveDraft' | 'registry:clearDraft'> {
  return {
    'registry:loadDraft': async () => ({ draft: await state().loadDraft() }),
    'registry:saveDraft': async (json) => {
      await state().saveDraft(json);
      return { saved: true };
    },
    'registry:clearDraft': async () => {
      await state().clearDraft();
      return { cleared: true };
    },
  };
}

export function registryService(ctx: HostContext, options: RegistryHandlerOptions = {}): RegistryService {
  let stateCache: WizardState | undefined;
  // Resolved on first use, so the config folder follows the environment of the running host.
  const state = () => (stateCache ??= createWizardState(options.stateDir ?? join(configDir(), 'wizard')));
  const writeOptions: WriteOptions = options.historyDir ? { historyDir: options.historyDir } : {};
  const logos = new RecentLogos(state);
  const engineOperation = engineOperationWith(logos);
  const handlers: Pick<Handlers, RegistryChannel> = {
    ...folderHandlers(ctx, state),
    ...entryHandlers(),
    ...logoHandlers(ctx, logos),
    ...writeHandlers(writeOptions, engineOperation),
    ...gitHandlers(),
    ...checkHandler(ctx, writeOptions),
    ...draftHandlers(state),
  };
  return { handlers, engineOperation };
}
