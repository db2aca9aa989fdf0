import type { CredentialHeaderNames } from '../domain/profile-gateway';
import type { Credentials } from '../platform/credentials/keychain';
import type { AuditLog } from './audit-log';
import type { HttpClient } from './http-client';
import type { Logger } from './logger';
import type { BridgeRecorder } from './recorder';
import type { Pacer } from './pacer';

/** Where the bridge forwards to, resolved on the host's first message. */
export interface UpstreamTarget {
  readonly profile: string;
  readonly url: URL;
  readonly http: HttpClient;
  readonly credentials: Credentials;
  readonly timeoutMs: number;
  /** The headers the gateway reads the credentials from (the profile's). */
  readonly headerNames?: CredentialHeaderNames;
  /** Paces requests to the profile's rate. */
  readonly pacer?: Pacer;
  /** Told when a 429 is waited out as its Retry-After asks, before the one retry. */
  readonly onRetryAfter?: (waitMs: number) => void;
  /** Releases what connecting acquired (the connection pool, an embedded gateway). */
  close(): Promise<void>;
  /** On connection refused: try to bring the gateway back (restart an embedded one); true means retry. */
  recover?(): Promise<boolean>;
}

export interface BridgeCoreOptions {
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
  /**
   * Resolves the target lazily, so nothing happens before the host speaks. Throws a BridgeError (missing
   * credentials, say), which answers the message that triggered it; the next message tries again.
   * `host` is the assistant's name from its initialize (clientInfo), when it sent one first.
   */
  connect(host?: string): Promise<UpstreamTarget>;
  /** Re-reads the credentials after a 401/403, in case the user stored new ones while the bridge ran. */
  refreshCredentials?(): Promise<Credentials | undefined>;
  readonly log: Logger;
  readonly audit?: AuditLog;
  readonly maxMessageBytes: number;
  /** Used until the target (whose profile may set its own) is known. */
  readonly defaultTimeoutMs: number;
  /** The longest a request may stay in flight even while the gateway shows progress; default 10 minutes. */
  readonly maxCallMs?: number;
  readonly userAgent: string;
  /** Stops the bridge like SIGTERM does. */
  readonly signal?: AbortSignal;
  /** After the input ends, how long in-flight requests may still finish (keeps exit under 1 s). */
  readonly drainMs?: number;
  /** Records every message of the session, both ways (`--record`). */
  readonly recorder?: BridgeRecorder;
  /** Called once when shutdown begins (end of input, signal or output failure). */
  readonly onShutdown?: (reason: string) => void;
}
