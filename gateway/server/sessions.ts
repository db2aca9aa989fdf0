import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { DirectJsonRequests } from './direct-json-requests';
import { releaseAnsweredJsonStreams } from './json-stream-release';

export interface Session {
  readonly id: string;
  /**
   * Keyed hash of the credential pair that opened it: a session id is not a credential, so neither
   * another account nor the right access id with a wrong secret can use or close it.
   */
  readonly credential: Buffer;
  readonly transport: StreamableHTTPServerTransport;
  /** In JSON response mode, the direct path for single requests (see direct-json-requests.ts). */
  readonly direct?: DirectJsonRequests | undefined;
  readonly server: McpServer;
  lastSeen: number;
}

export interface SessionOptions {
  /** Sessions idle longer than this are closed; their clients get 404 and initialize again. */
  readonly idleMs?: number | undefined;
  /**
   * How POST requests are answered: one JSON body ('json', the default: a call is request/response,
   * and one write per answer is much cheaper over TLS) or an SSE stream per request ('sse').
   */
  readonly responseMode?: 'json' | 'sse' | undefined;
  /** All sessions together; past it new sessions are refused, never another credential's evicted. */
  readonly maxSessions?: number | undefined;
  /** Sessions of one credential pair; its least recently used one makes room for its next. */
  readonly maxSessionsPerCredential?: number | undefined;
}

/** initialize is refused because the gateway holds its maximum of sessions (none of them idle too long). */
export class SessionLimitError extends Error {
  constructor(readonly limit: number) {
    super(`the gateway holds its maximum of ${limit} sessions`);
  }
}

const DEFAULT_IDLE_MS = 30 * 60_000;
const DEFAULT_MAX_SESSIONS = 1_000;
const DEFAULT_MAX_PER_CREDENTIAL = 64;

/**
 * Stateful MCP sessions: one McpServer and transport each, keyed by a random session id and bound to
 * the credential pair that opened them.
 */
export class SessionManager {
  private readonly sessions = new Map<string, Session>();
  /** The same sessions grouped by credential (hex of the keyed hash), for the per-credential cap. */
  private readonly byCredential = new Map<string, Map<string, Session>>();
  /** initialize requests admitted but not yet given an id: they count against the global cap. */
  private pending = 0;
  /** Per-process key, so the digests in memory are no offline oracle for a secret. */
  private readonly hashKey = randomBytes(32);
  /** Compared against when the session id is unknown, so both paths do the same work. */
  private readonly nobody = randomBytes(32);
  private readonly idleMs: number;
  private readonly maxSessions: number;
  private readonly maxPerCredential: number;
  private readonly responseMode: 'json' | 'sse';
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly createServer: () => McpServer,
    options: SessionOptions = {},
  ) {
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.maxPerCredential = options.maxSessionsPerCredential ?? DEFAULT_MAX_PER_CREDENTIAL;
    this.responseMode = options.responseMode ?? 'json';
    this.sweeper = setInterval(() => this.sweep(), Math.min(60_000, this.idleMs)).unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  get idleMinutes(): number {
    return Math.ceil(this.idleMs / 60_000);
  }

  /** The keyed hash sessions are bound to. Access id and secret are printable ASCII, so NUL separates them unambiguously. */
  credentialOf(accessId: string, secretKey: string): Buffer {
    return createHmac('sha256', this.hashKey).update(accessId).update('\0').update(secretKey).digest();
  }

  /** A live session of this credential pair, touched; undefined if unknown, expired or opened by another pair. */
  get(id: string, credential: Buffer): Session | undefined {
    const session = this.sessions.get(id);
    // Equal-length digests compared in constant time; a wrong secret and an unknown id look the same.
    const same = timingSafeEqual(session?.credential ?? this.nobody, credential);
    if (!session || !same) return undefined;
    if (Date.now() - session.lastSeen > this.idleMs) {
      void this.drop(session);
      return undefined;
    }
    session.lastSeen = Date.now();
    return session;
  }

  /**
   * A transport for an initialize request. The session is registered once the SDK has assigned its
   * id; `abandonIfUninitialized` must run after the request (it releases a session that never got one).
   * Throws SessionLimitError when the gateway is full: other credentials' sessions are never evicted.
   */
  async open(credential: Buffer): Promise<{ transport: StreamableHTTPServerTransport; abandonIfUninitialized: () => Promise<void> }> {
    const group = credential.toString('hex');
    const own = this.byCredential.get(group);
    if (own && own.size >= this.maxPerCredential) await this.evictLeastRecent(own);
    if (this.sessions.size + this.pending >= this.maxSessions) this.sweep();
    if (this.sessions.size + this.pending >= this.maxSessions) throw new SessionLimitError(this.maxSessions);
    this.pending++;
    let reserved = true;
    const release = () => {
      if (reserved) this.pending--;
      reserved = false;
    };
    const server = this.createServer();
    let direct: DirectJsonRequests | undefined;
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: this.responseMode === 'json',
      onsessioninitialized: (id) => {
        release();
        this.register({ id, credential, transport, direct, server, lastSeen: Date.now() }, group);
      },
      onsessionclosed: (id) => {
        const session = this.sessions.get(id);
        if (session) void this.drop(session);
      },
    });
    if (this.responseMode === 'json') {
      releaseAnsweredJsonStreams(transport);
      direct = new DirectJsonRequests(transport);
    }
    try {
      await server.connect(transport);
    } catch (error) {
      release();
      throw error;
    }
    return {
      transport,
      abandonIfUninitialized: async () => {
        release();
        if (transport.sessionId === undefined || !this.sessions.has(transport.sessionId)) await server.close().catch(() => undefined);
      },
    };
  }

  private register(session: Session, group: string): void {
    this.sessions.set(session.id, session);
    let own = this.byCredential.get(group);
    if (!own) this.byCredential.set(group, (own = new Map<string, Session>()));
    own.set(session.id, session);
    // Concurrent initializes of one credential can all pass the check in open(); trim to the cap here.
    while (own.size > this.maxPerCredential) {
      const oldest = this.leastRecent(own, session);
      if (!oldest) break;
      this.forget(oldest);
      void oldest.server.close().catch(() => undefined);
    }
  }

  private forget(session: Session): boolean {
    if (this.sessions.get(session.id) !== session) return false;
    this.sessions.delete(session.id);
    const group = session.credential.toString('hex');
    const own = this.byCredential.get(group);
    own?.delete(session.id);
    if (own?.size === 0) this.byCredential.delete(group);
    return true;
  }

  private async drop(session: Session): Promise<void> {
    if (this.forget(session)) await session.server.close().catch(() => undefined);
  }

  private leastRecent(own: Map<string, Session>, except?: Session): Session | undefined {
    let oldest: Session | undefined;
    for (const s of own.values()) if (s !== except && (!oldest || s.lastSeen < oldest.lastSeen)) oldest = s;
    return oldest;
  }

  private async evictLeastRecent(own: Map<string, Session>): Promise<void> {
    const oldest = this.leastRecent(own);
    if (oldest) await this.drop(oldest);
  }

  private sweep(): void {
    const now = Date.now();
    for (const s of this.sessions.values()) if (now - s.lastSeen > this.idleMs) void this.drop(s);
  }

  /** Ends every session now (clients get 404 and re-initialize); returns how many there were. */
  async expireAll(): Promise<number> {
    const all = [...this.sessions.values()];
    await Promise.all(all.map((s) => this.drop(s)));
    return all.length;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await this.expireAll();
  }
}
