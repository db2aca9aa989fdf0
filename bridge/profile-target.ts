import { sessionBusHint } from '../domain/host-environment';
import { headerNamesOf } from '../domain/profile-gateway';
import { readCaFile } from '../platform/credentials/ca-file';
import { profilesFile, type PathContext } from '../platform/credentials/config-paths';
import { CredentialsError, resolveCredentials } from '../platform/credentials/credentials';
import { KeychainError, keychainModuleLoaded, type Credentials, type Keychain } from '../platform/credentials/keychain';
import { ProfileError, ProfileStore, validateProfile, type Profile } from '../platform/credentials/profiles';
import type { UpstreamTarget } from './bridge-options';
import { createHttpClient } from './http-client';
import { BridgeError, ErrorCode } from './jsonrpc';
import type { Logger } from './logger';
import { Pacer } from './pacer';

export const DEFAULT_TIMEOUT_SECONDS = 60;

/** Why a request waits: the profile's pacing, or a 429's Retry-After. */
export type RateWaitReason = 'pace' | 'retry-after';
export type RateWaitListener = (waitMs: number, queued: number, reason: RateWaitReason) => void;

export interface ProfileTargetOptions {
  /** Profile name; default: the profiles file's default, else `default`. */
  readonly profile?: string;
  readonly env: NodeJS.ProcessEnv;
  readonly paths: PathContext;
  readonly keychain?: Keychain;
  readonly log: Logger;
  /** Overrides the profile's timeout. */
  readonly timeoutSeconds?: number;
  /** Starts or finds the reference gateway for an `embedded` profile; the app supplies it (the bridge never imports the gateway). */
  readonly embedded?: EmbeddedGatewayStarter;
  /** The assistant's clientInfo.name, so a keychain error can name that host's setting. */
  readonly host?: string;
  /**
   * Told each time a request waits (besides the log line), so the playground can show it: for the profile's
   * rate (`pace`, with the requests queued), or out a 429's Retry-After before the one retry (`retry-after`).
   */
  readonly onRateWait?: RateWaitListener;
}

/** A reference gateway the bridge forwards to for an `embedded` profile. */
export interface EmbeddedGateway {
  /** Where it listens: the profile's URL, or another port when that one is held by another user's gateway. */
  readonly url?: string;
  readonly credentials: Credentials;
  readonly caPem: string | undefined;
  /** The rate a profile without one of its own is paced to (the gateway's emulated tier, when the app says to pace to it). */
  readonly pace?: number | undefined;
  /** Starts the gateway again if nothing listens any more (the process that ran it exited). */
  readonly recover: () => Promise<boolean>;
  /** Stops the gateway if this bridge started it. */
  close(): Promise<void>;
}

export interface EmbeddedGatewayRequest {
  readonly profile: Profile;
  readonly paths: PathContext;
  readonly env: NodeJS.ProcessEnv;
  readonly log: Logger;
  readonly keychain?: Keychain;
}

export type EmbeddedGatewayStarter = (request: EmbeddedGatewayRequest) => Promise<EmbeddedGateway>;

const HOW_TO_FIX = 'Open Gateway Companion → Settings, or run `companion login';

function fixHint(profile: string): string {
  return `${HOW_TO_FIX}${profile === 'default' ? '' : ` --profile ${profile}`}\``;
}

/** Trust for the gateway: the profile's CA file, plus NODE_EXTRA_CA_CERTS (which Node drops once a CA is given). */
async function trust(profile: Profile, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  if (!profile.caFile) return undefined;
  const read = await readCaFile(profile.caFile);
  if (!read.ok) {
    throw new BridgeError(
      ErrorCode.UpstreamUnreachable,
      `The CA file ${profile.caFile} of profile "${profile.name}" ${read.problem}. Point the profile at the gateway's CA certificate (companion login --profile ${profile.name} --ca-file <file>).`,
      { cause: 'profile_invalid' },
    );
  }
  // Node uses NODE_EXTRA_CA_CERTS the same way: what it cannot read is left out.
  const extra = env.NODE_EXTRA_CA_CERTS ? await readCaFile(env.NODE_EXTRA_CA_CERTS) : undefined;
  return extra?.ok ? `${read.pem}\n${extra.pem}` : read.pem;
}

async function loadProfile(options: ProfileTargetOptions): Promise<Profile> {
  const store = new ProfileStore(profilesFile(options.paths));
  try {
    const name = options.profile ?? (await store.defaultName());
    let profile = await store.get(name);
    if (!profile && name === 'default') {
      const { ensureDefaultProfile } = await import('../platform/credentials/default-profile');
      profile = await ensureDefaultProfile({
        paths: options.paths,
        env: options.env,
        ...(options.keychain ? { keychain: options.keychain } : {}),
      });
    }
    if (!profile) {
      throw new BridgeError(
        ErrorCode.CredentialsMissing,
        `There is no profile named "${name}". ${HOW_TO_FIX} --profile ${name} --url <gateway URL>\` to create it.`,
        { cause: 'profile_invalid', profile: name },
      );
    }
    return validateProfile(profile);
  } catch (error) {
    if (error instanceof ProfileError)
      throw new BridgeError(ErrorCode.CredentialsMissing, `${error.message}.`, { cause: 'profile_invalid' });
    throw error;
  }
}

