import { isHeaderToken } from '../../domain/header-token';
import { KeychainError, osKeychain, type Credentials, type Keychain, type KeychainFailure } from './keychain';

/**
 * The documented opt-in for headless servers without a keychain: with GATEWAY_COMPANION_CREDENTIALS=env the
 * access id and secret key come from GATEWAY_COMPANION_ACCESS_ID / GATEWAY_COMPANION_SECRET_KEY instead.
 * Never the default: without the opt-in those variables are ignored (and `status` says so).
 */
export const ENV_OPT_IN = 'GATEWAY_COMPANION_CREDENTIALS';
export const ENV_ACCESS_ID = 'GATEWAY_COMPANION_ACCESS_ID';
export const ENV_SECRET_KEY = 'GATEWAY_COMPANION_SECRET_KEY';

export type CredentialSource = 'keychain' | 'environment';

export interface ResolvedCredentials {
  readonly source: CredentialSource;
  readonly credentials: Credentials;
}

export class CredentialsError extends Error {
  override readonly name = 'CredentialsError';
}

/** The profile now points at another origin than the one its secret was entered for: nothing is sent. */
export class OriginMismatchError extends CredentialsError {
  constructor(
    readonly profile: string,
    readonly storedFor: string,
    readonly requested: string,
  ) {
    super(
      `The secret key of profile "${profile}" was entered for ${storedFor}, but the profile now points at ${requested}. ` +
        `To keep it from going to an address you did not enter it for, it is not sent: enter the credentials again for the new address ` +
        `(Gateway Companion → Settings, or \`companion login${profile === 'default' ? '' : ` --profile ${profile}`}\`)`,
    );
  }
}

/** The origin a profile URL sends to (scheme, host, port); a secret is bound to it. */
export function originOf(url: string): string {
  return new URL(url).origin;
}

export function envCredentialsOptedIn(env: NodeJS.ProcessEnv): boolean {
  return env[ENV_OPT_IN] === 'env';
}

const MAX_LENGTH = 4096;

/** Both values travel as HTTP header values: visible ASCII only, so nothing can smuggle a header line. */
export function validateCredentials(credentials: Credentials): Credentials {
  for (const [label, value] of [
    ['access id', credentials.accessId],
    ['secret key', credentials.secretKey],
  ] as const) {
    if (typeof value !== 'string' || value.length === 0) throw new CredentialsError(`the ${label} is empty`);
    if (value.length > MAX_LENGTH) throw new CredentialsError(`the ${label} is longer than ${MAX_LENGTH} characters`);
    // Empty and too long were said above, each in its own words: what is left is a character a token never has.
    if (!isHeaderToken(value, MAX_LENGTH))
      throw new CredentialsError(
        `the ${label} contains spaces or characters other than visible ASCII; paste it again without quotes or line breaks`,
      );
  }
  return {
    accessId: credentials.accessId,
    secretKey: credentials.secretKey,
    ...(credentials.origin !== undefined ? { origin: originOf(credentials.origin) } : {}),
  };
}

function fromEnvironment(env: NodeJS.ProcessEnv): Credentials {
  const accessId = env[ENV_ACCESS_ID] ?? '';
  const secretKey = env[ENV_SECRET_KEY] ?? '';
  if (!accessId || !secretKey) {
    throw new CredentialsError(
      `${ENV_OPT_IN}=env is set, so credentials come from the environment, but ${!accessId ? ENV_ACCESS_ID : ENV_SECRET_KEY} is empty. Set both variables, or unset ${ENV_OPT_IN} to use the OS keychain`,
    );
  }
  try {
    return validateCredentials({ accessId, secretKey });
  } catch (error) {
    throw new CredentialsError(`${(error as Error).message} (from the environment)`);
  }
}

export interface CredentialContext {
  readonly env: NodeJS.ProcessEnv;
  readonly keychain?: Keychain;
  /**
   * Where the credentials are about to be sent. A keychain item entered for another origin is refused
   * (OriginMismatchError); an item from before origins were recorded is bound to this one on first use.
   */
  readonly origin?: string;
}

/** The profile's credentials, or undefined when none are stored. Throws KeychainError or CredentialsError. */
export async function resolveCredentials(profile: string, ctx: CredentialContext): Promise<ResolvedCredentials | undefined> {
  if (envCredentialsOptedIn(ctx.env)) return { source: 'environment', credentials: fromEnvironment(ctx.env) };
  const keychain = ctx.keychain ?? osKeychain();
  const stored = await keychain.get(profile);
  if (stored) {
    if (ctx.origin === undefined) return { source: 'keychain', credentials: stored };
    const origin = originOf(ctx.origin);
    if (stored.origin === undefined) {
      const bound = { ...stored, origin };
      await keychain.set(profile, bound).catch(() => undefined);
      return { source: 'keychain', credentials: bound };
    }
    if (stored.origin !== origin) throw new OriginMismatchError(profile, stored.origin, origin);
    return { source: 'keychain', credentials: stored };
  }
  // "Nothing stored" may really be "locked": say which, since the remedies differ.
  const problem = await keychain.diagnose?.();
  if (problem) throw problem;
  return undefined;
}

export async function storeCredentials(profile: string, credentials: Credentials, keychain: Keychain = osKeychain()): Promise<void> {
  await keychain.set(profile, validateCredentials(credentials));
}

/** Resolves false when nothing was stored for the profile. */
export async function clearCredentials(profile: string, keychain: Keychain = osKeychain()): Promise<boolean> {
  return keychain.delete(profile);
}

/** What `status` and the app's Settings show: where credentials come from and whether they exist, never their values. */
export interface CredentialStatus {
  readonly source: CredentialSource | 'none';
  readonly stored: boolean;
  /** Set when the keychain could not be read; `failure` names the cause and `message` includes the remedy. */
  readonly keychainError?: { readonly failure: KeychainFailure; readonly message: string };
  /** Set when the environment opt-in is active but its variables are incomplete or invalid. */
  readonly environmentError?: string;
  /** True when GATEWAY_COMPANION_SECRET_KEY is set but ignored because the opt-in is not. */
  readonly environmentIgnored: boolean;
  /** Set when the stored secret was entered for another origin than the profile's: it must be entered again. */
  readonly originMismatch?: { readonly storedFor: string; readonly message: string };
}

export async function credentialStatus(profile: string, ctx: CredentialContext): Promise<CredentialStatus> {
  const environmentIgnored = !envCredentialsOptedIn(ctx.env) && Boolean(ctx.env[ENV_SECRET_KEY] || ctx.env[ENV_ACCESS_ID]);
  if (envCredentialsOptedIn(ctx.env)) {
    try {
      fromEnvironment(ctx.env);
      return { source: 'environment', stored: true, environmentIgnored };
    } catch (error) {
      return { source: 'environment', stored: false, environmentError: (error as Error).message, environmentIgnored };
    }
  }
  try {
    const stored = await resolveCredentials(profile, ctx);
    return { source: stored ? 'keychain' : 'none', stored: Boolean(stored), environmentIgnored };
  } catch (error) {
    if (error instanceof OriginMismatchError) {
      return {
        source: 'keychain',
        stored: false,
        originMismatch: { storedFor: error.storedFor, message: error.message },
        environmentIgnored,
      };
    }
    const e = error instanceof KeychainError ? error : new KeychainError('unavailable', String(error), '');
    return { source: 'none', stored: false, keychainError: { failure: e.failure, message: e.message }, environmentIgnored };
  }
}
