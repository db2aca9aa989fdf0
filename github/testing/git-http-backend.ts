/**
 * Real git over HTTP for tests: git's own `git http-backend` (the CGI program GitHub's smart HTTP protocol
 * is a variant of) behind a small Node handler that, like GitHub, demands HTTP Basic auth with a token as
 * the password, answers 404 for repositories that do not exist (yet), and records what arrived. The fake
 * GitHub mounts it on its web origin, so a fork's clone_url is `http://127.0.0.1:PORT/OWNER/REPO.git` as
 * on github.com, and pushed branches show up in the fake's API.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';

export interface GitHttpRequest {
  readonly method: string;
  /** `/owner/repo.git/info/refs`, … */
  readonly path: string;
  readonly service: string | null;
  /** The user name of the Basic credentials (never the password). */
  readonly user: string | null;
  readonly authorized: boolean;
  readonly status: number;
}

export interface GitHttpBackendOptions {
  /** Where the bare repositories live: `<root>/<owner>/<repo>.git`. */
  readonly root: string;
  /** Whether a token (the Basic password) may write to `repo`. */
  readonly accepts: (token: string, repo: string) => boolean;
  /** Whether `owner/repo` exists on the fake GitHub (a fork being made answers 404). */
  readonly exists: (repo: string) => boolean;
  /** Called after a push with the repository's branches as they are now. */
  readonly onPush?: (repo: string, branches: ReadonlyMap<string, string>) => void;
}

const GIT_PATH = /^\/([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+?)\.git(\/(?:info\/refs|git-upload-pack|git-receive-pack|HEAD))$/;

function git(cwd: string, args: readonly string[]): string {
  return execFileSync('git', [...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export class GitHttpBackend {
  readonly requests: GitHttpRequest[] = [];
  private readonly program = join(execFileSync('git', ['--exec-path'], { encoding: 'utf8' }).trim(), 'git-http-backend');

  constructor(private readonly options: GitHttpBackendOptions) {}

  /** The bare repository of `owner/repo` (made empty on first use). */
  repoDir(repo: string): string {
    const dir = join(this.options.root, `${repo}.git`);
    if (!existsSync(dir)) {
      mkdirSync(dir, { recursive: true });
      git(dir, ['init', '--quiet', '--bare']);
      git(dir, ['config', 'http.receivepack', 'true']);
    }
    return dir;
  }

  branches(repo: string): Map<string, string> {
    const out = git(this.repoDir(repo), ['for-each-ref', '--format=%(refname:strip=2) %(objectname)', 'refs/heads']);
    return new Map(
      out
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split(' ') as [string, string]),
    );
  }

  /** Whether this is a git request; answers it when so. */
  matches(pathname: string): boolean {
    return GIT_PATH.test(pathname);
  }

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const match = GIT_PATH.exec(url.pathname)!;
    const repo = `${match[1]}/${match[2]}`;
    const method = req.method ?? 'GET';
    const service = url.searchParams.get('service') ?? (match[3]!.startsWith('/git-') ? match[3]!.slice(1) : null);
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const [user, ...rest] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    const password = rest.join(':');
    const authorized = basic !== undefined && password !== '' && this.options.accepts(password, repo);
    const record = (status: number) => this.requests.push({ method, path: url.pathname, service, user: user ?? null, authorized, status });

    if (!authorized) {
      // GitHub asks for credentials this way, and refuses wrong ones with the same status.
      record(401);
      req.resume();
      res.writeHead(401, { 'www-authenticate': 'Basic realm="GitHub"', 'content-type': 'text/plain' }).end('Invalid username or token.\n');
      return;
    }
    if (!this.options.exists(repo)) {
      record(404);
      req.resume();
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Repository not found.\n');
      return;
    }
    const dir = this.repoDir(repo);
    const status = await this.cgi(req, res, dir, match[3]!, url, user ?? '');
    record(status);
    if (service === 'git-receive-pack' && method === 'POST' && status === 200) this.options.onPush?.(repo, this.branches(repo));
  }

  /** Runs git-http-backend as a CGI program and relays its answer. */
  private cgi(req: IncomingMessage, res: ServerResponse, dir: string, pathInfo: string, url: URL, user: string): Promise<number> {
    return new Promise((resolve) => {
      const child = spawn(this.program, [], {
        env: {
          PATH: process.env.PATH ?? '',
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_PROJECT_ROOT: dir,
          GIT_HTTP_EXPORT_ALL: '1',
          PATH_INFO: pathInfo,
          REQUEST_METHOD: req.method ?? 'GET',
          QUERY_STRING: url.search.slice(1),
          CONTENT_TYPE: req.headers['content-type'] ?? '',
          ...(req.headers['content-length'] ? { CONTENT_LENGTH: String(req.headers['content-length']) } : {}),
          REMOTE_USER: user,
          REMOTE_ADDR: '127.0.0.1',
          ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) } : {}),
          ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      // git-http-backend may answer (an error) before reading the whole request.
      child.stdin.on('error', () => undefined);
      req.pipe(child.stdin);
      const chunks: Buffer[] = [];
      child.stdout.on('data', (c: Buffer) => chunks.push(c));
      child.stderr.resume();
      child.on('close', () => {
        const out = Buffer.concat(chunks);
        let end = out.indexOf('\r\n\r\n');
        let gap = 4;
        if (end < 0) {
          end = out.indexOf('\n\n');
          gap = 2;
        }
        if (end < 0) {
          res.writeHead(500).end();
          return resolve(500);
        }
        const headers: Record<string, string> = {};
        let status = 200;
        for (const line of out.subarray(0, end).toString('latin1').split(/\r?\n/)) {
          const at = line.indexOf(':');
          if (at < 0) continue;
          const name = line.slice(0, at).trim().toLowerCase();
          const value = line.slice(at + 1).trim();
          if (name === 'status') status = Number.parseInt(value, 10) || 500;
          else headers[name] = value;
        }
        res.writeHead(status, headers).end(out.subarray(end + gap));
        resolve(status);
      });
    });
  }
}
