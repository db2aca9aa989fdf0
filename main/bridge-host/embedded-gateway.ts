import { readCaFile } from '../../platform/credentials/ca-file';
import { referenceGatewayDir } from '../../platform/credentials/config-paths';
import { storeCredentials } from '../../platform/credentials/credentials';
import { embeddedCaFile } from '../../platform/credentials/default-profile';
import { learnDemoAccount } from './demo-account';
import { embeddedPace, followEmbeddedRate, startingRate } from './embedded-rate';
import { portHolder, readRecordedPort, recordPort, type PortHolder } from './embedded-port';
import { isLoopbackHost } from '../../platform/credentials/endpoint-url';
import type { Credentials } from '../../platform/credentials/keychain';
import { BridgeError, ErrorCode } from '../../bridge/jsonrpc';
import { credentialsFor, type EmbeddedGateway, type EmbeddedGatewayRequest } from '../../bridge/profile-target';

type RunningGateway = Awaited<ReturnType<typeof import('../../gateway/index').startGateway>>;

/**
 * For an `embedded` profile: uses this config folder's reference gateway (the app's, or another bridge's)
 * where it listens, or starts one in-process. A gateway is used only after it proved it is this config
 * folder's own (embedded-port.ts); when another user's or another config folder's gateway holds the
 * profile's port, ours listens on a free port, recorded for the app and the other bridges. Its demo account
 * is the profile's credentials, stored in the keychain on first use; without a usable keychain the bridge
 * still works with the account it read from the gateway. A gateway started here emulates the tier in effect
 * (embedded-rate.ts) and follows the app's setting while it runs.
 */
export async function ensureEmbeddedGateway(options: EmbeddedGatewayRequest): Promise<EmbeddedGateway> {
  const url = new URL(options.profile.url);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (!isLoopbackHost(url.hostname) || url.protocol !== 'https:') {
    throw new BridgeError(
      ErrorCode.CredentialsMissing,
      `Profile "${options.profile.name}" is embedded, so its URL must be https to a loopback address, not ${url.href}.`,
      { cause: 'profile_invalid' },
    );
  }
  const preferred = Number(url.port || 443);
  const dataDir = referenceGatewayDir(options.paths);
  // Our own CA: the only trust for this gateway, whatever the profile's CA file says.
  const ourCa = async () => {
    const read = await readCaFile(embeddedCaFile(options.paths));
    return read.ok ? read.pem : undefined;
  };
  let running: RunningGateway | undefined;
  let unfollow: (() => void) | undefined;

  const unreachable = (message: string) => new BridgeError(ErrorCode.UpstreamUnreachable, message, { cause: 'upstream_unreachable' });

  /** Starts our gateway on `wanted` (0: a free port); undefined when the port is taken by then. */
  async function listen(wanted: number): Promise<number | undefined> {
    try {
      const [{ startGateway }, rate] = await Promise.all([
        import('../../gateway/index'),
        startingRate(options.env, options.paths, options.log),
      ]);
      running = await startGateway({ dataDir, host, port: wanted, path: url.pathname, rate });
      options.log.info(
        `started the reference gateway in-process at ${running.url}${rate === undefined ? '' : `, allowing ${rate} request(s) per second per account`}`,
      );
      unfollow?.();
      const { env, paths, log } = options;
      unfollow = followEmbeddedRate({ env, paths, log, initial: rate, apply: (next) => running?.setRate(next) });
      if (wanted !== preferred) await recordPort(dataDir, running.port).catch(() => undefined);
      return running.port;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') return undefined;
      throw unreachable(`Could not start the reference gateway on ${host}:${wanted}: ${(error as Error).message}`);
    }
  }

  /** Finds our gateway (the recorded port, then the preferred one) or starts it; the port it listens on. */
  async function find(): Promise<number> {
    const ca = await ourCa();
    const recorded = await readRecordedPort(dataDir);
    let atPreferred: PortHolder | undefined;
    for (const candidate of new Set([recorded, preferred])) {
      if (candidate === undefined) continue;
      const holder = await portHolder(host, candidate, ca);
      if (holder === 'ours') return candidate;
      if (candidate === preferred) atPreferred = holder;
    }
    if (atPreferred === 'free') {
      const started = await listen(preferred);
      if (started !== undefined) return started;
      // Another process took it meanwhile: ours (another bridge of this config folder) or not.
      if ((await portHolder(host, preferred, await ourCa())) === 'ours') {
        options.log.info(`another process of this config folder started the reference gateway on port ${preferred} first; using it`);
        return preferred;
      }
    }
    options.log.info(
      `port ${preferred} is held by a program that is not this config folder's reference gateway (another user's, or another config folder's); starting this one's own on a free port`,
    );
    const started = await listen(0);
    if (started === undefined) throw unreachable(`Could not find a free loopback port for the reference gateway on ${host}.`);
    return started;
  }

  /** Our gateway again, on the same port, if the process that ran it exited. */
  async function start(): Promise<boolean> {
    if (running) return true;
    const holder = await portHolder(host, port, await ourCa());
    if (holder === 'ours') return true;
    if (holder === 'free' && (await listen(port)) !== undefined) return true;
    options.log.warn(`port ${port} is now held by a program that is not this config folder's reference gateway; nothing is sent to it`);
    return false;
  }

  const [port, pace] = await Promise.all([find(), embeddedPace(options.env, options.paths, options.log)]);
  let credentials: Credentials | undefined;
  let keychainUsable = true;
  try {
    credentials = await credentialsFor(options.profile.name, { ...options, origin: options.profile.url });
  } catch (error) {
    keychainUsable = false;
    options.log.warn(`${(error as Error).message} Using the reference gateway's demo account without the keychain.`);
  }
  let caPem: string | undefined;
  const gateway = running;
  const fromGateway = gateway ? { accessId: gateway.accessId, secretKey: gateway.secretKey } : undefined;
  // A gateway we started knows its true demo account; a stale keychain item (data dir reset) is replaced.
  if (!credentials || (fromGateway && (credentials.accessId !== fromGateway.accessId || credentials.secretKey !== fromGateway.secretKey))) {
    if (fromGateway) {
      credentials = fromGateway;
      caPem = gateway?.caCertPem;
    } else {
      const demo = await learnDemoAccount(dataDir);
      credentials = { accessId: demo.accessId, secretKey: demo.secretKey };
      caPem = demo.caCertPem;
    }
    if (keychainUsable) {
      await storeCredentials(options.profile.name, { ...credentials, origin: options.profile.url }, options.keychain).catch(
        (error: Error) => options.log.warn(`could not store the demo account in the keychain: ${error.message}`),
      );
    }
  }
  // A gateway run by another process of this config folder: trusted only through our own CA, which it proved.
  caPem ??= gateway?.caCertPem ?? (await ourCa());
  return {
    url: `${url.protocol}//${url.hostname}:${port}${url.pathname}`,
    credentials,
    caPem,
    ...(pace !== undefined ? { pace } : {}),
    recover: start,
    async close() {
      const g = running;
      running = undefined;
      unfollow?.();
      unfollow = undefined;
      await g?.close();
    },
  };
}