/** Reads the credentials, turning keychain and environment problems into errors the host shows the user. */
export async function credentialsFor(
  profile: string,
  options: Pick<ProfileTargetOptions, 'env' | 'keychain' | 'host'> & {
    /** Where the credentials will be sent: a secret entered for another origin is refused. */
    readonly origin: string;
  },
): Promise<Credentials | undefined> {
  try {
    return (
      await resolveCredentials(profile, {
        env: options.env,
        origin: options.origin,
        ...(options.keychain ? { keychain: options.keychain } : {}),
      })
    )?.credentials;
  } catch (error) {
    if (error instanceof KeychainError) {
      throw new BridgeError(
        ErrorCode.CredentialsMissing,
        `Cannot read the credentials of profile "${profile}" from the OS keychain: ${error.message}${error.failure === 'no-session-bus' ? ` ${sessionBusHint(options.host)}` : ''}`,
        { cause: 'keychain_unavailable', failure: error.failure },
      );
    }
    if (error instanceof CredentialsError)
      throw new BridgeError(ErrorCode.CredentialsMissing, `${error.message}.`, { cause: 'credentials_missing' });
    throw error;
  }
}

/**
 * Resolves a profile into a forwarding target: profile file, embedded gateway (started in-process when
 * nothing listens on its port), credentials and a connection pool trusting the right CA.
 */
export async function connectProfile(options: ProfileTargetOptions): Promise<UpstreamTarget> {
  const profile = await loadProfile(options);
  let embedded: EmbeddedGateway | undefined;
  if (profile.kind === 'embedded') {
    if (!options.embedded) {
      throw new BridgeError(
        ErrorCode.CredentialsMissing,
        `Profile "${profile.name}" uses the built-in reference gateway, which this program cannot start. Run the bridge with \`companion bridge --profile ${profile.name}\`.`,
        { cause: 'profile_invalid' },
      );
    }
    embedded = await options.embedded({
      profile,
      paths: options.paths,
      env: options.env,
      log: options.log,
      ...(options.keychain ? { keychain: options.keychain } : {}),
    });
  }
  try {
    // The keychain answers on a worker thread (and the daemon's side): start it first, then set up
    // TLS (CA store, handshake), which needs no credentials, while it runs.
    const reading = embedded ? Promise.resolve(embedded.credentials) : credentialsFor(profile.name, { ...options, origin: profile.url });
    reading.catch(() => undefined);
    // Once the module is in, the read is sent before anything below runs (its continuation was queued first).
    if (!embedded && !options.keychain) await keychainModuleLoaded();
    const url = new URL(embedded?.url ?? profile.url);
    // The embedded gateway hands over its CA directly, which also covers a CA file not written yet.
    const ca = embedded?.caPem ?? (await trust(profile, options.env));
    const http = await createHttpClient({ url, ...(ca ? { ca } : {}), proxy: profile.proxy ?? true, env: options.env });
    http.preconnect();
    let credentials: Credentials | undefined;
    try {
      credentials = await reading;
    } catch (error) {
      await http.close();
      throw error;
    }
    if (!credentials) {
      await http.close();
      throw new BridgeError(
        ErrorCode.CredentialsMissing,
        `No gateway credentials are stored for profile "${profile.name}". ${fixHint(profile.name)} to store the access id and secret key in the OS keychain.`,
        { cause: 'credentials_missing', profile: profile.name },
      );
    }
    const timeoutSeconds = options.timeoutSeconds ?? profile.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
    const rate = profile.rate ?? embedded?.pace;
    return {
      profile: profile.name,
      url,
      http,
      credentials,
      timeoutMs: timeoutSeconds * 1000,
      headerNames: headerNamesOf(profile),
      ...(rate !== undefined
        ? {
            pacer: new Pacer(rate, undefined, (ms, queued) => {
              options.log.info(`waiting for the rate limit (${rate}/s): ${Math.ceil(ms)} ms, ${queued} request(s) queued`);
              options.onRateWait?.(ms, queued, 'pace');
            }),
          }
        : {}),
      onRetryAfter: (ms) => {
        options.log.info(
          `the gateway refused a request for its rate (HTTP 429): waiting ${Math.ceil(ms)} ms as it asked, then sending it once more`,
        );
        options.onRateWait?.(ms, 0, 'retry-after');
      },
      async close() {
        await http.close();
        await embedded?.close();
      },
      ...(embedded ? { recover: embedded.recover } : {}),
    };
  } catch (error) {
    await embedded?.close();
    throw error;
  }
}
