import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from '../../platform/http/read-body';
import { Dataset, type DatasetOptions } from '../dataset/dataset';
import { DatasetError } from '../dataset/errors';
import { StepStore } from '../dataset/swap/step-store';
import { RequestVerifier } from '../signing/verifier';
import { AccountStore } from './accounts';
import { DEMO_RATE_LIMIT, RateLimiter, type RateLimit } from './rate-limit';
import { ROUTES, type Route, type RouteContext } from './routes';

/** Options left undefined take their defaults (the gateway and the CLI forward theirs as given). */
export interface UpstreamOptions {
  readonly dataDir: string;
  readonly host?: string | undefined;
  readonly port?: number | undefined;
  readonly rateLimit?: RateLimit | undefined;
  /** Honour `slow:<ms>` search queries (a test-only delay). */
  readonly testHooks?: boolean | undefined;
  readonly dataset?: DatasetOptions;
}

export interface RunningUpstream {
  /** Base URL, e.g. http://127.0.0.1:PORT */
  readonly url: string;
  readonly port: number;
  readonly accounts: AccountStore;
  /** Stops listening and drops every open connection at once (in-flight calls fail). */
  stop(): Promise<void>;
  /** Listens again on the same port after stop(). */
  start(): Promise<void>;
  readonly running: boolean;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;
const STATUS: Record<DatasetError['kind'], number> = { invalid: 400, not_found: 404, expired: 410 };

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

const error = (res: ServerResponse, status: number, code: string, message: string, headers?: Record<string, string>, extra: object = {}) =>
  send(res, status, { code, message, ...extra }, headers);

async function readJson(
  req: IncomingMessage,
): Promise<{ ok: true; value: unknown } | { ok: false; status: number; code: string; message: string }> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES)
    return { ok: false, status: 413, code: 'body_too_large', message: `The body is larger than ${MAX_BODY_BYTES} bytes.` };
  const read = await readBody(req, MAX_BODY_BYTES);
  if (!read.ok) return { ok: false, status: 413, code: 'body_too_large', message: `The body is larger than ${MAX_BODY_BYTES} bytes.` };
  const text = read.bytes.toString('utf8');
  if (text.trim() === '') return { ok: false, status: 400, code: 'invalid_body', message: 'This endpoint needs a JSON body.' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, status: 400, code: 'invalid_json', message: 'The body is not valid JSON.' };
  }
}

function match(method: string, path: string): { route: Route; params: string[] } | { allowed: string[] } | undefined {
  const allowed: string[] = [];
  for (const route of ROUTES) {
    const m = route.pattern.exec(path);
    if (!m) continue;
    if (route.method === method) return { route, params: m.slice(1) };
    allowed.push(route.method);
  }
  return allowed.length > 0 ? { allowed } : undefined;
}

/**
 * The reference upstream: the REST API the gateway signs its calls to. Every request must carry a
 * valid HMAC signature of a registered account; each account is rate limited; the answers come
 * from the offline dataset.
 *
 * Longer than ~80 lines because it is a factory whose request pipeline (`handle`: route, signature, rate
 * limit, scope, body, answer, in the order the checks must run) and start/stop close over the stores it
 * opens; each check itself lives in its own module (verifier, rate limiter, routes).
 */
