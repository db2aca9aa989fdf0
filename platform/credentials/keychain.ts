import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { ensureSessionBus } from './session-bus';

/** The gateway credentials of one profile. */
export interface Credentials {
  readonly accessId: string;
  readonly secretKey: string;
  /**
   * The origin (scheme, host and port) the secret was entered for. The secret is sent only there: a profile
   * moved to another origin needs it entered again. Items stored before this existed have none.
   */
  readonly origin?: string;
}

/** Keychain items: service `gateway-companion`, account = profile name, password = JSON of Credentials. */
export const KEYCHAIN_SERVICE = 'gateway-companion';

export type KeychainFailure = 'no-session-bus' | 'locked' | 'not-installed' | 'unavailable' | 'corrupt';

/** A keychain problem with its cause in plain words and what the user can do about it. */
export class KeychainError extends Error {
  override readonly name = 'KeychainError';
  constructor(
    readonly failure: KeychainFailure,
    readonly detail: string,
    readonly remedy: string,
  ) {
    super(`${detail}. ${remedy}`);
  }
}

const ENV_REMEDY = 'On a headless server you can opt in to environment credentials instead (see `companion bridge --help`).';

/**
 * Maps the raw errors of @napi-rs/keyring (Secret Service, macOS Keychain, Windows Credential Manager) to causes and
 * remedies. `envRemedy` says how to do without the keychain for what this item holds (gateway credentials by default).
 */
export function explainKeychainError(error: unknown, envRemedy: string = ENV_REMEDY): KeychainError {
  if (error instanceof KeychainError) return error;
  const raw = error instanceof Error ? `${error.message} ${(error.cause as Error | undefined)?.message ?? ''}` : String(error);
  const first = (error instanceof Error ? error.message : String(error)).trim();
  if (/DBUS_SESSION_BUS_ADDRESS|Failed to connect to address|autolaunch|AccessDenied/i.test(raw)) {
    return new KeychainError(
      'no-session-bus',
      `The OS keychain is unreachable: there is no D-Bus session bus (${first})`,
      `Run inside a desktop session, or start one with \`dbus-run-session\` and unlock a keyring (gnome-keyring, KeePassXC). ${envRemedy}`,
    );
  }
  if (/not provided by any \.service files|ServiceUnknown|org\.freedesktop\.secrets/i.test(raw)) {
    return new KeychainError(
      'not-installed',
      `No Secret Service keychain is installed (${first})`,
      `Install one, e.g. \`apt-get install gnome-keyring\` or enable KeePassXC's Secret Service integration. ${envRemedy}`,
    );
  }
  if (/no result found|prompt was dismissed|IsLocked|locked|interaction is not allowed|errSecInteractionNotAllowed/i.test(raw)) {
    return new KeychainError(
      'locked',
      `The keychain is locked or has no default keyring (${first})`,
      `Unlock your login keyring (for example with Seahorse, or \`gnome-keyring-daemon --unlock\`) and try again. ${envRemedy}`,
    );
  }
  return new KeychainError(
    'unavailable',
    `The OS keychain failed (${first})`,
    `Check that your keychain is available and unlocked. ${envRemedy}`,
  );
}

/** The secret store used for credentials; tests and the app get the real OS keychain through `osKeychain()`. */
export interface Keychain {
  get(account: string): Promise<Credentials | undefined>;
  set(account: string, credentials: Credentials): Promise<void>;
  /** Resolves false when nothing was stored. */
  delete(account: string): Promise<boolean>;
  /**
   * Why the keychain cannot be used, if it cannot. On Linux a locked keyring reads as "nothing stored",
   * so when a read finds nothing this writes and removes a probe item to tell the two apart.
   */
  diagnose?(): Promise<KeychainError | undefined>;
  /** Set on the app's keychain that keeps secrets in memory for the session when the OS keychain cannot be reached. */
  readonly fallback?: SessionFallback;
}

/** What a keychain with a session fallback says about itself (see session-secrets.ts). */
export interface SessionFallback {
  /** Why the OS keychain could not be used, once a call found it unreachable; undefined while it works. */
  unreachable(): KeychainError | undefined;
  /** Whether this account's secret lives only in memory, for this session. */
  inSession(account: string): boolean;
}

type AsyncEntryCtor = typeof import('@napi-rs/keyring').AsyncEntry;
const requireCommonJs = createRequire(import.meta.url);
let entryCtor: Promise<AsyncEntryCtor> | undefined;

// Loaded on first use: the native module is needed only once a profile's credentials are. It is a
// CommonJS package, so it is required, not imported: an ESM import of CommonJS has Node instantiate its
// WebAssembly export scanner, and V8 tiering that up touched ~4 MB of compiler code and took ~2 MB of
// heap in the bridge (measured RSS: 41.6 vs 37.4 MB file-backed, 9.8 vs 7.4 MB anonymous).
function loadEntry(): Promise<AsyncEntryCtor> {
  if (!entryCtor) ensureSessionBus();
  entryCtor ??= Promise.resolve().then(() => (requireCommonJs('@napi-rs/keyring') as typeof import('@napi-rs/keyring')).AsyncEntry);
  return entryCtor;
}

/** Resolves once the native keychain module is loaded; lets a caller order its own work after the first keychain call is under way. */
export function keychainModuleLoaded(): Promise<void> {
  return loadEntry().then(
    () => undefined,
    () => undefined,
  );
}

function parseStored(account: string, text: string): Credentials {
  try {
    const value = JSON.parse(text) as Partial<Credentials>;
    if (typeof value.accessId === 'string' && typeof value.secretKey === 'string')
      return {
        accessId: value.accessId,
        secretKey: value.secretKey,
        ...(typeof value.origin === 'string' ? { origin: value.origin } : {}),
      };
  } catch {
    // fall through
  }
  throw new KeychainError(
    'corrupt',
    `The keychain item for profile "${account}" is not in the expected format`,
    `Run \`companion logout --profile ${account}\` and then \`companion login --profile ${account}\`.`,
  );
}

/** The OS keychain via @napi-rs/keyring. On Linux it is pinned to the Secret Service so failures are explicit, never a silent fallback to the kernel keyring that vanishes at logout. */
export function osKeychain(service: string = KEYCHAIN_SERVICE, envRemedy?: string): Keychain {
  const explain = (error: unknown) => explainKeychainError(error, envRemedy);
  async function entry(account: string) {
    const AsyncEntry = await loadEntry();
    try {
      return new AsyncEntry(service, account, { linux: { store: 'secret-service' } });
    } catch (error) {
      throw explain(error);
    }
  }
  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw explain(error);
    }
  }
  return {
    async get(account) {
      const e = await entry(account);
      const text = await call(() => e.getPassword());
      return text == null ? undefined : parseStored(account, text);
    },
    async set(account, credentials) {
      const e = await entry(account);
      const { accessId, secretKey, origin } = credentials;
      await call(() => e.setPassword(JSON.stringify({ accessId, secretKey, ...(origin !== undefined ? { origin } : {}) })));
    },
    async delete(account) {
      const e = await entry(account);
      return call(() => e.deletePassword());
    },
    async diagnose() {
      if (process.platform !== 'linux') return undefined;
      try {
        // A unique item per check: two concurrent checks must not delete each other's probe.
        const e = await entry(`.probe-${process.pid}-${randomUUID()}`);
        await call(() => e.setPassword('probe'));
        await call(() => e.deletePassword());
        return undefined;
      } catch (error) {
        return explain(error);
      }
    },
  };
}
