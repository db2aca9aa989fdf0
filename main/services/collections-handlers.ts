/**
 * The Collections view's channels: the collection files in the collections folder (the one the user
 * chose, else `collections/` in the configuration folder; folder-choice.ts, looked up and checked on every
 * call, so a folder that vanished is said plainly and nothing goes elsewhere), the choice of that folder,
 * runs with progress events and the options `companion test` has (profile, era, environment file), and
 * "save to collection".
 */
import { erasOf } from '../../domain/collections/eras';
import type { CollectionsFolderState, EnvironmentFileSummary } from '../../domain/ipc/collections-channels';
import { AppRunner, RunBusyError } from '../collections/app-run';
import { CollectionFileError } from '../collections/folder';
import {
  chooseCollectionsFolder,
  collectionsLocation,
  folderAt,
  openCollectionsFolder,
  type CollectionsLocation,
} from '../collections/folder-choice';
import { CollectionLoadError, loadEnvironment } from '../collections/load';
import { RunProfileError, runProfileFor } from '../collections/run-profile';
import { LinkOnPathError } from '../../platform/files/contained-path';
import { SettingsError } from '../../platform/credentials/app-settings';
import { currentPathContext, type PathContext } from '../../platform/credentials/config-paths';
import type { Keychain } from '../../platform/credentials/keychain';
import type { Handlers } from './dispatch';
import type { HostContext } from './host-context';
import { ServiceError } from './service-error';
import { listFolders } from './wizard/folder-browser';
import { normaliseFolderInput } from './wizard/folder-info';

type CollectionsChannel =
  | 'collections:list'
  | 'collections:read'
  | 'collections:save'
  | 'collections:append'
  | 'collections:run'
  | 'collections:readEnvironment'
  | 'collections:listEnvironmentFiles'
  | 'collections:pickEnvironmentFile'
  | 'collections:cancel'
  | 'collections:setFolder'
  | 'collections:listFolders'
  | 'collections:pickFolder';

export interface CollectionsDeps {
  readonly keychain?: Keychain;
  /** Default: the user's configuration folder (tests point it at a temp home). */
  readonly paths?: PathContext;
}

const ENVIRONMENT_SUFFIX = '.json';

/** File problems become errors with the folder's own plain message. */
async function plainly<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CollectionFileError) throw new ServiceError(error.code, error.message);
    if (error instanceof LinkOnPathError) throw new ServiceError('unsafe_path', error.message);
    if (error instanceof RunBusyError) throw new ServiceError('busy', error.message);
    if (error instanceof CollectionLoadError) throw new ServiceError('invalid_environment', error.message);
    // settings.json (where the chosen folder is kept) cannot be parsed: its message names the file and the fix.
    if (error instanceof SettingsError) throw new ServiceError('settings_invalid', error.message);
    if (error instanceof RunProfileError) {
      const sentence = `${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}.`;
      throw new ServiceError(
        error.reason === 'invalid' ? 'invalid_profile' : 'unknown_profile',
        error.reason === 'invalid' ? sentence : `${sentence} Choose another profile, or add it under Settings.`,
      );
    }
    throw error;
  }
}

/**
 * The environment file the renderer named, read as `--env` reads one. The path is the renderer's, so it
 * is normalised like a typed folder (quotes, "~", file:// URLs; relative to home), must name a `.json`
 * file, and is read through the bounded reader as a regular file that is not a symbolic link.
 */
async function readEnvironmentFile(input: string): Promise<{ summary: EnvironmentFileSummary; values: Record<string, unknown> }> {
  const file = normaliseFolderInput(input);
  if (!file.toLowerCase().endsWith(ENVIRONMENT_SUFFIX))
    throw new ServiceError(
      'invalid_environment',
      `${file}: an environment file is a ${ENVIRONMENT_SUFFIX} file holding one JSON object of variables, e.g. {"wallet": "0x…"}.`,
    );
  const values = await loadEnvironment(file, { noFollow: true });
  return { summary: { file, variables: Object.keys(values) }, values };
}

