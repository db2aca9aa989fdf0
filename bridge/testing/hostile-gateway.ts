// A scripted gateway on loopback (plain http) that tries to make the bridge misbehave: reconnect storms,
// endless progress, notification floods. Used by bridge/hostile-gateway.test.ts and `npm run bench:bridge`.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

type Json = Record<string, unknown>;

/** What the scripted gateway does with a GET event stream and with each POSTed request (initialize aside). */
export interface HostileScript {
  get?: (res: http.ServerResponse, req: http.IncomingMessage) => void;
  request?: (message: Json, res: http.ServerResponse) => void;
}

export interface HostileGateway {
  readonly url: string;
  readonly gets: () => number;
  /** Every JSON-RPC message POSTed to it. */
  readonly posted: Json[];
  close(): Promise<void>;
}

/** Starts the gateway: it answers initialize with a 2025-11-25 session and everything else as the script says. */
export async function startHostileGateway(script: HostileScript): Promise<HostileGateway> {
  let gets = 0;
  const posted: Json[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    if (req.method === 'GET') {
      gets++;
      if (script.get) script.get(res, req);
      else res.writeHead(405).end();
      return;
    }
    if (req.method === 'DELETE') {
      res.writeHead(200).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
      posted.push(message);
      if (message.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      if (message.method === 'initialize') {
        res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'hostile-session' });
        res.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: message.id,
            result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'hostile', version: '1' } },
          }),
        );
        return;
      }
      if (script.request) script.request(message, res);
      else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: {} }));
      }
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    gets: () => gets,
    posted,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What one flood has sent so far. */
export interface FloodCount {
  bytes: number;
  events: number;
  /** Times a write was refused (the socket full) and the flood waited for 'drain'. */
  blocked: number;
}

/**
 * Opens `res` as an event stream and writes the events `next` makes as fast as the socket takes them,
 * waiting for 'drain' like any well-behaved server would, until `next` returns undefined or the stream closes.
 */
export function floodEvents(res: http.ServerResponse, next: (sent: FloodCount) => string | undefined): FloodCount {
  const count: FloodCount = { bytes: 0, events: 0, blocked: 0 };
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const pump = (): void => {
    while (!res.destroyed) {
      const event = next(count);
      if (event === undefined) {
        res.end();
        return;
      }
      count.events++;
      count.bytes += event.length;
      if (!res.write(event)) {
        count.blocked++;
        res.once('drain', pump);
        return;
      }
    }
  };
  pump();
  return count;
}

/** One `notifications/message` event whose data is `payloadBytes` of text (60 KB in the flood tests). */
export function logEvent(payloadBytes: number): string {
  const payload = 'x'.repeat(payloadBytes);
  return `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: payload } })}\n\n`;
}
