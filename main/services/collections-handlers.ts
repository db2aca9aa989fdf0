/**
 * The Collections view's channels: the collection files in the app's collections folder
 * (`collections/` in the configuration folder), runs with progress events, and "save to collection".
 */
import { AppRunner, RunBusyError } from '../collections/app-run';
import { CollectionFileError, CollectionsFolder, collectionsDir } from '../collections/folder';
import { LinkOnPathError } from '../../platform/files/contained-path';
import { currentPathContext, type PathContext } from '../../platform/credentials/config-paths';
import type { Keychain } from '../../platform/credentials/keychain';
import type { Handlers } from './dispatch';
import type { HostContext } from './host-context';
import { ServiceError } from './service-error';

type CollectionsChannel =
  'collections:list' | 'collections:read' | 'collections:save' | 'collections:append' | 'collections:run' | 'collections:cancel';

export interface CollectionsDeps {
  readonly keychain?: Keychain;
  /** Default: the user's configuration folder (tests point it at a temp home). */
  readonly paths?: PathContext;
}

/** File problems become errors with the folder's own plain message. */
async function plainly<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CollectionFileError) throw new ServiceError(error.code, error.message);
    if (error instanceof LinkOnPathError) throw new ServiceError('unsafe_path', error.message);
    if (error instanceof RunBusyError) throw new ServiceError('busy', error.message);
    throw error;
  }
}

export function collectionsHandlers(ctx: HostContext, deps: CollectionsDeps = {}): Pick<Handlers, CollectionsChannel> {
  const paths = deps.paths ?? currentPathContext(process.env);
  const folder = new CollectionsFolder(collectionsDir(paths));
  const runner = new AppRunner({
    folder,
    paths,
    env: paths.env,
    emit: (event) => ctx.emit('collections:progress', event),
    ...(deps.keychain ? { keychain: deps.keychain } : {}),
  });
  return {
    'collections:list': () => plainly(async () => ({ folder: folder.dir, collections: await folder.list() })),
    'collections:read': (file) => plainly(async () => ({ file, collection: await folder.read(file) })),
    'collections:save': (file, collection) =>
      plainly(async () => {
        await folder.save(file, collection);
        return { file };
      }),
    'collections:append': (target, item) => plainly(() => folder.append(target, item)),
    'collections:run': (request) =>
      plainly(() =>
        runner.run({ runId: request.runId, file: request.file, ...(request.profile !== undefined ? { profile: request.profile } : {}) }),
      ),
    'collections:cancel': (runId) => ({ cancelled: runner.cancel(runId) }),
  };
}
