import { connect } from 'node:net';
import { readCaFile } from '../../platform/credentials/ca-file';
import { referenceGatewayDir } from '../../platform/credentials/config-paths';
import { storeCredentials } from '../../platform/credentials/credentials';
import { embeddedCaFile } from '../../platform/credentials/default-profile';
import { learnDemoAccount } from './demo-account';
import { isLoopbackHost } from '../../platform/credentials/endpoint-url';
import type { Credentials } from '../../platform/credentials/keychain';
import { BridgeError, ErrorCode } from '../../bridge/jsonrpc';
import { credentialsFor, type EmbeddedGateway, type EmbeddedGatewayRequest } from '../../bridge/profile-target';

type RunningGateway = Awaited<ReturnType<typeof import('../../gateway/index').startGateway>>;

function isListening(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(1_000, () => done(false));
  });
}

/**
 * For an `embedded` profile: uses the reference gateway already listening on the profile's loopback port
 * (the app's, or another bridge's), or starts one in-process on it. Its demo account is the profile's
 * credentials, stored in the keychain on first use; without a usable keychain the bridge still works with
 * the account it read from the gateway.
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
  const port = Number(url.port || 443);
  const dataDir = referenceGatewayDir(options.paths);
  let running: RunningGateway | undefined;

  async function start(): Promise<boolean> {
    if (running || (await isListening(host, port))) return true;
    try {
      const { startGateway } = await import('../../gateway/index');
      running = await startGateway({ dataDir, host, port, path: url.pathname });
      options.log.info(`started the reference gateway in-process at ${running.url}`);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        options.log.info(`another process started the reference gateway on port ${port} first; using it`);
        return true;
      }
      throw new BridgeError(
        ErrorCode.UpstreamUnreachable,
        `Could not start the reference gateway on ${url.host}: ${(error as Error).message}`,
        { cause: 'upstream_unreachable' },
      );
    }
  }

  await start();
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
  // A gateway run by another process: its CA is the shared data dir's.
  caPem ??=
    gateway?.caCertPem ??
    (await readCaFile(options.profile.caFile ?? embeddedCaFile(options.paths)).then((read) => (read.ok ? read.pem : undefined)));
  return {
    credentials,
    caPem,
    recover: start,
    async close() {
      const g = running;
      running = undefined;
      await g?.close();
    },
  };
}
