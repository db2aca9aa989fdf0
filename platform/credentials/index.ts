// Profiles, per-OS paths and OS-keychain credentials: plain Node, shared by the app, the CLI and the bridge.
export {
  auditLogFile,
  bridgeLogFile,
  configDir,
  currentPathContext,
  logDir,
  profilesFile,
  referenceGatewayDir,
  type PathContext,
} from './config-paths';
export { ProfileError, ProfileStore, validateProfile, validateProfileName, type Profile, type ProfileKind } from './profiles';
export { isLoopbackHost, parseEndpointUrl } from './endpoint-url';
export {
  DEFAULT_PROFILE,
  EMBEDDED_PORT,
  EMBEDDED_URL,
  embeddedCaFile,
  ensureDefaultProfile,
  type EnsureDefaultProfileOptions,
} from './default-profile';
export {
  KEYCHAIN_SERVICE,
  KeychainError,
  explainKeychainError,
  osKeychain,
  type Credentials,
  type Keychain,
  type KeychainFailure,
} from './keychain';
export {
  clearCredentials,
  CredentialsError,
  credentialStatus,
  ENV_ACCESS_ID,
  ENV_OPT_IN,
  ENV_SECRET_KEY,
  envCredentialsOptedIn,
  resolveCredentials,
  storeCredentials,
  validateCredentials,
  type CredentialSource,
  type CredentialStatus,
  type ResolvedCredentials,
} from './credentials';
