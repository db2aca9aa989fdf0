import { learnDemoAccount } from '../bridge-host/demo-account';
import { currentPathContext, profilesFile, referenceGatewayDir } from '../../platform/credentials/config-paths';
import { DEFAULT_PROFILE } from '../../platform/credentials/default-profile';
import { ProfileStore } from '../../platform/credentials/profiles';
import type { Handlers } from './dispatch';
import type { HostContext } from './host-context';
import { ServiceError } from './service-error';
import { HISTORY_LIMIT } from '../playground/history-store';
import { sharedSessionManager, type SessionManager } from '../playground/session-manager';

type PlaygroundChannel =
  | 'playground:state'
  | 'playground:connect'
  | 'playground:disconnect'
  | 'playground:demoCredentials'
  | 'playground:ping'
  | 'playground:validate'
  | 'playground:call'
  | 'playground:cancel'
  | 'playground:history'
  | 'playground:historyEntry'
  | 'playground:historyRemove'
  | 'playground:historyClear'
  | 'playground:traffic';

/** The tool playground: one bridge connection per process, its traffic, and the call history. */
export function playgroundHandlers(
  ctx: HostContext,
  manager: SessionManager = sharedSessionManager((event, payload) => ctx.emit(event, payload)),
): Pick<Handlers, PlaygroundChannel> {
  return {
    'playground:state': () => ({ connection: manager.connection ?? null }),
    'playground:connect': (profile) => manager.connect(profile),
    'playground:disconnect': async () => ({ disconnected: await manager.disconnect() }),
    'playground:demoCredentials': async () => {
      const profile = manager.connection?.profile;
      if (!profile) return null;
      const paths = currentPathContext(process.env);
      const stored = await new ProfileStore(profilesFile(paths)).get(profile).catch(() => undefined);
      const embedded = stored ? stored.kind === 'embedded' : profile === DEFAULT_PROFILE;
      if (!embedded) return null;
      const demo = await learnDemoAccount(referenceGatewayDir(paths));
      return { accessId: demo.accessId, secretKey: demo.secretKey };
    },
    'playground:ping': async () => ({ latencyMs: await manager.ping() }),
    'playground:validate': (tool, args) => manager.validate(tool, args),
    'playground:call': (request) => manager.call(request),
    'playground:cancel': (callId) => ({ cancelled: manager.cancel(callId) }),
    'playground:history': async () => ({ entries: await manager.history.list(), limit: HISTORY_LIMIT }),
    'playground:historyEntry': async (id) => {
      const entry = await manager.history.get(id);
      if (!entry) throw new ServiceError('not_found', 'That history entry no longer exists (it was removed or pushed out by newer calls).');
      return entry;
    },
    'playground:historyRemove': async (id) => {
      const removed = await manager.history.remove(id);
      ctx.emit('playground:historyChanged', { count: await manager.history.count() });
      return { removed };
    },
    'playground:historyClear': async () => {
      const removed = await manager.history.clear();
      ctx.emit('playground:historyChanged', { count: 0 });
      return { removed };
    },
    'playground:traffic': () => ({ entries: manager.traffic() }),
  };
}
