// Test double at the network edge: an HTTPS proxy in front of the real reference gateway that injects
// faults into chosen requests and forwards everything else unchanged (SSE streams included).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';

export type ProxyFault =
  | { kind: 'expire' }
  | { kind: 'reset' }
  | { kind: 'delay'; ms: number }
  | { kind: 'respond'; status: number; body: string; contentType: string };

export interface ProxiedRequest {
  readonly method: string;
  readonly httpMethod: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

export interface FaultProxy {
  readonly url: string;
  readonly seen: ProxiedRequest[];
  /** Applies to requests whose JSON-RPC method matches ('*' for every POST); `every` = only each n-th match. */
  fault(method: string, fault: ProxyFault, options?: { times?: number; every?: number }): void;
  clearFaults(): void;
  close(): Promise<void>;
}

export interface FaultProxyOptions {
  /** The gateway's MCP URL. */
  readonly target: string;
  readonly ca: string;
  /** A certificate for 127.0.0.1 that the bridge trusts (the gateway's own server certificate). */
  readonly cert: string;
  readonly key: string;
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const target = new URL(options.target);
  const agent = new https.Agent({ keepAlive: true, ca: options.ca });
  const seen: ProxiedRequest[] = [];
  let rules: Array<{ method: string; fault: ProxyFault; times: number; every: number; count: number }> = [];

  // A failure in the handler stays an unhandled rejection, which fails the test that caused it.
  const server = https.createServer({ cert: options.cert, key: options.key }, (req, res) => void proxy(req, res));
  async function proxy(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    let method = req.method ?? '';
    try {
      const parsed = JSON.parse(body.toString('utf8')) as { method?: string; result?: unknown; error?: unknown };
      method = parsed.method ?? '(response)';
    } catch {
      // GET and DELETE carry no body
    }
    seen.push({ method, httpMethod: req.method ?? '', headers: req.headers, body: body.toString('utf8') });
    const headers = { ...req.headers };
    delete headers.host;
    delete headers.connection;

    const rule = req.method === 'POST' ? rules.find((r) => r.method === '*' || r.method === method) : undefined;
    let fault: ProxyFault | undefined;
    if (rule && ++rule.count % rule.every === 0) {
      fault = rule.fault;
      if (--rule.times <= 0) rules = rules.filter((r) => r !== rule);
    }
    switch (fault?.kind) {
      case 'reset':
        // TLS sockets cannot send a TCP RST themselves: reset the raw connection underneath.
        raw.get(req.socket.remotePort ?? -1)?.resetAndDestroy();
        return;
      case 'respond':
        res.writeHead(fault.status, { 'content-type': fault.contentType }).end(fault.body);
        return;
      case 'delay':
        await new Promise((r) => setTimeout(r, fault.ms));
        if (req.socket.destroyed) return;
        break;
      case 'expire':
        // An id the gateway never issued: it answers 404, exactly as for an expired session.
        if (headers['mcp-session-id']) headers['mcp-session-id'] = `expired-${randomUUID()}`;
        break;
      default:
        break;
    }
    const upstream = https.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers, agent },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => req.socket.destroy());
    res.on('close', () => upstream.destroy());
    upstream.end(body);
  }
  // Raw TCP connections by client port, handed to the TLS server, so a fault can reset them.
  const raw = new Map<number, Socket>();
  const tcp = createTcpServer((socket) => {
    const key = socket.remotePort ?? -1;
    raw.set(key, socket);
    socket.once('close', () => raw.delete(key));
    server.emit('connection', socket);
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  const { port } = tcp.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}${target.pathname}`,
    seen,
    fault(method, fault, opts = {}) {
      rules.push({ method, fault, times: opts.times ?? Number.POSITIVE_INFINITY, every: opts.every ?? 1, count: 0 });
    },
    clearFaults() {
      rules = [];
    },
    async close() {
      for (const socket of raw.values()) socket.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}