export async function startUpstream(options: UpstreamOptions): Promise<RunningUpstream> {
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const accounts = await AccountStore.open(options.dataDir);
  const ds = new Dataset(options.dataset);
  const steps = new StepStore();
  const verifier = new RequestVerifier({ secretFor: (id) => accounts.get(id)?.secretKey });
  const limiter = new RateLimiter(options.rateLimit ?? DEMO_RATE_LIMIT);
  const testHooks = options.testHooks ?? false;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = req.url ?? '/';
    let url: URL;
    try {
      url = new URL(target, 'http://upstream.invalid');
    } catch {
      return error(res, 400, 'invalid_url', 'The request URL cannot be parsed.');
    }
    const method = req.method ?? 'GET';
    const found = match(method, url.pathname);
    if (!found) return error(res, 404, 'not_found', `No endpoint ${method} ${url.pathname.slice(0, 100)}.`);
    if ('allowed' in found)
      return error(res, 405, 'method_not_allowed', `${url.pathname} takes ${found.allowed.join(', ')}, not ${method}.`, {
        allow: found.allowed.join(', '),
      });

    const verified = verifier.verify({ method, target, headers: req.headers });
    if (!verified.ok) return error(res, verified.status, verified.code, verified.message);
    const account = accounts.get(verified.accessId);
    if (!account) return error(res, 403, 'invalid_credentials', 'The access id is not registered with this service.');
    const admission = limiter.take(account.accessId);
    if (!admission.ok) {
      const s = admission.retryAfterSeconds;
      return error(
        res,
        429,
        'rate_limited',
        `Rate limit exceeded for this account; retry after ${s} s.`,
        { 'retry-after': String(s) },
        { retryAfter: s },
      );
    }
    if (found.route.scope && !account.scopes.includes(found.route.scope)) {
      return error(res, 403, 'forbidden', `This account has no access to ${found.route.scope} routing; market data and search still work.`);
    }
    let body: unknown;
    if (method === 'POST') {
      const read = await readJson(req);
      if (!read.ok) return error(res, read.status, read.code, read.message);
      body = read.value;
    }
    // The signal is made only for a route that asks (the test delay): an AbortSignal costs more to
    // build than most answers. Only a client that leaves before the answer is written aborts it.
    let abort: AbortController | undefined;
    let gone = false;
    res.on('close', () => {
      if (res.writableFinished) return;
      gone = true;
      abort?.abort();
    });
    const signal = () => {
      if (!abort) {
        abort = new AbortController();
        if (gone) abort.abort();
      }
      return abort.signal;
    };
    let params: string[];
    try {
      params = found.params.map((p) => decodeURIComponent(p));
    } catch {
      return error(res, 400, 'invalid_url', 'A path segment is not valid percent-encoding.');
    }
    try {
      const ctx: RouteContext = {
        ds,
        steps,
        url,
        params,
        body,
        account,
        testHooks,
        get signal() {
          return signal();
        },
      };
      send(res, 200, await found.route.handle(ctx));
    } catch (caught) {
      if (caught instanceof DatasetError) return error(res, STATUS[caught.kind], caught.code, caught.message);
      process.stderr.write(`reference upstream: ${method} ${url.pathname} failed: ${(caught as Error).stack ?? String(caught)}\n`);
      return error(res, 500, 'internal_error', 'The service failed to answer this request.');
    }
  }

  let server: Server | undefined;
  let port = options.port ?? 0;
  const host = options.host ?? '127.0.0.1';

  async function start(): Promise<void> {
    if (server) return;
    const s = createServer((req, res) => {
      handle(req, res).catch((e: unknown) => {
        process.stderr.write(`reference upstream: ${String(e)}\n`);
        if (!res.headersSent) error(res, 500, 'internal_error', 'The service failed to answer this request.');
        else res.destroy();
      });
    });
    s.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, host, () => {
        s.off('error', reject);
        resolve();
      });
    });
    port = (s.address() as AddressInfo).port;
    server = s;
  }

  async function stop(): Promise<void> {
    const s = server;
    if (!s) return;
    server = undefined;
    const closed = new Promise<void>((resolve) => s.close(() => resolve()));
    s.closeAllConnections();
    await closed;
  }

  await start();
  const displayHost = host.includes(':') ? `[${host}]` : host;
  return {
    get url() {
      return `http://${displayHost}:${port}`;
    },
    get port() {
      return port;
    },
    accounts,
    stop,
    start,
    get running() {
      return server !== undefined;
    },
    close: stop,
  };
}
