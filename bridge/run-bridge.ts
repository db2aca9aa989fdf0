import { auditLogFile, bridgeLogFile, currentPathContext, type PathContext } from '../platform/credentials/config-paths';
import type { Keychain } from '../platform/credentials/keychain';
import { APP_VERSION } from '../platform/app-version';
import { AuditLog } from './audit-log';
import { runBridgeCore } from './core';
import { createLogger, type Logger } from './logger';
import { connectProfile, credentialsFor, type EmbeddedGatewayStarter, type RateWaitListener } from './profile-target';
import { DEFAULT_MAX_MESSAGE_BYTES } from './limits';
import type { BridgeRecorder } from './recorder';

export { DEFAULT_MAX_MESSAGE_BYTES };

export interface RunBridgeOptions {
  /** Newline-delimited JSON-RPC from the host (process.stdin, or one end of an in-process stream pair). */
  readonly input: NodeJS.ReadableStream;
  /** Protocol only: every line is one JSON-RPC message for the host. */
  readonly output: NodeJS.WritableStream;
  /** Profile name; default: the profiles file's default, else `default` (the embedded reference gateway). */
  readonly profile?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Where config, logs and the reference gateway's data live; default from HOME / XDG_CONFIG_HOME / APPDATA. */
  readonly paths?: PathContext;
  /** Default: the size-capped bridge log file only (plus stderr when `stderr` is given). */
  readonly log?: Logger;
  readonly stderr?: NodeJS.WritableStream;
  readonly debug?: boolean;
  /** Tool-call audit; default: `audit.jsonl` in the log directory. Pass false to keep none. */
  readonly audit?: AuditLog | false;
  readonly timeoutSeconds?: number;
  /** The longest one request may stay in flight, progress or not (`--max-call-time`). */
  readonly maxCallSeconds?: number;
  readonly maxMessageBytes?: number;
  readonly keychain?: Keychain;
  /** Aborting it stops the bridge like SIGTERM: pending requests get an error, the session is deleted. */
  readonly signal?: AbortSignal;
  readonly onShutdown?: (reason: string) => void;
  /** Records the session (`--record`); its owner closes it after the bridge stops. */
  readonly recorder?: BridgeRecorder;
  /** Starts the reference gateway for an `embedded` profile (supplied by the app). */
  readonly embedded?: EmbeddedGatewayStarter;
  /** Told each time a request waits for the profile's rate or out a 429 (the playground shows it). */
  readonly onRateWait?: RateWaitListener;
}

/**
 * Runs the stdio↔Streamable HTTP bridge over any stream pair until the input ends or `signal` aborts.
 * Nothing (no profile read, no keychain, no network) happens before the first message from the host.
 */
export async function runBridge(options: RunBridgeOptions): Promise<void> {
  const env = options.env ?? process.env;
  const paths = options.paths ?? currentPathContext(env);
  const ownLog = !options.log;
  const log =
    options.log ??
    createLogger({
      ...(options.stderr ? { stderr: options.stderr } : {}),
      file: bridgeLogFile(paths),
      debug: options.debug ?? false,
      tag: `bridge[${options.profile ?? 'default'}:${process.pid}]`,
    });
  const audit = options.audit === false ? undefined : (options.audit ?? new AuditLog(auditLogFile(paths)));
  const target = {
    env,
    paths,
    log,
    ...(options.profile !== undefined ? { profile: options.profile } : {}),
    ...(options.keychain ? { keychain: options.keychain } : {}),
    ...(options.embedded ? { embedded: options.embedded } : {}),
    ...(options.onRateWait ? { onRateWait: options.onRateWait } : {}),
    ...(options.timeoutSeconds !== undefined ? { timeoutSeconds: options.timeoutSeconds } : {}),
  };
  let profileName = options.profile;
  let origin: string | undefined;
  try {
    await runBridgeCore({
      input: options.input,
      output: options.output,
      log,
      ...(audit ? { audit } : {}),
      maxMessageBytes: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
      defaultTimeoutMs: (options.timeoutSeconds ?? 60) * 1000,
      ...(options.maxCallSeconds !== undefined ? { maxCallMs: options.maxCallSeconds * 1000 } : {}),
      userAgent: `gateway-companion-bridge/${APP_VERSION}`,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onShutdown ? { onShutdown: options.onShutdown } : {}),
      ...(options.recorder ? { recorder: options.recorder } : {}),
      async connect(host) {
        const t = await connectProfile({ ...target, ...(host !== undefined ? { host } : {}) });
        profileName = t.profile;
        origin = t.url.origin;
        return t;
      },
      // Only ever for the origin the bridge connected to: a profile moved meanwhile gets nothing.
      refreshCredentials: async () => (origin ? credentialsFor(profileName ?? 'default', { ...target, origin }) : undefined),
    });
  } finally {
    if (ownLog) log.close();
  }
}
