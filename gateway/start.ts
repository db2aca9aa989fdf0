import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { CredentialHeaderNames } from '../domain/profile-gateway';
import { readBoundedFile } from '../platform/files/bounded-read';
import { accountCheck } from './server/account-check';
import { EmulatedTier } from './server/endpoint-rate';
import { createHttpHandler, type HttpFault } from './server/http-handler';
import { createMcpServer } from './server/mcp-server';
import { createModernEndpoint } from './server/modern-server';
import { SessionManager } from './server/sessions';
import { UpstreamClient } from './server/upstream-client';
import { certificateNames, ensureTlsMaterial } from './tls/certificates';
import { AccountStore, type Account, type Scope } from './upstream/accounts';
import { startUpstream, type RunningUpstream } from './upstream/server';

/** Hosts forward their flags as given: an option left undefined takes its default. */
export interface GatewayOptions {
  /** CA/cert, accounts store, etc. live here; created if missing. */
  dataDir: string;
  /** Default 127.0.0.1. */
  host?: string | undefined;
  /** Default 0 (random). */
  port?: number | undefined;
  /** Default /mcp. */
  path?: string | undefined;
  /** External REST base URL; default: start the embedded reference upstream in-process. */
  upstream?: string | undefined;
  /** PEM file paths; default: self-signed CA + server cert in dataDir. */
  tlsCert?: string | undefined;
  tlsKey?: string | undefined;
  /** Default generous; { perSecond: 1 } = free tier. Applies to the embedded upstream. */
  rateLimit?: { perSecond: number; burst?: number } | undefined;
  /** Enables the test-only delay (`slow:<ms>` search queries) and HTTP fault injection. */
  testHooks?: boolean | undefined;
  /** Browser origins allowed besides loopback ones. */
  allowedOrigins?: string[];
  /** Idle time after which a session expires (default 30 min). */
  sessionIdleMs?: number | undefined;
  /** Sessions held at once (default 1,000); past it initialize is refused with 503, nobody's session is evicted. */
  maxSessions?: number;
  /** Sessions of one credential pair (default 64); its least recently used one makes room for its next. */
  maxSessionsPerCredential?: number;
  /** Largest accepted MCP request body (default 1 MiB). */
  maxBodyBytes?: number;
  /** How long an upstream call may take (default 30 s). */
  upstreamTimeoutMs?: number;
  /** Answer POSTs with one JSON body (default) or with an SSE stream per request. */
  responseMode?: 'json' | 'sse' | undefined;
  /** The headers clients send the credentials in (default X-SVC-CREDENTIAL / X-SVC-SECRET-KEY). */
  credentialHeaders?: CredentialHeaderNames | undefined;
  /** Emulates a gateway tier at the MCP endpoint: requests per second per access id, 429 with Retry-After beyond. */
  rate?: number | undefined;
  /** Told of each request the emulated tier (`rate`) refuses with 429. */
  onRateLimited?: (() => void) | undefined;
}

/** Control of the embedded reference upstream, for fault tests. */
export interface EmbeddedUpstream {
  /** e.g. http://127.0.0.1:PORT */
  readonly url: string;
  /** Kills it: stops listening and drops open connections, so in-flight calls fail. */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  readonly running: boolean;
  /** Registers another account, e.g. one without the `swap` scope. */
  addAccount(name: string, scopes?: readonly Scope[]): Promise<Account>;
}

export interface RunningGateway {
  /** e.g. https://127.0.0.1:PORT/mcp */
  url: string;
  /** PEM to trust. */
  caCertPath: string;
  caCertPem: string;
  /** The demo account (created on first run, persisted in dataDir). */
  accessId: string;
  secretKey: string;
  /** Stops listening, destroys open connections and sessions; the port is free when it resolves. */
  close(): Promise<void>;
  readonly port: number;
  /** The REST base URL the gateway signs its calls to. */
  readonly upstreamUrl: string;
  /** The embedded upstream; undefined when `upstream` points elsewhere. */
  readonly upstream?: EmbeddedUpstream;
  /** Ends every MCP session now; clients get 404 and must initialize again. Returns how many ended. */
  expireSessions(): Promise<number>;
  /** Test hooks only: answer the next request(s) with this status and body (e.g. 500 with HTML). */
  injectHttpFault(fault: HttpFault): void;
  /** The tier emulated now (`rate`), requests per second per access id; undefined when off. */
  readonly rate: number | undefined;
  /** Emulates another tier from the next request on (undefined: off), keeping every session. */
  setRate(perSecond: number | undefined): void;
}

const DEFAULT_MAX_BODY = 1024 * 1024;

