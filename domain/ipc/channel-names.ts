/**
 * The contract's channel and event names without their schemas. The preload imports only this module,
 * so its bundle stays free of zod: it forwards names, and main validates every call against the contract.
 * `channel-names.test.ts` fails if this list and the contract disagree.
 */
export const CHANNEL_NAMES = [
  'app:info',
  'app:ping',
  'app:openExternal',
  'assistants:list',
  'assistants:install',
  'assistants:remove',
  'assistants:test',
  'assistants:manualSetup',
  'assistants:recentActivity',
  'doctor:run',
  'github:status',
  'github:startDeviceSignIn',
  'github:deviceSignInState',
  'github:cancelDeviceSignIn',
  'github:setClientId',
  'github:signInWithToken',
  'github:signOut',
  'github:openRegistry',
  'github:chainEntries',
  'github:checkEntry',
  'github:existingLogo',
  'github:plan',
  'github:openPullRequest',
  'github:pushLocal',
  'github:pullRequest',
  'playground:state',
  'playground:connect',
  'playground:disconnect',
  'playground:demoCredentials',
  'playground:ping',
  'playground:validate',
  'playground:call',
  'playground:cancel',
  'playground:history',
  'playground:historyEntry',
  'playground:historyRemove',
  'playground:historyClear',
  'playground:traffic',
  'profiles:list',
  'profiles:save',
  'profiles:remove',
  'profiles:setCredentials',
  'profiles:clearCredentials',
  'registry:openFolder',
  'registry:recentFolders',
  'registry:forgetFolder',
  'registry:listFolders',
  'registry:pickFolder',
  'registry:chainEntries',
  'registry:checkEntry',
  'registry:uploadLogoPart',
  'registry:inspectLogo',
  'registry:loadLogo',
  'registry:fixLogo',
  'registry:existingLogo',
  'registry:plan',
  'registry:write',
  'registry:undo',
  'registry:remotes',
  'registry:commit',
  'registry:check',
  'registry:loadDraft',
  'registry:saveDraft',
  'registry:clearDraft',
] as const;

/** Events pushed from main to the renderer. */
export const EVENT_NAMES = [
  'assistants:activity',
  'github:progress',
  'playground:traffic',
  'playground:connection',
  'playground:progress',
  'playground:historyChanged',
  'registry:progress',
] as const;

/** Every call's wire result: errors travel as data so both hosts report them identically. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

/** Electron IPC: one invoke channel carrying (channel, args), and one event channel carrying (event, payload). */
export const IPC_INVOKE = 'companion:invoke';
export const IPC_EVENT = 'companion:event';