const folderState = (where: CollectionsLocation): CollectionsFolderState => ({
  folder: where.dir,
  defaultFolder: where.defaultDir,
  isDefault: where.isDefault,
  ...(where.problem !== undefined ? { problem: where.problem } : {}),
});

export function collectionsHandlers(ctx: HostContext, deps: CollectionsDeps = {}): Pick<Handlers, CollectionsChannel> {
  const paths = deps.paths ?? currentPathContext(process.env);
  // Looked up on every call: the choice may change, and a chosen folder may vanish (an unplugged disk).
  const folder = () => openCollectionsFolder(paths);
  const runner = new AppRunner({
    paths,
    env: paths.env,
    emit: (event) => ctx.emit('collections:progress', event),
    ...(deps.keychain ? { keychain: deps.keychain } : {}),
  });
  return {
    'collections:list': () =>
      plainly(async () => {
        const where = await collectionsLocation(paths);
        // A chosen folder that cannot be used is a state the view shows (with "Use the default folder"), not a failure.
        if (where.problem !== undefined) return { ...folderState(where), collections: [] };
        try {
          return { ...folderState(where), collections: await folderAt(where).list() };
        } catch (error) {
          // Gone between the check and the listing.
          if (error instanceof CollectionFileError && error.code === 'folder_unavailable')
            return { ...folderState({ ...where, problem: error.message }), collections: [] };
          throw error;
        }
      }),
    'collections:read': (file) => plainly(async () => ({ file, collection: await (await folder()).read(file) })),
    'collections:save': (file, collection) =>
      plainly(async () => {
        await (await folder()).save(file, collection);
        return { file };
      }),
    'collections:append': (target, item) => plainly(async () => (await folder()).append(target, item)),
    'collections:run': (request) =>
      plainly(async () => {
        runner.checkFree(request.runId);
        // Checked before any call, as the CLI checks its flags: a typo is one refusal, not every item failing.
        const profile = await runProfileFor(request.profile, paths);
        const environment = request.envFile === undefined ? undefined : await readEnvironmentFile(request.envFile);
        const result = await runner.run({
          folder: await folder(),
          runId: request.runId,
          file: request.file,
          profile,
          eras: erasOf(request.era),
          ...(environment ? { environment: environment.values } : {}),
        });
        return { ...result, ...(environment ? { environment: environment.summary } : {}) };
      }),
    'collections:readEnvironment': (input) => plainly(async () => (await readEnvironmentFile(input)).summary),
    'collections:listEnvironmentFiles': async (start) => {
      const listing = await listFolders(start, { filesEndingWith: ENVIRONMENT_SUFFIX });
      return { ...listing, files: listing.files ?? [] };
    },
    'collections:pickEnvironmentFile': async () => {
      if (!ctx.pickFile)
        throw new ServiceError('not_available', 'The system file picker is in the desktop app only. Type the file’s path instead.');
      return {
        path: await ctx.pickFile('Choose an environment file (a JSON object of variables)', [{ name: 'JSON', extensions: ['json'] }]),
      };
    },
    'collections:cancel': (runId) => ({ cancelled: runner.cancel(runId) }),
    'collections:setFolder': (input) =>
      plainly(async () => {
        const where = await chooseCollectionsFolder(paths, input);
        ctx.log(`[collections] folder: ${where.isDefault ? `the default (${where.dir})` : where.dir}`);
        return folderState(where);
      }),
    'collections:listFolders': (start) => listFolders(start),
    'collections:pickFolder': async () => {
      if (!ctx.pickFolder)
        throw new ServiceError('not_available', 'The system folder picker is in the desktop app only. Use the folder browser instead.');
      return { path: await ctx.pickFolder('Choose the folder for your collections (for example one in your git repository)') };
    },
  };
}