function validate(options: GatewayOptions): { host: string; port: number; path: string } {
  if (typeof options.dataDir !== 'string' || options.dataDir === '') throw new TypeError('startGateway: dataDir is required');
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  const path = options.path ?? '/mcp';
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new RangeError(`startGateway: port must be 0 to 65535, got ${port}`);
  if (!/^\/[A-Za-z0-9._~\-/]*$/.test(path))
    throw new RangeError(`startGateway: path must start with / and use URL-safe characters, got ${path}`);
  if ((options.tlsCert === undefined) !== (options.tlsKey === undefined))
    throw new TypeError('startGateway: give both tlsCert and tlsKey, or neither');
  if (options.upstream !== undefined) {
    let url: URL;
    try {
      url = new URL(options.upstream);
    } catch {
      throw new TypeError(`startGateway: upstream must be an http(s) URL, got ${options.upstream}`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new TypeError(`startGateway: upstream must be an http(s) URL, got ${options.upstream}`);
  }
  return { host, port, path };
}

async function tlsFor(options: GatewayOptions, host: string) {
  if (options.tlsCert !== undefined && options.tlsKey !== undefined) {
    const pem = async (file: string) => (await readBoundedFile(file, { limit: 'tlsPem' })).toString('utf8');
    const [cert, key] = await Promise.all([pem(options.tlsCert), pem(options.tlsKey)]);
    // With a certificate of your own, that certificate is what clients trust (or its CA, already trusted).
    return { caCertPath: options.tlsCert, caCertPem: cert, certPem: cert, keyPem: key };
  }
  return ensureTlsMaterial(join(options.dataDir, 'tls'), certificateNames(host));
}

/** Starts the reference gateway: an MCP server over HTTPS in front of a signed REST upstream. */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const { host, port, path } = validate(options);
  // Before anything starts: a rate that is not above 0 is refused here.
  const tier = new EmulatedTier(options.rate, options.onRateLimited);
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const tls = await tlsFor(options, host);

  let embedded: RunningUpstream | undefined;
  const accounts = options.upstream === undefined ? undefined : await AccountStore.open(options.dataDir);
  if (options.upstream === undefined) {
    embedded = await startUpstream({ dataDir: options.dataDir, rateLimit: options.rateLimit, testHooks: options.testHooks });
  }
  const demo = (embedded?.accounts ?? accounts!).demo();
  const client = new UpstreamClient(options.upstream ?? embedded?.url ?? '', options.upstreamTimeoutMs);
  const sessions = new SessionManager(() => createMcpServer(client), {
    idleMs: options.sessionIdleMs,
    responseMode: options.responseMode,
    maxSessions: options.maxSessions,
    maxSessionsPerCredential: options.maxSessionsPerCredential,
  });
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const modern = createModernEndpoint(client, maxBodyBytes);
  const embeddedAccounts = embedded?.accounts;
  const faults: HttpFault[] = [];
  const handler = createHttpHandler({
    path,
    bindHost: host,
    maxBodyBytes,
    allowedOrigins: options.allowedOrigins ?? [],
    hostNames: certificateNames(host),
    sessions,
    credentialHeaders: options.credentialHeaders,
    tier,
    modern,
    // The embedded upstream's accounts are at hand; an external upstream is asked per call instead.
    ...(embeddedAccounts ? { authenticate: accountCheck((id) => embeddedAccounts.get(id)?.secretKey) } : {}),
    // The fault layer exists only for tests: production requests never pass through it.
    ...(options.testHooks ? { faults } : {}),
  });

  const server: Server = createServer({ cert: tls.certPem, key: tls.keyPem }, (req, res) => {
    handler(req, res).catch((error: unknown) => {
      process.stderr.write(`reference gateway: ${String(error)}\n`);
      res.destroy();
    });
  });
  const cleanup = async () => {
    await sessions.close();
    await modern.close();
    await client.close();
    await embedded?.close();
  };
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await cleanup();
    throw error; // The listen error itself (EADDRINUSE …), so callers can tell "already running".
  }
  const actualPort = (server.address() as AddressInfo).port;
  const urlHost = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host;

  let closing: Promise<void> | undefined;
  const up = embedded;
  return {
    url: `https://${urlHost}:${actualPort}${path}`,
    caCertPath: tls.caCertPath,
    caCertPem: tls.caCertPem,
    accessId: demo.accessId,
    secretKey: demo.secretKey,
    port: actualPort,
    upstreamUrl: client.baseUrl,
    ...(up
      ? {
          upstream: {
            get url() {
              return up.url;
            },
            stop: () => up.stop(),
            start: () => up.start(),
            get running() {
              return up.running;
            },
            addAccount: (name: string, scopes?: readonly Scope[]) => up.accounts.add(name, scopes),
          },
        }
      : {}),
    expireSessions: () => sessions.expireAll(),
    get rate() {
      return tier.rate;
    },
    setRate: (perSecond) => tier.set(perSecond),
    injectHttpFault(fault: HttpFault) {
      if (!options.testHooks) throw new Error('injectHttpFault needs the gateway started with testHooks: true');
      faults.push(fault);
    },
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await cleanup();
        await closed;
      })();
      return closing;
    },
  };
}
