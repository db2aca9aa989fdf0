import type { EmbeddedGatewayStarter } from './profile-target';
import { PassThrough } from 'node:stream';
import type { PathContext } from '../platform/credentials/config-paths';
import type { Keychain } from '../platform/credentials/keychain';
import { APP_VERSION } from '../platform/app-version';
import type { Logger } from './logger';
import { runBridge } from './run-bridge';

export interface ProbeResult {
  readonly ok: boolean;
  /** Spawn-free time to the initialize result: profile, keychain, TLS handshake and the gateway's answer. */
  readonly initializeMs?: number;
  /** One ping round trip on the established session. */
  readonly latencyMs?: number;
  readonly serverName?: string;
  readonly serverVersion?: string;
  readonly protocolVersion?: string;
  readonly error?: { readonly code: number; readonly message: string; readonly cause?: string };
}

export interface ProbeOptions {
  readonly profile: string;
  readonly env: NodeJS.ProcessEnv;
  readonly paths: PathContext;
  readonly log: Logger;
  readonly keychain?: Keychain;
  readonly timeoutSeconds?: number;
  readonly embedded?: EmbeddedGatewayStarter;
}

interface Reply {
  id?: unknown;
  result?: { serverInfo?: { name?: unknown; version?: unknown }; protocolVersion?: unknown };
  error?: { code: number; message: string; data?: { cause?: string } };
}

/**
 * A live connection test through the real bridge (in-process over a stream pair), so `status` reports
 * exactly what an assistant would get: initialize, initialized, ping, then the session DELETE.
 */
export async function probeProfile(options: ProbeOptions): Promise<ProbeResult> {
  const input = new PassThrough();
  const output = new PassThrough();
  const waiting = new Map<number, (reply: Reply) => void>();
  let buffer = '';
  output.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let nl: number;
    while ((nl = buffer.indexOf('\n')) !== -1) {
      const reply = JSON.parse(buffer.slice(0, nl)) as Reply;
      buffer = buffer.slice(nl + 1);
      if (typeof reply.id === 'number') waiting.get(reply.id)?.(reply);
    }
  });
  const running = runBridge({
    input,
    output,
    profile: options.profile,
    env: options.env,
    paths: options.paths,
    log: options.log,
    audit: false,
    timeoutSeconds: options.timeoutSeconds ?? 15,
    ...(options.keychain ? { keychain: options.keychain } : {}),
    ...(options.embedded ? { embedded: options.embedded } : {}),
  });
  const call = (id: number, method: string, params?: object): Promise<Reply> =>
    new Promise((resolve) => {
      waiting.set(id, resolve);
      input.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) })}\n`);
    });
  try {
    let start = performance.now();
    const init = await call(1, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'gateway-companion-status', version: APP_VERSION },
    });
    const initializeMs = performance.now() - start;
    if (init.error)
      return {
        ok: false,
        error: { code: init.error.code, message: init.error.message, ...(init.error.data?.cause ? { cause: init.error.data.cause } : {}) },
      };
    input.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    start = performance.now();
    const ping = await call(2, 'ping');
    const latencyMs = performance.now() - start;
    const info = init.result?.serverInfo;
    const base = {
      initializeMs,
      ...(typeof info?.name === 'string' ? { serverName: info.name } : {}),
      ...(typeof info?.version === 'string' ? { serverVersion: info.version } : {}),
      ...(typeof init.result?.protocolVersion === 'string' ? { protocolVersion: init.result.protocolVersion } : {}),
    };
    if (ping.error)
      return {
        ok: false,
        ...base,
        error: { code: ping.error.code, message: ping.error.message, ...(ping.error.data?.cause ? { cause: ping.error.data.cause } : {}) },
      };
    return { ok: true, ...base, latencyMs };
  } finally {
    input.end();
    await running;
  }
}
