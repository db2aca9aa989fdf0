/**
 * The app's keychains: the OS keychain for gateway secrets and for the GitHub token, each falling back to
 * this process's memory for the session when the OS keychain cannot be reached (session-secrets.ts). One
 * memory per process, shared by both hosts' services; the bridge and the CLI never use it.
 */
import { githubKeychain, GITHUB_KEYCHAIN_SERVICE } from '../../github/token-store';
import { KEYCHAIN_SERVICE, osKeychain, type Keychain } from '../../platform/credentials/keychain';
import { SessionSecrets, withSessionFallback } from '../../platform/credentials/session-secrets';

export interface AppKeychains {
  /** Gateway profiles' credentials (the playground's). */
  readonly gateway: Keychain;
  /** The GitHub token. */
  readonly github: Keychain;
}

let shared: AppKeychains | undefined;

export function appKeychains(): AppKeychains {
  if (!shared) {
    const secrets = new SessionSecrets();
    shared = {
      gateway: withSessionFallback(osKeychain(KEYCHAIN_SERVICE), secrets, KEYCHAIN_SERVICE),
      github: withSessionFallback(githubKeychain(), secrets, GITHUB_KEYCHAIN_SERVICE),
    };
  }
  return shared;
}
