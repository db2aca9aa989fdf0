import path from 'node:path';
import { currentPathContext, profilesFile, referenceGatewayDir, type PathContext } from './config-paths';
import { envCredentialsOptedIn, storeCredentials } from './credentials';
import { osKeychain, type Credentials, type Keychain } from './keychain';
import { ProfileStore, type Profile } from './profiles';

/** The built-in profile: the bundled reference gateway, so everything works offline with no account. */
export const DEFAULT_PROFILE = 'default';
/** A fixed loopback port, so the app, the CLI and every bridge find the same reference gateway. */
export const EMBEDDED_PORT = 47311;
export const EMBEDDED_URL = `https://127.0.0.1:${EMBEDDED_PORT}/mcp`;
/** Moves a newly created default profile off 47311, so test runs (and a second user on the machine) do not collide. */
export const EMBEDDED_PORT_ENV = 'GATEWAY_COMPANION_EMBEDDED_PORT';

/** The embedded gateway's URL: EMBEDDED_URL unless GATEWAY_COMPANION_EMBEDDED_PORT names another port. */
export function embeddedUrl(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env[EMBEDDED_PORT_ENV];
  if (raw === undefined || raw === '') return EMBEDDED_URL;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new RangeError(`${EMBEDDED_PORT_ENV} must be a port number from 1 to 65535, got "${raw}"`);
  return `https://127.0.0.1:${port}/mcp`;
}

/** The reference gateway's CA certificate inside its data dir (the embedded profile's CA file). */
export function embeddedCaFile(paths: PathContext = currentPathContext()): string {
  return path.join(referenceGatewayDir(paths), 'tls', 'ca-cert.pem');
}

export interface EnsureDefaultProfileOptions {
  readonly paths?: PathContext;
  readonly env?: NodeJS.ProcessEnv;
  readonly keychain?: Keychain;
  /** Override the embedded gateway's URL when the profile is first created. */
  readonly url?: string;
  /**
   * Reads the reference gateway's demo account from its data dir, to store in the keychain when none is
   * stored. The app passes `learnDemoAccount`; without it nothing is stored (the bridge learns the
   * account from the gateway it starts, which avoids a second start).
   */
  readonly learnDemoAccount?: (dataDir: string) => Promise<Credentials>;
}

/**
 * Makes sure the `default` profile exists (kind `embedded`, the reference gateway on 127.0.0.1:47311 with
 * the data dir's CA) and, unless told otherwise, that the demo account's credentials are in the keychain.
 * Idempotent; an existing `default` profile is left as the user set it.
 */
export async function ensureDefaultProfile(options: EnsureDefaultProfileOptions = {}): Promise<Profile> {
  const env = options.env ?? process.env;
  const paths = options.paths ?? currentPathContext(env);
  const store = new ProfileStore(profilesFile(paths));
  let profile = await store.get(DEFAULT_PROFILE);
  if (!profile) {
    profile = await store.save({
      name: DEFAULT_PROFILE,
      kind: 'embedded',
      url: options.url ?? embeddedUrl(env),
      caFile: embeddedCaFile(paths),
    });
  }
  if (profile.kind === 'embedded' && options.learnDemoAccount && !envCredentialsOptedIn(env)) {
    const keychain = options.keychain ?? osKeychain();
    if (!(await keychain.get(DEFAULT_PROFILE))) {
      const demo = await options.learnDemoAccount(referenceGatewayDir(paths));
      await storeCredentials(DEFAULT_PROFILE, { accessId: demo.accessId, secretKey: demo.secretKey, origin: profile.url }, keychain);
    }
  }
  return profile;
}
