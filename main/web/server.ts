import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Dispatch } from '../services/dispatch';
import { readBody } from '../../platform/http/read-body';
import { BINARY_CALL_HEADER, BINARY_CALL_TYPE, fromBinaryCall } from '../../domain/ipc/binary-call';
import { readStatic } from './static-files';
import { SECURITY_HEADERS } from './security-headers';

export interface WebServerOptions {
  rendererDir: string;
  dispatch: Dispatch;
  port?: number;
  /** Largest accepted call body; logos travel as base64, so a few MB are normal. */
  maxBodyBytes?: number;
}

export interface WebServer {
  readonly url: string;
  /** The URL to open: the per-launch token rides in the fragment, which browsers never send to servers. */
  readonly launchUrl: string;
  emit(event: string, payload: unknown): void;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

function send(res: ServerResponse, status: number, body: string | Buffer, type: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': type, 'Cache-Control': 'no-store', ...extra });
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, JSON.stringify(value), 'application/json; charset=utf-8');
}

/**
 * Browser mode: the same renderer and services as Electron, on loopback HTTP. The static renderer is
 * public build output; every API call needs the per-launch bearer token, a matching Host (against DNS
 * rebinding) and, when the browser sends one, our own Origin (against cross-site requests).
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = randomBytes(32).toString('base64url');
  const tokenBytes = Buffer.from(`Bearer ${token}`);
  const maxBody = options.maxBodyBytes ?? 48 * 1024 * 1024;
  const streams = new Set<ServerResponse>();
  let allowedHosts = new Set<string>();
  let origin = '';

  const authorised = (req: IncomingMessage): boolean => {
    const given = Buffer.from(req.headers.authorization ?? '');
    return given.length === tokenBytes.length && timingSafeEqual(given, tokenBytes);
  };

  const server = createServer((req, res) => {
    void (async () => {
      const hostHeader = req.headers.host ?? '';
      if (!allowedHosts.has(hostHeader)) return send(res, 421, 'Misdirected request', 'text/plain');
      const url = new URL(req.url ?? '/', origin);

      if (url.pathname.startsWith('/api/')) {
        if (req.headers.origin !== undefined && req.headers.origin !== `http://${hostHeader}`) {
          return sendJson(res, 403, { ok: false, error: { code: 'forbidden_origin', message: 'Cross-origin calls are refused.' } });
        }
        if (!authorised(req)) {
          return sendJson(res, 401, {
            ok: false,
            error: { code: 'unauthorised', message: 'Missing or wrong launch token. Open the URL printed at start-up.' },
          });
        }
        if (url.pathname === '/api/invoke' && req.method === 'POST') {
          let call: { channel?: unknown; args?: unknown };
          try {
            // Past the limit the rest is drained unread, so the client reads our 413 instead of a reset.
            const read = await readBody(req, maxBody, { overLimit: 'drain' });
            if (!read.ok)
              return sendJson(res, 413, {
                ok: false,
                error: { code: 'too_large', message: `Request body is larger than ${maxBody} bytes.` },
              });
            const header = req.headers[BINARY_CALL_HEADER.toLowerCase()];
            if (req.headers['content-type'] === BINARY_CALL_TYPE) {
              const binary = typeof header === 'string' ? fromBinaryCall(header, read.bytes) : undefined;
              if (!binary)
                return sendJson(res, 400, {
                  ok: false,
                  error: { code: 'bad_request', message: `A binary call needs a valid ${BINARY_CALL_HEADER} header.` },
                });
              call = binary;
            } else call = JSON.parse(read.bytes.toString('utf8')) as typeof call;
          } catch {
            return sendJson(res, 400, { ok: false, error: { code: 'bad_request', message: 'The request body is not valid JSON.' } });
          }
          return sendJson(res, 200, await options.dispatch(call?.channel, call?.args));
        }
        if (url.pathname === '/api/events' && req.method === 'GET') {
          res.writeHead(200, {
            ...SECURITY_HEADERS,
            'Content-Type': 'text/event-stream',
            'Cache-Control': 'no-store',
            Connection: 'keep-alive',
          });
          res.write(': connected\n\n');
          streams.add(res);
          req.on('close', () => streams.delete(res));
          return;
        }
        return sendJson(res, 404, { ok: false, error: { code: 'not_found', message: 'Unknown API route.' } });
      }

      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed', 'text/plain');
      const file = await readStatic(options.rendererDir, url.pathname);
      if (!file) return send(res, 404, 'Not found', 'text/plain');
      send(
        res,
        200,
        req.method === 'HEAD' ? '' : file.body,
        file.type,
        file.immutable ? { 'Cache-Control': 'public, max-age=31536000, immutable' } : {},
      );
    })().catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: { code: 'internal', message: String(error) } });
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  allowedHosts = new Set([`${HOST}:${port}`, `localhost:${port}`]);
  origin = `http://${HOST}:${port}`;
  const heartbeat = setInterval(() => {
    for (const s of streams) s.write(': ping\n\n');
  }, 15_000);
  heartbeat.unref();

  return {
    url: origin,
    launchUrl: `${origin}/#token=${token}`,
    emit(event, payload) {
      const frame = `data: ${JSON.stringify({ event, payload })}\n\n`;
      for (const s of streams) s.write(frame);
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(heartbeat);
        for (const s of streams) s.end();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
