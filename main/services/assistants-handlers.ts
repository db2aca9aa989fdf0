import path from 'node:path';
import { redactAuditRecord } from '../../bridge/audit-log';
import type { AssistantClient } from '../../domain/ipc/assistants-channels';
import { readActivity, watchActivity, type ActivityWatcher } from '../clients/activity';
import { backupDir } from '../clients/backups';
import { clientSpec, type ClientId } from '../clients/catalog';
import { ConfigParseError, ConfigShapeError } from '../clients/config-errors';
import { NotConfiguredError, testClient } from '../clients/connection-test';
import { clientStatus, listClients, type ClientStatus } from '../clients/detect';
import { installClient, recordingPattern, removeClient } from '../clients/install';
import { CollectionFileError } from '../collections/folder';
import { openCollectionsFolder } from '../collections/folder-choice';
import { saveRecordingAsCollection } from '../collections/save-recording';
import { currentRuntime, LaunchError, type LaunchRuntime } from '../clients/launch';
import { manualSetup } from '../clients/snippets';
import { SettingsError } from '../../platform/credentials/app-settings';
import { auditLogFile, currentPathContext, profilesFile, type PathContext } from '../../platform/credentials/config-paths';
import { DEFAULT_PROFILE } from '../../platform/credentials/default-profile';
import { ProfileError, ProfileStore } from '../../platform/credentials/profiles';
import type { Handlers } from './dispatch';
import { currentHandshake, entryFingerprint, readHandshakes, recordHandshake, type Handshake } from './handshake-record';
import type { HostContext } from './host-context';
import { ServiceError } from './service-error';

type AssistantsHandlers = Pick<
  Handlers,
  | 'assistants:list'
  | 'assistants:install'
  | 'assistants:setRecording'
  | 'assistants:remove'
  | 'assistants:test'
  | 'assistants:manualSetup'
  | 'assistants:recentActivity'
  | 'assistants:saveRecordingAsCollection'
>;

/** Only the names of the entry's variables reach the renderer; a handshake only while the entry is the one tested. */
function toWire(status: ClientStatus, handshakes: Record<string, Handshake>): AssistantClient {
  const { entry, ...rest } = status;
  if (!entry) return { ...rest };
  const { env, ...fields } = entry;
  const handshake = status.state === 'configured' ? currentHandshake(handshakes, status.id, entryFingerprint(entry)) : undefined;
  return {
    ...rest,
    entry: { ...fields, args: [...fields.args], missing: [...fields.missing], envKeys: Object.keys(env ?? {}) },
    ...(handshake ? { handshake: { at: handshake.at, toolCount: handshake.toolCount } } : {}),
  };
}

/** Engine errors the user can act on become ServiceErrors (their messages name the file, the line and the fix). */
async function expected<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ConfigParseError) throw new ServiceError('config_invalid', error.message);
    if (error instanceof ConfigShapeError) throw new ServiceError('config_unsupported', error.message);
    if (error instanceof NotConfiguredError) throw new ServiceError('not_configured', error.message);
    if (error instanceof LaunchError) throw new ServiceError('launcher_unavailable', error.message);
    if (error instanceof ProfileError) throw new ServiceError('profile_invalid', error.message);
    if (error instanceof CollectionFileError) throw new ServiceError(error.code, error.message);
    if (error instanceof SettingsError) throw new ServiceError('settings_invalid', error.message);
    throw error;
  }
}

