// Assistant client configuration: detection, safe installs and removals, manual setup, connection tests and activity.
export {
  CLIENT_IDS,
  CLIENTS,
  ENTRY_NAME,
  clientSpec,
  isClientId,
  UnknownClientError,
  type ClientId,
  type ClientSpec,
  type ConfigFormat,
} from './catalog';
export { ConfigParseError, ConfigShapeError } from './config-errors';
export { clientStatus, listClients, type ClientState, type ClientStatus, type ConfiguredEntry } from './detect';
export { installClient, removeClient, desiredEntry, type ChangeResult, type InstallOptions } from './install';
export { buildLaunch, currentRuntime, LaunchError, type Launch, type LaunchRuntime } from './launch';
export { manualSetup, type ManualSetup } from './snippets';
export { testClient, testLaunch, NotConfiguredError, type ConnectionTestResult } from './connection-test';
export { readActivity, watchActivity, type ActivityWatcher, type AuditRecord } from './activity';
export { listBackups, backupDir } from './backups';
