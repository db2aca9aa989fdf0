import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { releaseAnsweredJsonStreams } from './json-stream-release';

export interface Session {
  readonly id: string;
  /** The account that opened it: a session id is not a credential, so another account cannot use it. */
  readonly accessId: string;
  readonly transport: StreamableHTTPServerTransport;
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
  readonly maxSessions?: number;
}

const DEFAULT_IDLE_MS = 30 * 60_000;
const DEFAULT_MAX_SESSIONS = 1_000;

/** Stateful MCP sessions: one McpServer and transport each, keyed by a random session id. */
export class SessionManager {
  private readonly sessions = new Map<string, Session>();
  private readonly idleMs: number;
  private readonly maxSessions: number;
  private readonly responseMode: 'json' | 'sse';
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly createServer: () => McpServer,
    options: SessionOptions = {},
  ) {
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.responseMode = options.responseMode ?? 'json';
    this.sweeper = setInterval(() => this.sweep(), Math.min(60_000, this.idleMs)).unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** A live session of this account, touched; undefined if unknown, expired or another account's. */
  get(id: string, accessId: string): Session | undefined {
    const session = this.sessions.get(id);
    if (!session || session.accessId !== accessId) return undefined;
    if (Date.now() - session.lastSeen > this.idleMs) {
      void this.drop(session);
      return undefined;
    }
    session.lastSeen = Date.now();
    return session;
  }

  /**
   * A transport for an initialize request. The session is registered once the SDK has assigned its
   * id; if initialize fails, `abandon` releases it.
   */
  async open(accessId: string): Promise<{ transport: StreamableHTTPServerTransport; abandonIfUninitialized: () => Promise<void> }> {
    if (this.sessions.size >= this.maxSessions) await this.evictOldest();
    const server = this.createServer();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: this.responseMode === 'json',
      onsessioninitialized: (id) => {
        this.sessions.set(id, { id, accessId, transport, server, lastSeen: Date.now() });
      },
      onsessionclosed: (id) => {
        const session = this.sessions.get(id);
        if (session) void this.drop(session);
      },
    });
    if (this.responseMode === 'json') releaseAnsweredJsonStreams(transport);
    await server.connect(transport);
    return {
      transport,
      abandonIfUninitialized: async () => {
        if (transport.sessionId === undefined || !this.sessions.has(transport.sessionId)) await server.close().catch(() => undefined);
      },
    };
  }

  private async drop(session: Session): Promise<void> {
    if (this.sessions.get(session.id) !== session) return;
    this.sessions.delete(session.id);
    await session.server.close().catch(() => undefined);
  }

  private async evictOldest(): Promise<void> {
    let oldest: Session | undefined;
    for (const s of this.sessions.values()) if (!oldest || s.lastSeen < oldest.lastSeen) oldest = s;
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