export function assistantsHandlers(ctx: HostContext): AssistantsHandlers {
  // Read per call: tests and browser mode set HOME / XDG_CONFIG_HOME / APPDATA for the process.
  const paths = (): PathContext => currentPathContext(process.env);
  const runtime = (): LaunchRuntime => currentRuntime(process.env);
  const profiles = () => new ProfileStore(profilesFile(paths()));

  async function checkedProfile(requested: string | undefined): Promise<string> {
    const store = profiles();
    const name = requested ?? (await store.defaultName());
    if (name !== DEFAULT_PROFILE && !(await store.get(name))) {
      throw new ServiceError(
        'profile_missing',
        `There is no profile named "${name}". Add it under Settings (or run: companion login --profile ${name} --url <gateway URL>), then install again.`,
      );
    }
    return name;
  }

  async function status(id: ClientId): Promise<AssistantClient> {
    let r: LaunchRuntime | undefined;
    try {
      r = runtime();
    } catch {
      r = undefined;
    }
    return toWire(await clientStatus(id, { paths: paths(), ...(r ? { runtime: r } : {}) }), await readHandshakes(paths()));
  }

  let watcher: ActivityWatcher | undefined;

  return {
    'assistants:list': () =>
      expected(async () => {
        const p = paths();
        let launcher: { kind: 'packaged' | 'source'; command: string } | { error: string };
        let r: LaunchRuntime | undefined;
        try {
          r = runtime();
          launcher =
            r.kind === 'packaged' ? { kind: 'packaged', command: r.executable } : { kind: 'source', command: `${r.node} ${r.cli}` };
        } catch (error) {
          launcher = { error: (error as Error).message };
        }
        const store = profiles();
        const names = (await store.list().catch(() => [])).map((x) => x.name);
        if (!names.includes(DEFAULT_PROFILE)) names.unshift(DEFAULT_PROFILE);
        const clients = await listClients({ paths: p, ...(r ? { runtime: r } : {}) });
        const handshakes = await readHandshakes(p);
        return {
          clients: clients.map((c) => toWire(c, handshakes)),
          profiles: names,
          defaultProfile: await store.defaultName().catch(() => DEFAULT_PROFILE),
          launcher,
          backupsDir: path.dirname(backupDir(p, 'cursor')),
          activityLog: auditLogFile(p),
        };
      }),
    'assistants:install': (id, options) =>
      expected(async () => {
        const profile = await checkedProfile(options.profile);
        // Installing again (another profile, an update) keeps the entry's "Record sessions" as it was.
        const record = (await clientStatus(id, { paths: paths() })).entry?.recording ?? false;
        const result = await installClient(id, { paths: paths(), runtime: runtime(), profile, record });
        ctx.log(`[assistants] ${result.changed ? 'installed' : 'already installed'} ${id} (profile ${profile}) in ${result.file}`);
        return { client: await status(id), changed: result.changed, ...(result.backup ? { backup: result.backup } : {}) };
      }),
    'assistants:setRecording': (id, { record }) =>
      expected(async () => {
        const { entry } = await clientStatus(id, { paths: paths() });
        if (!entry)
          throw new ServiceError('not_configured', `${clientSpec(id).name} is not set up yet: install it first, then turn on recording.`);
        const profile = await checkedProfile(entry.profile);
        const result = await installClient(id, { paths: paths(), runtime: runtime(), profile, record });
        ctx.log(`[assistants] recording ${record ? 'on' : 'off'} for ${id} (${result.file})`);
        return { client: await status(id), changed: result.changed, ...(result.backup ? { backup: result.backup } : {}) };
      }),
    'assistants:saveRecordingAsCollection': (id) =>
      expected(async () => {
        // Into the collections folder the Collections view shows (the chosen one, else the default).
        const folder = await openCollectionsFolder(paths());
        const saved = await saveRecordingAsCollection(path.dirname(recordingPattern(paths(), id)), `${id}-`, folder);
        ctx.log(`[assistants] saved ${saved.recording} as ${saved.file} (${saved.items} items)`);
        return saved;
      }),
    'assistants:remove': (id) =>
      expected(async () => {
        const result = await removeClient(id, { paths: paths() });
        ctx.log(`[assistants] ${result.changed ? 'removed' : 'nothing to remove in'} ${id} (${result.file})`);
        return {
          client: await status(id),
          changed: result.changed,
          ...(result.backup ? { backup: result.backup } : {}),
          ...(result.deleted ? { deleted: true } : {}),
        };
      }),
    'assistants:test': (id) =>
      expected(async () => {
        const p = paths();
        const { tools, server, ...rest } = await testClient(id, { paths: p, env: process.env });
        if (rest.ok) {
          // The entry that just passed: "Connected" lasts until it changes.
          const { entry } = await clientStatus(id, { paths: p });
          if (entry) await recordHandshake(p, id, { at: Date.now(), toolCount: rest.toolCount ?? 0, entry: entryFingerprint(entry) });
        }
        return { ...rest, ...(tools ? { tools: [...tools] } : {}), ...(server ? { server: { ...server } } : {}) };
      }),
    'assistants:manualSetup': (id, profile) => expected(async () => manualSetup(id, runtime(), await checkedProfile(profile), paths())),
    'assistants:recentActivity': () =>
      expected(async () => {
        const p = paths();
        // Live updates start with the first reader and follow the log for the life of the host.
        // Records are redacted again on the way to the page (older files hold what the rule now hides).
        watcher ??= watchActivity(p, (records) => ctx.emit('assistants:activity', { records: records.map(redactAuditRecord) }));
        return { records: (await readActivity(p, 500)).map(redactAuditRecord), logFile: auditLogFile(p) };
      }),
  };
}
