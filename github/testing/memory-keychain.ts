/** An in-memory Keychain for engine tests that are not about the OS keychain (the CLI tests use the real one). */
import type { Credentials, Keychain } from '../../platform/credentials/keychain';

export function memoryKeychain(): Keychain & { readonly items: Map<string, Credentials> } {
  const items = new Map<string, Credentials>();
  return {
    items,
    async get(account) {
      return items.get(account);
    },
    async set(account, credentials) {
      items.set(account, credentials);
    },
    async delete(account) {
      return items.delete(account);
    },
  };
}
