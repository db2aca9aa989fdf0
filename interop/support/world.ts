/**
 * One test's world, as a user has it: a temp home, the reference gateway over HTTPS, a profile pointing at it
 * and its credentials in the OS keychain (the private Secret Service `npm test` provides). Host configs are
 * written by our own writer (`installClient`), and hosts start from `userEnv`, the environment a desktop
 * session gives a program, not the test process's.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readAuditLog, type AuditRecord } from '../../bridge/audit-log';
import { startFaultProxy, type FaultProxy } from '../../bridge/testing/fault-proxy';
import type { ClientId } from '../../domain/assistant-clients';
import { startGateway, type RunningGateway } from '../../gateway/index';
import { auditLogFile, bridgeLogFile, configDir, profilesFile, type PathContext } from '../../platform/credentials/config-paths';
import { clearCredentials, storeCredentials } from '../../platform/credentials/credentials';
import { osKeychain } from '../../platform/credentials/keychain';
import { ProfileStore } from '../../platform/credentials/profiles';
import { installClient, type ChangeResult } from '../../main/clients/install';
import { currentRuntime } from '../../main/clients/launch';
import { nodeBin } from './peers';

interface HandshakeParams {
  protocolVersion?: string;
  clientInfo?: { name?: string; version?: string };
  _meta?: {
    'io.modelcontextprotocol/protocolVersion'?: string;
    'io.modelcontextprotocol/clientInfo'?: { name?: string; version?: string };
  };
}

export interface Handshake {
  readonly client: { name: string | undefined; version: string | undefined };
  readonly requested: string | undefined;
  /** The MCP-Protocol-Version header on the requests after initialize: the version the gateway chose. */
  readonly negotiated: string | undefined;
}

export interface World {
  readonly home: string;
  readonly paths: PathContext;
  readonly gateway: RunningGateway;
  readonly profile: string;
  /** HOME, PATH (Node 22 first), USER, LOGNAME, SHELL, LANG, TERM and the session bus: what a desktop session passes on. */
  readonly userEnv: Readonly<Record<string, string>>;
  /** Writes this host's entry with our writer, as Install in the app does; `record` adds `--record` (Record sessions). */
  install(client: ClientId, options?: { readonly record?: boolean }): Promise<ChangeResult>;
  /** The sessions the bridge recorded (`--record`), oldest first. */
  recordings(): Promise<string[]>;
  /** The tool calls the bridge recorded, newest first. */
  audit(): Promise<AuditRecord[]>;
  bridgeLog(): Promise<string>;
  /** Every file under the home that contains `text`. */
  filesHolding(text: string): Promise<string[]>;
  /** What each bridge's host said in initialize, and the protocol version the bridge then sent on every request. */
  handshakes(): Handshake[];
  close(): Promise<void>;
}

const keychain = osKeychain();

export async function startWorld(name: string): Promise<World> {
  const home = await mkdtemp(path.join(tmpdir(), `interop-${name}-`));
  const gatewayDir = await mkdtemp(path.join(tmpdir(), `interop-${name}-gateway-`));
  const gateway = await startGateway({ dataDir: gatewayDir });
  const node22 = nodeBin();
  const session = process.env;
  const userEnv: Record<string, string> = {
    HOME: home,
    USER: session.USER ?? 'interop',
    LOGNAME: session.LOGNAME ?? session.USER ?? 'interop',
    SHELL: session.SHELL ?? '/bin/sh',
    PATH: [node22 ? path.dirname(node22) : undefined, session.PATH ?? '/usr/bin:/bin'].filter(Boolean).join(path.delimiter),
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    ...(session.DBUS_SESSION_BUS_ADDRESS ? { DBUS_SESSION_BUS_ADDRESS: session.DBUS_SESSION_BUS_ADDRESS } : {}),
    ...(session.XDG_RUNTIME_DIR ? { XDG_RUNTIME_DIR: session.XDG_RUNTIME_DIR } : {}),
  };
  const paths: PathContext = { env: userEnv, platform: process.platform, homedir: home };
  const profile = `interop-${name}-${randomBytes(3).toString('hex')}`;
  // The bridge reaches the gateway through a pass-through HTTPS proxy (the gateway's own certificate) that
  // records each request, so a test can read what the host sent and which protocol version was agreed.
  const tls = path.join(gatewayDir, 'tls');
  const [cert, key] = await Promise.all([
    readFile(path.join(tls, 'server-cert.pem'), 'utf8'),
    readFile(path.join(tls, 'server-key.pem'), 'utf8'),
  ]);
  const proxy: FaultProxy = await startFaultProxy({ target: gateway.url, ca: gateway.caCertPem, cert, key });
  await new ProfileStore(profilesFile(paths)).save({ name: profile, kind: 'remote', url: proxy.url, caFile: gateway.caCertPath });
  await storeCredentials(profile, { accessId: gateway.accessId, secretKey: gateway.secretKey }, keychain);
  const runtime = currentRuntime(userEnv);

  const filesUnder = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  };

  return {
    home,
    paths,
    gateway,
    profile,
    userEnv,
    install: (client, options) => installClient(client, { paths, runtime, profile, ...(options?.record ? { record: true } : {}) }),
    recordings: async () => {
      const dir = path.join(configDir(paths), 'recordings');
      return (await readdir(dir).catch(() => [] as string[])).sort().map((name) => path.join(dir, name));
    },
    audit: () => readAuditLog(auditLogFile(paths)),
    bridgeLog: () => readFile(bridgeLogFile(paths), 'utf8').catch(() => ''),
    async filesHolding(text) {
      const holding: string[] = [];
      for (const file of await filesUnder(home)) if ((await readFile(file, 'latin1').catch(() => '')).includes(text)) holding.push(file);
      return holding;
    },
    handshakes() {
      const out: Handshake[] = [];
      for (const [i, r] of proxy.seen.entries()) {
        // 2025-11-25 opens with initialize; 2026-07-28 with server/discover, whose client facts ride in _meta.
        if (r.method !== 'initialize' && r.method !== 'server/discover') continue;
        const params = (JSON.parse(r.body) as { params?: HandshakeParams }).params;
        const meta = params?._meta;
        const client = params?.clientInfo ?? meta?.['io.modelcontextprotocol/clientInfo'];
        const later = proxy.seen.slice(i + 1).find((n) => n.headers['mcp-protocol-version']);
        out.push({
          client: { name: client?.name, version: client?.version },
          requested: params?.protocolVersion ?? meta?.['io.modelcontextprotocol/protocolVersion'],
          negotiated: later?.headers['mcp-protocol-version'] as string | undefined,
        });
      }
      return out;
    },
    async close() {
      await clearCredentials(profile, keychain).catch(() => false);
      await proxy.close();
      await gateway.close();
      await rm(home, { recursive: true, force: true });
      await rm(gatewayDir, { recursive: true, force: true });
    },
  };
}
