import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Dispatch } from '../services/dispatch';
import { readBody } from '../../platform/http/read-body';
import { BINARY_CALL_HEADER, BINARY_CALL_TYPE, fromBinaryCall } from '../../domain/ipc/binary-call';
import { createLaunchLinks, LINK_LIFETIME_MS } from './launch-links';
import { readStatic } from './static-files';
import { SECURITY_HEADERS } from './security-headers';

export interface WebServerOptions {
  rendererDir: string;
  dispatch: Dispatch;
  port?: number;
  /** Largest accepted call body; logos travel as base64, so a few MB are normal. */
  maxBodyBytes?: number;
  /** How long a printed link works (default and most 60 s). */
  linkLifetimeMs?: number;
  /** Clock for the link lifetime, injectable for tests. */
  now?: () => number;
}

export interface WebServer {
  readonly url: string;
  /** The first link to open: it carries a one-time code that opens the app once, within the link lifetime. */
  readonly launchUrl: string;
  /** Another one-time link, for another browser or tab, or after the first one expired. */
  freshLaunchUrl(): string;
  emit(event: string, payload: unknown): void;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

function send(res: ServerResponse, status: number, body: string | Buffer, type: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': type, 'Cache-Control': 'no-store', ...extra });
  res.end(body);
}

/** A page without script, for the browser that opened a used or expired link (from its history, say). */
const USED_LINK_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Gateway Companion: link already used</title>
<h1>This link no longer opens Gateway Companion</h1>
<p>It was already used, or more than a minute has passed since it was printed. Each link opens the app once,
so an address kept in the browser's history opens nothing.</p>
<p>For a fresh link, press Enter in the terminal where Gateway Companion runs, or start it again
(<code>npm start</code> or <code>companion web</code>) and open the link it prints.</p>
</html>`;

/** index.html with the new session for the page to take (the page removes it and keeps it in its tab). */
function withSession(html: string, session: string): string {
  const meta = `<meta name="companion-session" content="${session}">`;
  const head = /<head[^>]*>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + meta + html.slice(head.index + head[0].length);
  const doctype = /^<!doctype html>/i.exec(html);
  return doctype ? doctype[0] + meta + html.slice(doctype[0].length) : meta + html;
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, JSON.stringify(value), 'application/json; charset=utf-8');
}

/**
 * Browser mode: the same renderer and services as Electron, on loopback HTTP. The static renderer is
 * public build output; every API call needs a session token (which only a page that opened a fresh
 * one-time link receives, see launch-links.ts), a matching Host (against DNS rebinding) and, when the
 * browser sends one, our own Origin (against cross-site requests).
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const links = createLaunchLinks({
    lifetimeMs: Math.min(options.linkLifetimeMs ?? LINK_LIFETIME_MS, LINK_LIFETIME_MS),
    ...(options.now ? { now: options.now } : {}),
  });
  const maxBody = options.maxBodyBytes ?? 48 * 1024 * 1024;
  const streams = new Set<ServerResponse>();
  let allowedHosts = new Set<string>();
  let origin = '';

  const authorised = (req: IncomingMessage): boolean => links.authorises(req.headers.authorization);

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
            error: {
              code: 'unauthorised',
              message: 'This page has no session. Open a fresh link: press Enter where Gateway Companion runs, or start it again.',
            },
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

      if (url.pathname === '/login') {
        // Only a GET redeems: a HEAD or a prefetch by another method must not use the link up.
        if (req.method !== 'GET') return send(res, 405, 'Method not allowed', 'text/plain', { Allow: 'GET' });
        const session = links.redeem(url.searchParams.get('code') ?? '');
        const index = session ? await readStatic(options.rendererDir, '/index.html') : undefined;
        if (!session || !index) return send(res, 410, USED_LINK_PAGE, 'text/html; charset=utf-8');
        return send(res, 200, withSession(index.body.toString('utf8'), session), 'text/html; charset=utf-8');
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
    launchUrl: `${origin}/login?code=${links.mint()}`,
    freshLaunchUrl: () => `${origin}/login?code=${links.mint()}`,
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
