/**
 * Secrets for this session only, for the app on a computer whose OS keychain cannot be reached (no D-Bus
 * session, no Secret Service, a keychain that fails): a GitHub token, a gateway secret for the playground.
 * They live in the memory of the app's main process and nowhere else: never in a file, never in the
 * renderer, and they are gone when the app quits. Only the app uses this: the bridge and the CLI, separate
 * processes, keep their documented ways (COMPANION_GITHUB_TOKEN, the environment opt-in).
 *
 * `withSessionFallback` wraps the OS keychain: every call goes to the keychain first, and only when it
 * answers that it cannot be reached does the secret go to (or come from) memory, stored exactly as the
 * keychain would store it (service, account and the origin it is bound to), so the same origin checks hold.
 */
import { KeychainError, type Credentials, type Keychain, type SessionFallback } from './keychain';

/** At most this many secrets per session: a person signs in a handful of times. */
const MAX_ITEMS = 64;

/** How to get a working keychain on this platform, as the end of a sentence. */
export function keychainRemedy(platform: NodeJS.Platform = process.platform): string {
  return platform === 'linux'
    ? 'install and unlock GNOME Keyring or KWallet (a desktop session provides one)'
    : platform === 'darwin'
      ? 'unlock your login keychain in Keychain Access'
      : 'make sure Windows Credential Manager is available';
}

/** The one sentence the app shows while a secret is kept this way, with how to get a keychain. */
export function sessionOnlyNotice(platform: NodeJS.Platform = process.platform, what = 'this sign-in'): string {
  const howTo = keychainRemedy(platform);
  return (
    `This computer’s keychain cannot be reached, so the app keeps ${what} in memory only while it runs (never on disk) and ` +
    `forgets ${what === 'this sign-in' ? 'it' : 'them'} when it quits; to keep ${what === 'this sign-in' ? 'it' : 'them'}, ${howTo}, then restart the app.`
  );
}

/** The in-memory items, by service and account. One per app process, shared by every keychain wrapped with it. */
export class SessionSecrets {
  private readonly items = new Map<string, Credentials>();

  private static key(service: string, account: string): string {
    return `${service}\u0000${account}`;
  }

  get(service: string, account: string): Credentials | undefined {
    return this.items.get(SessionSecrets.key(service, account));
  }

  has(service: string, account: string): boolean {
    return this.items.has(SessionSecrets.key(service, account));
  }

  set(service: string, account: string, credentials: Credentials): void {
    const key = SessionSecrets.key(service, account);
    if (!this.items.has(key) && this.items.size >= MAX_ITEMS)
      throw new KeychainError(
        'unavailable',
        'Too many secrets are kept in memory for this session',
        'Remove one you no longer need, or set up the OS keychain and restart the app.',
      );
    this.items.set(key, { ...credentials });
  }

  delete(service: string, account: string): boolean {
    return this.items.delete(SessionSecrets.key(service, account));
  }

  /** How many secrets are held (for tests and the status). */
  get size(): number {
    return this.items.size;
  }
}

/** A corrupt item is the keychain working and answering badly: that is reported, never papered over. */
const unreachable = (error: unknown): error is KeychainError => error instanceof KeychainError && error.failure !== 'corrupt';

/** The OS keychain `primary`, with `secrets` (this session's memory) standing in while it cannot be reached. */
export function withSessionFallback(primary: Keychain, secrets: SessionSecrets, service: string): Keychain & { fallback: SessionFallback } {
  let problem: KeychainError | undefined;
  const fellBack = (error: unknown): boolean => {
    if (!unreachable(error)) return false;
    problem = error;
    return true;
  };
  return {
    async get(account) {
      const held = secrets.get(service, account);
      if (held) return held;
      try {
        const found = await primary.get(account);
        // A keychain that answers is used again (it may have been unlocked since). A locked one that reads as
        // empty is found out when a secret is stored: that fails, and the secret goes to memory then.
        problem = undefined;
        return found;
      } catch (error) {
        if (fellBack(error)) return undefined;
        throw error;
      }
    },
    async set(account, credentials) {
      try {
        await primary.set(account, credentials);
        secrets.delete(service, account);
        problem = undefined;
      } catch (error) {
        if (!fellBack(error)) throw error;
        secrets.set(service, account, credentials);
      }
    },
    async delete(account) {
      const held = secrets.delete(service, account);
      try {
        return (await primary.delete(account)) || held;
      } catch (error) {
        if (fellBack(error)) return held;
        throw error;
      }
    },
    async diagnose() {
      // Unreachable is not a failure here: secrets go to memory instead, and `fallback` says so.
      const why = await primary.diagnose?.();
      if (why && !fellBack(why)) return why;
      return undefined;
    },
    fallback: {
      unreachable: () => problem,
      inSession: (account) => secrets.has(service, account),
    },
  };
}
